package io.ascan.exec.window;

import io.ascan.codegen.rt.Compare;
import io.ascan.codegen.rt.Mem;
import io.ascan.codegen.rt.SqlException;
import io.ascan.codegen.rt.Strings;
import io.ascan.plan.WindowNode.Function;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;

/**
 * Functions over each row's frame: FIRST_VALUE, LAST_VALUE, NTH_VALUE (a copy of one row's value),
 * COUNT and exact SUM (prefix counts and 128-bit prefix sums: O(1) per row, exact whatever the
 * frame), DOUBLE SUM, MIN and MAX ({@link SegmentTree}). An aggregate over a frame without
 * non-NULL values is NULL (COUNT: 0).
 */
final class FramedAggregates {
    private static final long MAX_DECIMAL = 999_999_999_999_999_999L;

    private FramedAggregates() {}

    static void evaluate(Function fn, Partition p, FrameBounds frame, Slot arg, Slot out) {
        long[] rows = p.rows;
        int base = p.from;
        switch (fn.kind()) {
            case FIRST_VALUE, LAST_VALUE, NTH_VALUE -> {
                for (int i = p.from; i < p.to; i++) {
                    int s = frame.start[i - base], e = frame.end[i - base];
                    long at = switch (fn.kind()) {
                        case FIRST_VALUE -> s;
                        case LAST_VALUE -> e - 1L;
                        default -> s + fn.n() - 1;
                    };
                    if (s < e && at >= s && at < e) out.copy(arg, rows[(int) at], rows[i]);
                    else out.setNull(rows[i]);
                }
            }
            case COUNT -> {
                int[] counts = arg == null ? null : counts(p, arg);
                for (int i = p.from; i < p.to; i++) {
                    int s = frame.start[i - base] - base, e = frame.end[i - base] - base;
                    out.put(rows[i], arg == null ? e - s : counts[e] - counts[s]);
                }
            }
            case SUM -> sum(fn, p, frame, arg, out);
            case MIN, MAX -> best(fn, p, frame, arg, out);
            default -> throw new IllegalArgumentException(fn.kind() + " is not a framed function");
        }
    }

    /** counts[i]: non-NULL values among the partition's first i rows. */
    private static int[] counts(Partition p, Slot arg) {
        int[] c = new int[p.size() + 1];
        for (int i = 0; i < p.size(); i++) c[i + 1] = c[i] + (arg.isNull(p.rows[p.from + i]) ? 0 : 1);
        return c;
    }

    private static void sum(Function fn, Partition p, FrameBounds frame, Slot arg, Slot out) {
        long[] rows = p.rows;
        int n = p.size(), base = p.from;
        int[] counts = counts(p, arg);
        if (fn.type().kind() == TypeKind.DOUBLE) {
            double[] values = new double[n];
            for (int i = 0; i < n; i++) values[i] = arg.isNull(rows[base + i]) ? 0.0 : Double.longBitsToDouble(arg.get(rows[base + i]));
            SegmentTree.Sum tree = new SegmentTree.Sum(values);
            for (int i = 0; i < n; i++) {
                int s = frame.start[i] - base, e = frame.end[i] - base;
                if (counts[e] == counts[s]) out.setNull(rows[base + i]);
                else out.putDouble(rows[base + i], tree.query(s, e));
            }
            return;
        }
        // exact types: prefix sums in 128 bits (hi, lo), so a frame's sum is exact and its overflow certain
        long[] hi = new long[n + 1], lo = new long[n + 1];
        for (int i = 0; i < n; i++) {
            long v = arg.isNull(rows[base + i]) ? 0 : arg.get(rows[base + i]);
            long l = lo[i] + v;
            hi[i + 1] = hi[i] + (v >> 63) + (Long.compareUnsigned(l, lo[i]) < 0 ? 1 : 0);
            lo[i + 1] = l;
        }
        long limit = fn.type().kind() == TypeKind.DECIMAL ? MAX_DECIMAL : Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int s = frame.start[i] - base, e = frame.end[i] - base;
            long row = rows[base + i];
            if (counts[e] == counts[s]) {
                out.setNull(row);
                continue;
            }
            long l = lo[e] - lo[s];
            long h = hi[e] - hi[s] - (Long.compareUnsigned(lo[e], lo[s]) < 0 ? 1 : 0);
            if (h != (l >> 63) || l > limit || l < -limit) throw SqlException.overflow("SUM");
            out.put(row, l);
        }
    }

    private static void best(Function fn, Partition p, FrameBounds frame, Slot arg, Slot out) {
        long[] rows = p.rows;
        int n = p.size(), base = p.from;
        DataType t = fn.type();
        int sign = fn.kind() == io.ascan.plan.WindowNode.Kind.MIN ? 1 : -1;
        SegmentTree.Best.Order order = switch (t.kind()) {
            case DOUBLE -> (a, b) -> sign * Compare.doubles(Double.longBitsToDouble(arg.get(rows[base + a])),
                    Double.longBitsToDouble(arg.get(rows[base + b])));
            case VARCHAR -> (a, b) -> {
                long x = arg.get(rows[base + a]), y = arg.get(rows[base + b]);
                return sign * Strings.compare(x + 4, Mem.getInt(x), y + 4, Mem.getInt(y));
            };
            default -> (a, b) -> sign * Long.compare(arg.get(rows[base + a]), arg.get(rows[base + b]));
        };
        SegmentTree.Best tree = new SegmentTree.Best(n, i -> !arg.isNull(rows[base + i]), order);
        for (int i = 0; i < n; i++) {
            int at = tree.query(frame.start[i] - base, frame.end[i] - base);
            if (at < 0) out.setNull(rows[base + i]);
            else out.copy(arg, rows[base + at], rows[base + i]);
        }
    }
}
