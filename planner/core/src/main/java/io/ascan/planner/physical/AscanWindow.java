package io.ascan.planner.physical;

import io.ascan.codegen.rt.SqlException;
import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.plan.OutputColumn;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ProjectNode;
import io.ascan.plan.SortNode;
import io.ascan.plan.WindowNode;
import io.ascan.planner.rules.HolisticAggregates;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexWindowBound;
import org.apache.calcite.rex.RexWindowExclusion;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Window functions: Calcite's groups (one per distinct window) become a chain of
 * {@link WindowNode}s, adjacent groups of the same partitioning and ordering sharing one (their
 * frames may differ). Constant arguments that must be columns (a LAG default, SUM(1)) are
 * appended to the input by a projection, and dropped again above the windows; $SUM0 becomes SUM
 * with NULL as zero there too. {@link PhysicalSupport} has rejected what the engine lacks.
 */
public final class AscanWindow extends Window implements AscanRel {
    public AscanWindow(RelOptCluster cluster, RelTraitSet traits, RelNode input, List<RexLiteral> constants,
                       RelDataType rowType, List<Group> groups) {
        super(cluster, traits, input, constants, rowType, groups);
    }

    @Override
    public AscanWindow copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new AscanWindow(getCluster(), traitSet, inputs.getFirst(), constants, getRowType(), groups);
    }

    @Override
    public Window copy(List<RexLiteral> constants) {
        return new AscanWindow(getCluster(), getTraitSet(), getInput(), constants, getRowType(), groups);
    }

    @Override
    public PhysicalNode implement(PhysicalTranslator t) {
        PhysicalNode input = t.translate(getInput());
        int width = getInput().getRowType().getFieldCount();
        Columns extra = new Columns(t, width);
        List<String> names = getRowType().getFieldNames();
        List<List<WindowNode.Function>> perGroup = new ArrayList<>();
        List<Marker> finish = new ArrayList<>();
        boolean needsFinish = false;
        int out = width;
        for (Group g : groups) {
            List<WindowNode.Function> fns = new ArrayList<>();
            for (RexWinAggCall c : g.aggCalls) {
                DataType type = t.type(c.getType(), c.toString());
                WindowNode.Function f = function(c, g, type, names.get(out), extra);
                fns.add(f);
                boolean sum0 = c.getOperator().getKind() == SqlKind.SUM0;
                finish.add(new Marker(sum0, type));
                needsFinish |= sum0;
                out++;
            }
            perGroup.add(fns);
        }
        PhysicalNode node = input;
        if (!extra.exprs.isEmpty()) {
            List<Expr> exprs = new ArrayList<>();
            List<String> inNames = new ArrayList<>();
            List<OutputColumn> cols = input.output();
            for (int i = 0; i < width; i++) {
                exprs.add(new ColumnRef(i, cols.get(i).type()));
                inNames.add(cols.get(i).name());
            }
            for (int i = 0; i < extra.exprs.size(); i++) {
                exprs.add(extra.exprs.get(i));
                inNames.add("$window_arg" + i);
            }
            node = new ProjectNode(input, exprs, inNames);
            needsFinish = true;
        }
        for (int i = 0; i < groups.size(); ) {
            Group g = groups.get(i);
            List<WindowNode.Function> fns = new ArrayList<>(perGroup.get(i));
            int j = i + 1;
            while (j < groups.size() && groups.get(j).keys.equals(g.keys) && groups.get(j).orderKeys.equals(g.orderKeys)) {
                fns.addAll(perGroup.get(j++));
            }
            node = new WindowNode(node, g.keys.toArray(), orderKeys(g), fns);
            i = j;
        }
        if (!needsFinish) return node;
        List<Expr> exprs = new ArrayList<>();
        List<OutputColumn> cols = node.output();
        for (int i = 0; i < width; i++) exprs.add(new ColumnRef(i, cols.get(i).type()));
        int at = width + extra.exprs.size();
        for (Marker m : finish) {
            ColumnRef r = new ColumnRef(at++, m.type());
            exprs.add(m.sum0() ? Call.of(Operator.COALESCE, m.type(), r, zero(m.type())) : r);
        }
        return new ProjectNode(node, exprs, names);
    }

    /** A window result's finishing: $SUM0 is SUM with NULL as zero. */
    private record Marker(boolean sum0, DataType type) {}

    private static Literal zero(DataType type) {
        return switch (type.kind()) {
            case INTEGER -> new Literal(0, type);
            case DOUBLE -> new Literal(0.0, type);
            default -> new Literal(0L, type);
        };
    }

    /** Window constants and expressions appended to the input as columns. */
    private final class Columns {
        final PhysicalTranslator t;
        final int width;
        final List<Expr> exprs = new ArrayList<>();

        Columns(PhysicalTranslator t, int width) {
            this.t = t;
            this.width = width;
        }

        /** Operand {@code n} of a window call as a column of the window's input, of type {@code type} (null: its own). */
        int column(RexNode n, RelDataType type) {
            RexBuilder rb = getCluster().getRexBuilder();
            RexNode e = resolve(n);
            if (e instanceof RexInputRef r && (type == null || SqlTypeUtil.equalSansNullability(r.getType(), type))) return r.getIndex();
            if (type != null && !e.getType().equals(type)) e = rb.makeCast(type, e, true, false);
            exprs.add(t.expr(e));
            return width + exprs.size() - 1;
        }
    }

    /** A window operand: an input column, or a constant of the window's list resolved to its literal. */
    private RexNode resolve(RexNode n) {
        int width = getInput().getRowType().getFieldCount();
        if (n instanceof RexInputRef r && r.getIndex() >= width) return constants.get(r.getIndex() - width);
        if (n instanceof RexInputRef r) return RexInputRef.of(r.getIndex(), getInput().getRowType());
        return n;
    }

    private long constant(RexNode n, String what) {
        if (resolve(n) instanceof RexLiteral lit && lit.getValueAs(BigDecimal.class) instanceof BigDecimal v) {
            try {
                return v.longValueExact();
            } catch (ArithmeticException e) {
                throw new UnsupportedPlanException(what + " must be an integer constant, not " + v);
            }
        }
        throw new UnsupportedPlanException(what + " must be a constant, not " + n);
    }

    private WindowNode.Function function(RexWinAggCall c, Group g, DataType type, String name, Columns extra) {
        List<RexNode> ops = c.getOperands();
        WindowNode.Frame frame = frame(g);
        SqlKind kind = c.getOperator().getKind();
        if (c.getOperator() == HolisticAggregates.WINDOW_STRING_AGG) {
            return fn(WindowNode.Kind.STRING_AGG, extra.column(ops.getFirst(), null), 0, extra.column(ops.get(1), null), frame, type, name);
        }
        if (c.getOperator() == HolisticAggregates.WINDOW_MODE) {
            return fn(WindowNode.Kind.MODE, extra.column(ops.getFirst(), null), 0, -1, frame, type, name);
        }
        if (c.getOperator() == HolisticAggregates.WINDOW_PERCENTILE_CONT || c.getOperator() == HolisticAggregates.WINDOW_PERCENTILE_DISC) {
            double fraction = ((RexLiteral) resolve(ops.get(1))).getValueAs(Double.class);
            return fn(c.getOperator() == HolisticAggregates.WINDOW_PERCENTILE_CONT ? WindowNode.Kind.PERCENTILE_CONT
                    : WindowNode.Kind.PERCENTILE_DISC, extra.column(ops.getFirst(), null), Double.doubleToRawLongBits(fraction), -1,
                    frame, type, name);
        }
        return switch (kind) {
            case ROW_NUMBER -> fn(WindowNode.Kind.ROW_NUMBER, -1, 0, -1, frame, type, name);
            case RANK -> fn(WindowNode.Kind.RANK, -1, 0, -1, frame, type, name);
            case DENSE_RANK -> fn(WindowNode.Kind.DENSE_RANK, -1, 0, -1, frame, type, name);
            case PERCENT_RANK -> fn(WindowNode.Kind.PERCENT_RANK, -1, 0, -1, frame, type, name);
            case CUME_DIST -> fn(WindowNode.Kind.CUME_DIST, -1, 0, -1, frame, type, name);
            case NTILE -> {
                long buckets = constant(ops.getFirst(), "NTILE's argument");
                if (buckets <= 0) throw new SqlException(SqlException.DATA_EXCEPTION, "NTILE's argument must be greater than zero, not " + buckets);
                yield fn(WindowNode.Kind.NTILE, -1, buckets, -1, frame, type, name);
            }
            case LAG, LEAD -> {
                long offset = ops.size() > 1 ? constant(ops.get(1), kind + "'s offset") : 1;
                int arg = extra.column(ops.getFirst(), c.getType());
                int dflt = ops.size() > 2 && !(resolve(ops.get(2)) instanceof RexLiteral l && l.isNull())
                        ? extra.column(ops.get(2), c.getType()) : -1;
                yield fn(kind == SqlKind.LAG ? WindowNode.Kind.LAG : WindowNode.Kind.LEAD, arg, offset, dflt, frame, type, name);
            }
            case FIRST_VALUE, LAST_VALUE -> fn(kind == SqlKind.FIRST_VALUE ? WindowNode.Kind.FIRST_VALUE : WindowNode.Kind.LAST_VALUE,
                    extra.column(ops.getFirst(), c.getType()), 0, -1, frame, type, name);
            case NTH_VALUE -> {
                long nth = constant(ops.get(1), "NTH_VALUE's position");
                if (nth <= 0) throw new SqlException(SqlException.DATA_EXCEPTION, "NTH_VALUE's position must be greater than zero, not " + nth);
                yield fn(WindowNode.Kind.NTH_VALUE, extra.column(ops.getFirst(), c.getType()), nth, -1, frame, type, name);
            }
            case COUNT -> fn(WindowNode.Kind.COUNT, ops.isEmpty() ? -1 : extra.column(ops.getFirst(), null), 0, -1, frame, type, name);
            // the argument as the result's type (an INTEGER summed as BIGINT): the engine adds slots of that type
            case SUM, SUM0 -> fn(WindowNode.Kind.SUM, extra.column(ops.getFirst(), nullable(c.getType())), 0, -1, frame, type, name);
            case MIN, MAX -> fn(kind == SqlKind.MIN ? WindowNode.Kind.MIN : WindowNode.Kind.MAX,
                    extra.column(ops.getFirst(), nullable(c.getType())), 0, -1, frame, type, name);
            default -> throw new UnsupportedPlanException("window function " + c.getOperator().getName() + " is not supported");
        };
    }

    private RelDataType nullable(RelDataType t) {
        return getCluster().getTypeFactory().createTypeWithNullability(t, true);
    }

    private static WindowNode.Function fn(WindowNode.Kind kind, int arg, long n, int dflt, WindowNode.Frame frame, DataType type,
                                          String name) {
        return new WindowNode.Function(kind, arg, n, dflt, frame, type, name);
    }

    private static List<SortNode.Key> orderKeys(Group g) {
        List<SortNode.Key> keys = new ArrayList<>();
        for (RelFieldCollation c : g.orderKeys.getFieldCollations()) {
            boolean descending = c.getDirection().isDescending();
            boolean nullsFirst = c.nullDirection == RelFieldCollation.NullDirection.FIRST
                    || c.nullDirection == RelFieldCollation.NullDirection.UNSPECIFIED && descending;
            keys.add(new SortNode.Key(c.getFieldIndex(), descending, nullsFirst));
        }
        return keys;
    }

    private WindowNode.Frame frame(Group g) {
        if (g.exclude != RexWindowExclusion.EXCLUDE_NO_OTHER) throw new UnsupportedPlanException("frame exclusion (" + g.exclude + ") is not supported");
        return new WindowNode.Frame(g.isRows, bound(g, g.lowerBound), bound(g, g.upperBound));
    }

    private WindowNode.Bound bound(Group g, RexWindowBound b) {
        if (b.isUnboundedPreceding()) return WindowNode.Bound.UNBOUNDED_PRECEDING;
        if (b.isUnboundedFollowing()) return WindowNode.Bound.UNBOUNDED_FOLLOWING;
        if (b.isCurrentRow()) return WindowNode.Bound.CURRENT_ROW;
        WindowNode.BoundKind kind = b.isPreceding() ? WindowNode.BoundKind.PRECEDING : WindowNode.BoundKind.FOLLOWING;
        if (!(resolve(b.getOffset()) instanceof RexLiteral lit) || lit.isNull()) {
            throw new UnsupportedPlanException("a frame's offset must be a constant, not " + b.getOffset());
        }
        BigDecimal v = lit.getValueAs(BigDecimal.class);
        if (v == null) throw new UnsupportedPlanException("a frame offset of type " + lit.getType() + " is not supported");
        if (v.signum() < 0) throw new SqlException("22013", "a frame's offset must not be negative, not " + v);
        if (g.isRows) {
            try {
                return new WindowNode.Bound(kind, v.longValueExact());
            } catch (ArithmeticException e) {
                throw new UnsupportedPlanException("a ROWS frame's offset must be an integer, not " + v);
            }
        }
        if (g.orderKeys.getFieldCollations().size() != 1) {
            throw new UnsupportedPlanException("a RANGE frame with an offset needs exactly one ORDER BY key");
        }
        int key = g.orderKeys.getFieldCollations().getFirst().getFieldIndex();
        DataType type = io.ascan.planner.schema.TypeMapping.toEngine(getInput().getRowType().getFieldList().get(key).getType());
        TypeKind k = type == null ? null : type.kind();
        if (lit.getType().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_DAY_TIME && (k == TypeKind.DATE || k == TypeKind.TIMESTAMP)) {
            // a day-time interval's value is milliseconds; DATE keys are days, TIMESTAMP keys microseconds
            if (k == TypeKind.TIMESTAMP) return new WindowNode.Bound(kind, Math.multiplyExact(v.longValueExact(), 1000L));
            BigDecimal[] days = v.divideAndRemainder(BigDecimal.valueOf(86_400_000L));
            if (days[1].signum() != 0) throw new UnsupportedPlanException("a RANGE offset over a DATE must be whole days, not " + lit);
            return new WindowNode.Bound(kind, days[0].longValueExact());
        }
        if (SqlTypeUtil.isInterval(lit.getType())) {
            throw new UnsupportedPlanException("a RANGE offset " + lit + " over an ORDER BY key of type " + type + " is not supported");
        }
        try {
            if (k == TypeKind.INTEGER || k == TypeKind.BIGINT) return new WindowNode.Bound(kind, v.longValueExact());
            if (k == TypeKind.DECIMAL) return new WindowNode.Bound(kind, v.setScale(type.scale()).unscaledValue().longValueExact());
            if (k == TypeKind.DOUBLE) return new WindowNode.Bound(kind, Double.doubleToRawLongBits(v.doubleValue()));
        } catch (ArithmeticException e) {
            throw new UnsupportedPlanException("a RANGE offset " + v + " does not fit the ORDER BY key's type " + type);
        }
        throw new UnsupportedPlanException("a RANGE frame with an offset over an ORDER BY key of type " + type + " is not supported");
    }
}
