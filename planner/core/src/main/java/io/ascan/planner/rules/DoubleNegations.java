package io.ascan.planner.rules;

import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttle;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Keeps {@code -(-x)} of an exact number from folding to {@code x}: Calcite's simplifier does
 * that, so {@code -(-i)} for an INTEGER {@code i} of -2147483648 gave -2147483648 where the inner
 * negation overflows (an error in ascan's generated code, in DuckDB and in PostgreSQL). The inner
 * negation is restated as {@code 0 - x}, which overflows alike and which the simplifier leaves.
 */
public final class DoubleNegations {
    private DoubleNegations() {}

    public static RelNode rewrite(RelNode rel) {
        return ExpressionRewrite.apply(rel, Restate::new);
    }

    private static final class Restate extends ExpressionRewrite {
        Restate(RexBuilder rex, RelShuttle rels) {
            super(rex, rels);
        }

        @Override
        public RexNode visitCall(RexCall call) {
            RexNode visited = super.visitCall(call);
            if (!(visited instanceof RexCall c) || c.getKind() != SqlKind.MINUS_PREFIX
                    || !(c.getOperands().getFirst() instanceof RexCall inner) || inner.getKind() != SqlKind.MINUS_PREFIX
                    || !SqlTypeUtil.isExactNumeric(inner.getType())) {
                return visited;
            }
            RexNode x = inner.getOperands().getFirst();
            RexNode zeroMinus = rex.makeCall(inner.getType(), SqlStdOperatorTable.MINUS,
                    List.of(rex.makeZeroLiteral(x.getType()), x));
            return c.clone(c.getType(), List.of(zeroMinus));
        }
    }
}
