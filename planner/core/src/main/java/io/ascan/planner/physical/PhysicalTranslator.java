package io.ascan.planner.physical;

import io.ascan.codegen.rt.SqlException;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.plan.OutputColumn;
import io.ascan.plan.PhysicalNode;
import io.ascan.planner.rex.ExprTranslator;
import io.ascan.planner.schema.TypeMapping;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;

/**
 * Turns a tree of the ascan convention into the engine's {@link PhysicalNode} tree, each operator
 * through its own {@link AscanRel#implement}, which comes back here for its inputs and expressions. Column references keep
 * Calcite's positions, which are the engine's too (same input order, same join concatenation).
 */
public final class PhysicalTranslator {
    private final ExprTranslator exprs;

    /** A translator for plans without {@code ?} parameters (or for checking, with placeholders). */
    public PhysicalTranslator() {
        this(null);
    }

    /** A translator binding parameter {@code i} to {@code parameters.get(i)}; null: none bound. */
    public PhysicalTranslator(List<Literal> parameters) {
        this.exprs = parameters == null ? null : ExprTranslator.bound(parameters);
    }

    public PhysicalNode translate(RelNode rel) {
        return switch (rel) {
            case AscanRel r -> r.implement(this);
            default -> throw new UnsupportedPlanException("no engine operator for " + rel.getRelTypeName());
        };
    }

    public Expr expr(RexNode e) {
        return exprs == null ? ExprTranslator.translate(e) : exprs.apply(e);
    }

    DataType type(RelDataType t, String what) {
        DataType d = TypeMapping.toEngine(t);
        if (d == null) throw new UnsupportedPlanException("no engine type for " + t.getFullTypeString() + " of " + what);
        return d;
    }

    List<OutputColumn> columns(RelDataType rowType) {
        List<OutputColumn> out = new ArrayList<>();
        for (RelDataTypeField f : rowType.getFieldList()) out.add(new OutputColumn(f.getName(), type(f.getType(), f.getName())));
        return out;
    }

    /** A constant of a VALUES row, in its column's type (a DECIMAL literal takes the column's scale). */
    Literal literal(RexBuilder rb, RexLiteral lit, RelDataType columnType) {
        DataType t = type(columnType, "VALUES");
        if (lit.isNull()) return Literal.ofNull(t);
        if (!(ExprTranslator.translate(lit) instanceof Literal own)) {
            // a DECIMAL constant of more digits than the engine holds: the data error a CAST raises
            String message = "value " + lit.getValueAs(java.math.BigDecimal.class).toPlainString() + " is out of range for " + t;
            throw SqlException.outOfRange(message);
        }
        if (own.type().equals(t)) return own;
        return (Literal) ExprTranslator.translate(rb.makeLiteral(lit.getValue(), columnType, false));
    }

    /** The value of a constant OFFSET or FETCH. */
    long constant(RexNode n, String clause) {
        if (n instanceof RexLiteral lit) {
            Long v = lit.getValueAs(Long.class);
            if (v != null && v >= 0) return v;
        }
        if (n instanceof RexDynamicParam && exprs != null && expr(n) instanceof Literal l && l.value() instanceof Number v
                && v.longValue() >= 0) {
            return v.longValue();
        }
        throw new UnsupportedPlanException(clause + " must be a non-negative constant, not " + n);
    }
}
