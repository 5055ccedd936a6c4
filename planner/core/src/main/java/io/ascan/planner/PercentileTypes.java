package io.ascan.planner;

import io.ascan.planner.rules.HolisticAggregates;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * PERCENTILE_CONT is a keyword of Calcite's parser, which makes it Calcite's function directly
 * (no operator table lookup), typed as its ORDER BY value; this gives it ours, a DOUBLE as in
 * DuckDB, before validation.
 */
final class PercentileTypes extends SqlBasicVisitor<Void> {
    private PercentileTypes() {}

    static void rewrite(SqlNode statement) {
        statement.accept(new PercentileTypes());
    }

    @Override
    public Void visit(SqlCall call) {
        if (call instanceof SqlBasicCall b && b.getOperator() == SqlStdOperatorTable.PERCENTILE_CONT) {
            b.setOperator(HolisticAggregates.PERCENTILE_CONT);
        }
        return super.visit(call);
    }
}
