package io.ascan.planner.rules;

import java.util.EnumSet;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttle;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Restates a comparison of a computed boolean with TRUE or FALSE in AND, OR and NOT, which mean
 * the same in three-valued logic: {@code b >= FALSE} is {@code b OR NOT b}, {@code b = FALSE} is
 * {@code NOT b}, {@code b > TRUE} is {@code b AND NOT b}.
 *
 * <p>Calcite's simplifier merges {@code b >= FALSE AND b <= TRUE} (a BETWEEN) into a SEARCH of
 * {@code b}, and then simplifies the SEARCH's operand as if it were the filter itself, where
 * UNKNOWN counts as FALSE: {@code (i > 3 AND NULL) BETWEEN FALSE AND TRUE} became
 * {@code FALSE BETWEEN FALSE AND TRUE}, so rows for which it is NULL passed. In AND, OR and NOT
 * form the simplifier treats UNKNOWN right. A column compared with a literal stays as it is: it
 * has nothing to simplify, and scans take its SEARCH as a predicate.
 */
public final class BooleanLiteralComparisons {
    private BooleanLiteralComparisons() {}

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
            if (visited != call) visited = RexUtil.flatten(rex, visited); // an operand restated in AND or OR
            if (!(visited instanceof RexCall c) || !ORDERED.contains(c.getKind())) return visited;
            RexNode left = c.getOperands().get(0);
            RexNode right = c.getOperands().get(1);
            if (truth(right) != null && computed(left)) return RexUtil.flatten(rex, restate(c.getKind(), left, truth(right)));
            if (truth(left) != null && computed(right)) {
                return RexUtil.flatten(rex, restate(c.getKind().reverse(), right, truth(left)));
            }
            return c;
        }

        /** {@code b op literal}, where FALSE < TRUE. */
        private RexNode restate(SqlKind op, RexNode b, boolean literal) {
            RexNode not = rex.makeCall(SqlStdOperatorTable.NOT, b);
            RexNode always = rex.makeCall(SqlStdOperatorTable.OR, b, not); // TRUE unless b is NULL
            RexNode never = rex.makeCall(SqlStdOperatorTable.AND, b, not); // FALSE unless b is NULL
            return switch (op) {
                case EQUALS -> literal ? b : not;
                case NOT_EQUALS -> literal ? not : b;
                case GREATER_THAN_OR_EQUAL -> literal ? b : always;
                case GREATER_THAN -> literal ? never : b;
                case LESS_THAN_OR_EQUAL -> literal ? always : not;
                case LESS_THAN -> literal ? not : never;
                default -> throw new IllegalStateException("not a comparison: " + op);
            };
        }
    }

    private static final Set<SqlKind> ORDERED = EnumSet.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS, SqlKind.LESS_THAN,
            SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL);

    private static Boolean truth(RexNode e) {
        return e instanceof RexLiteral l && l.getTypeName() == SqlTypeName.BOOLEAN ? (Boolean) l.getValue() : null;
    }

    /** A boolean the simplifier could rewrite, and may evaluate twice. */
    private static boolean computed(RexNode e) {
        return e.getType().getSqlTypeName() == SqlTypeName.BOOLEAN && e instanceof RexCall
                && RexUtil.isDeterministic(e);
    }
}
