package io.ascan.planner;

import java.util.List;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql2rel.SqlRexContext;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.StandardConvertletTable;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Calcite's standard SQL-to-Rex conversion, except that TIMESTAMPDIFF(unit, a, b) stays one
 * call instead of becoming interval subtraction, reinterpretation and integer division: the
 * engine computes it directly ({@code Operator.TIMESTAMP_DIFF}).
 */
final class AscanConvertletTable implements SqlRexConvertletTable {
    static final AscanConvertletTable INSTANCE = new AscanConvertletTable();

    private AscanConvertletTable() {}

    @Override
    public @Nullable SqlRexConvertlet get(SqlCall call) {
        if (call.getKind() == SqlKind.TIMESTAMP_DIFF && unit(call.operand(0)) != null) {
            return AscanConvertletTable::timestampDiff;
        }
        return StandardConvertletTable.INSTANCE.get(call);
    }

    private static RexNode timestampDiff(SqlRexContext cx, SqlCall call) {
        RexBuilder rb = cx.getRexBuilder();
        return rb.makeCall(cx.getValidator().getValidatedNodeType(call), SqlStdOperatorTable.TIMESTAMP_DIFF,
                List.of(rb.makeFlag(unit(call.operand(0))), cx.convertExpression(call.operand(1)),
                        cx.convertExpression(call.operand(2))));
    }

    private static @Nullable TimeUnit unit(SqlNode n) {
        if (n instanceof SqlIntervalQualifier q && q.timeFrameName == null) return q.getStartUnit();
        if (n instanceof SqlLiteral l && l.getValue() instanceof TimeUnit u) return u;
        return null;
    }
}
