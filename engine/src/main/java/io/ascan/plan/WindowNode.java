package io.ascan.plan;

import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.List;

/**
 * Window functions over one partitioning and ordering: the output is the input's columns, then one
 * column per function. Each function has its own frame; functions of other partitionings or
 * orderings are another WindowNode above or below this one.
 */
public record WindowNode(PhysicalNode input, int[] partitionKeys, List<SortNode.Key> orderKeys, List<Function> functions)
        implements PhysicalNode {
    public enum Kind {
        ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST, NTILE, LAG, LEAD, FIRST_VALUE, LAST_VALUE, NTH_VALUE,
        COUNT, SUM, MIN, MAX,
        /** Holistic aggregates over the whole partition (the planner's form of STRING_AGG, MEDIAN, PERCENTILE_*, MODE in GROUP BY). */
        STRING_AGG, PERCENTILE_CONT, PERCENTILE_DISC, MODE
    }

    /** Where a frame starts or ends: {@code offset} rows (ROWS) or order-key units (RANGE) from the current row. */
    public enum BoundKind { UNBOUNDED_PRECEDING, PRECEDING, CURRENT_ROW, FOLLOWING, UNBOUNDED_FOLLOWING }

    /**
     * @param offset for PRECEDING and FOLLOWING: rows (ROWS) or, for RANGE, the distance in the
     *               order key's representation (a DECIMAL's unscaled value, a DOUBLE's bits)
     */
    public record Bound(BoundKind kind, long offset) {
        public static final Bound UNBOUNDED_PRECEDING = new Bound(BoundKind.UNBOUNDED_PRECEDING, 0);
        public static final Bound CURRENT_ROW = new Bound(BoundKind.CURRENT_ROW, 0);
        public static final Bound UNBOUNDED_FOLLOWING = new Bound(BoundKind.UNBOUNDED_FOLLOWING, 0);

        @Override
        public String toString() {
            return switch (kind) {
                case UNBOUNDED_PRECEDING -> "UNBOUNDED PRECEDING";
                case CURRENT_ROW -> "CURRENT ROW";
                case UNBOUNDED_FOLLOWING -> "UNBOUNDED FOLLOWING";
                case PRECEDING -> offset + " PRECEDING";
                case FOLLOWING -> offset + " FOLLOWING";
            };
        }
    }

    /** ROWS or RANGE frame; RANGE with an offset needs exactly one numeric order key. */
    public record Frame(boolean rows, Bound lower, Bound upper) {
        public static final Frame WHOLE_PARTITION = new Frame(true, Bound.UNBOUNDED_PRECEDING, Bound.UNBOUNDED_FOLLOWING);

        @Override
        public String toString() {
            return (rows ? "ROWS" : "RANGE") + " BETWEEN " + lower + " AND " + upper;
        }
    }

    /**
     * @param arg   the argument column, or -1 (COUNT(*), ranking functions)
     * @param n     NTILE's bucket count, LAG's and LEAD's offset, NTH_VALUE's position; PERCENTILE_CONT's and
     *              PERCENTILE_DISC's fraction as {@link Double#doubleToRawLongBits}
     * @param defaultArg LAG's and LEAD's default column (of the function's type), or -1 for NULL; STRING_AGG's
     *              separator column (VARCHAR)
     */
    public record Function(Kind kind, int arg, long n, int defaultArg, Frame frame, DataType type, String name) {
        @Override
        public String toString() {
            String args = switch (kind) {
                case ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST -> "";
                case NTILE -> Long.toString(n);
                case LAG, LEAD -> "$" + arg + ", " + n + (defaultArg >= 0 ? ", $" + defaultArg : "");
                case NTH_VALUE -> "$" + arg + ", " + n;
                case STRING_AGG -> "$" + arg + ", $" + defaultArg;
                case PERCENTILE_CONT, PERCENTILE_DISC -> Double.longBitsToDouble(n) + ", $" + arg;
                default -> arg < 0 ? "*" : "$" + arg;
            };
            return kind + "(" + args + ")" + (usesFrame() ? " " + frame : "");
        }

        /** Whether the frame matters (ranking and offset functions ignore it). */
        public boolean usesFrame() {
            return switch (kind) {
                case FIRST_VALUE, LAST_VALUE, NTH_VALUE, COUNT, SUM, MIN, MAX -> true;
                default -> false;
            };
        }
    }

    public WindowNode {
        partitionKeys = partitionKeys.clone();
        orderKeys = List.copyOf(orderKeys);
        functions = List.copyOf(functions);
    }

    @Override
    public List<OutputColumn> output() {
        List<OutputColumn> out = new ArrayList<>(input.output());
        for (Function f : functions) out.add(new OutputColumn(f.name(), f.type()));
        return out;
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(input);
    }
}
