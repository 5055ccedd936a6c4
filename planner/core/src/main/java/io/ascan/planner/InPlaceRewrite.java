package io.ascan.planner;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * A rewrite of a parsed statement before validation that replaces expressions where they stand
 * (in their call or list), so the statement's other nodes stay as parsed. The replacements are
 * visited in turn.
 */
abstract class InPlaceRewrite extends SqlBasicVisitor<Void> {
    /** What {@code node} becomes, or {@code node} itself. */
    abstract SqlNode replacement(SqlNode node);

    /** Before the operands are replaced. */
    void enter(SqlCall call) {}

    /** Rewrites the expressions of {@code statement} (a statement itself is never replaced). */
    final void apply(SqlNode statement) {
        statement.accept(this);
    }

    @Override
    public final Void visit(SqlCall call) {
        enter(call);
        for (int i = 0; i < call.operandCount(); i++) {
            SqlNode operand = call.operand(i);
            SqlNode replaced = operand == null ? null : replacement(operand);
            if (replaced != operand) {
                try {
                    call.setOperand(i, replaced);
                } catch (UnsupportedOperationException e) {
                    // a node without setters holds no expressions of these forms; the validator names the form
                }
            }
        }
        return super.visit(call);
    }

    @Override
    public final Void visit(SqlNodeList list) {
        for (int i = 0; i < list.size(); i++) {
            SqlNode item = list.get(i);
            if (item != null) list.set(i, replacement(item));
        }
        return super.visit(list);
    }
}
