package io.ascan.scan;

import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.format.SegmentMeta;
import io.ascan.format.SliceMeta;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Skips slices whose zone maps prove that no row can satisfy a scan predicate P (over the
 * table's columns). Conservative: a slice is dropped only when P cannot be TRUE for any of its
 * rows; whatever is not understood keeps the slice. Understood: comparisons of a column with a
 * literal (either side, also through exact widening casts), BETWEEN, IN, IS [NOT] NULL (by
 * null count), boolean columns, AND, OR, and NOT of those that negate exactly.
 */
public final class SlicePruner {
    private SlicePruner() {}

    /** The slices that may hold a row passing {@code predicate}, in order; null means TRUE. */
    public static List<SliceMeta> prune(Expr predicate, List<SliceMeta> slices) {
        if (predicate == null) return slices;
        List<SliceMeta> kept = new ArrayList<>(slices.size());
        for (SliceMeta s : slices) {
            if (mayMatch(predicate, s)) kept.add(s);
        }
        return kept;
    }

    /** False only if no row of {@code slice} can make {@code predicate} TRUE. */
    public static boolean mayMatch(Expr predicate, SliceMeta slice) {
        return switch (predicate) {
            case Literal l -> Boolean.TRUE.equals(l.value());
            case ColumnRef c when c.type().kind() == TypeKind.BOOLEAN -> compare(Operator.EQ, c, Literal.of(true), slice);
            case Call call -> mayMatch(call, slice);
            default -> true;
        };
    }

    private static boolean mayMatch(Call call, SliceMeta slice) {
        List<Expr> a = call.args();
        return switch (call.op()) {
            case AND -> a.stream().allMatch(e -> mayMatch(e, slice));
            case OR -> a.stream().anyMatch(e -> mayMatch(e, slice));
            case IS_TRUE -> mayMatch(a.getFirst(), slice);
            case NOT -> mayMatchNegated(a.getFirst(), slice);
            case EQ, NE, LT, LE, GT, GE -> comparison(call.op(), a.get(0), a.get(1), slice);
            case BETWEEN -> comparison(Operator.GE, a.get(0), a.get(1), slice)
                    && comparison(Operator.LE, a.get(0), a.get(2), slice);
            case IN -> a.subList(1, a.size()).stream().anyMatch(v -> comparison(Operator.EQ, a.getFirst(), v, slice));
            case IS_NULL -> column(a.getFirst()) == null || segment(a.getFirst(), slice).nullCount() > 0;
            case IS_NOT_NULL -> column(a.getFirst()) == null || segment(a.getFirst(), slice).nullCount() < slice.rowCount();
            default -> true;
        };
    }

    /** NOT e: only the forms whose negation is again one of the understood predicates. */
    private static boolean mayMatchNegated(Expr e, SliceMeta slice) {
        if (e instanceof ColumnRef c && c.type().kind() == TypeKind.BOOLEAN) {
            return compare(Operator.EQ, c, Literal.of(false), slice);
        }
        if (e instanceof Call c) {
            switch (c.op()) {
                case IS_NULL: return mayMatch(Call.predicate(Operator.IS_NOT_NULL, c.arg(0)), slice);
                case IS_NOT_NULL: return mayMatch(Call.predicate(Operator.IS_NULL, c.arg(0)), slice);
                case NOT: return mayMatch(c.arg(0), slice);
                default: break;
            }
        }
        return true;
    }

    /** {@code left op right} where one side is a column and the other a literal. */
    private static boolean comparison(Operator op, Expr left, Expr right, SliceMeta slice) {
        if (column(left) != null && right instanceof Literal lit) return compare(op, column(left), lit, slice);
        if (column(right) != null && left instanceof Literal lit) return compare(op.flip(), column(right), lit, slice);
        return true;
    }

    private static boolean compare(Operator op, ColumnRef col, Literal lit, SliceMeta slice) {
        if (lit.isNull()) return false; // a comparison with NULL is never TRUE
        SegmentMeta seg = slice.segment(col.index());
        if (seg.nullCount() >= slice.rowCount()) return false; // only NULLs
        // An unknown bound (null) leaves that side open.
        Integer lo = seg.min() == null ? null : ZoneBounds.compare(seg.min(), col.type(), lit.value(), lit.type());
        Integer hi = seg.max() == null ? null : ZoneBounds.compare(seg.max(), col.type(), lit.value(), lit.type());
        return switch (op) {
            case EQ -> (lo == null || lo <= 0) && (hi == null || hi >= 0);
            case NE -> lo == null || hi == null || lo != 0 || hi != 0;
            case LT -> lo == null || lo < 0;
            case LE -> lo == null || lo <= 0;
            case GT -> hi == null || hi > 0;
            case GE -> hi == null || hi >= 0;
            default -> true;
        };
    }

    private static SegmentMeta segment(Expr columnExpr, SliceMeta slice) {
        return slice.segment(column(columnExpr).index());
    }

    /**
     * The column behind {@code e} if {@code e} is a column or an exact widening cast of one
     * (every value converts to a distinct value in the same order, so the column's bounds
     * bound the cast too); null otherwise.
     */
    static ColumnRef column(Expr e) {
        if (e instanceof ColumnRef c) return c;
        if (e instanceof Call c && c.op() == Operator.CAST && c.arg(0) instanceof ColumnRef col
                && isExactWidening(col.type(), c.type())) {
            return col;
        }
        return null;
    }

    private static boolean isExactWidening(DataType from, DataType to) {
        TypeKind f = from.kind(), t = to.kind();
        return switch (f) {
            case INTEGER -> t == TypeKind.BIGINT || t == TypeKind.DOUBLE || t == TypeKind.DECIMAL;
            case BIGINT -> t == TypeKind.DECIMAL;
            case DECIMAL -> t == TypeKind.DECIMAL && to.scale() >= from.scale();
            case DATE -> t == TypeKind.TIMESTAMP;
            default -> f == t && from.equals(to);
        };
    }
}
