package io.ascan.planner;

import io.ascan.planner.rel.AdaptiveScan;
import io.ascan.planner.schema.TypeMapping;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * What a front end needs to know about a statement beyond its plan: whether it is an EXPLAIN,
 * and its {@code ?} parameters. The count comes from the parse tree (a parameter the optimiser
 * folded away still has to be bound); the types from the plan, where the validator inferred them.
 */
record StatementShape(boolean explain, List<DataType> parameterTypes) {
    /** {@code sql} has already been planned successfully, so it parses. */
    static StatementShape of(String sql, LogicalPlan plan) throws PlanningException {
        SqlNode parsed;
        try {
            parsed = QueryPlanner.parse(sql);
        } catch (SqlParseException e) {
            throw CalciteErrors.parse(e);
        }
        int[] count = {0};
        parsed.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlDynamicParam param) {
                count[0] = Math.max(count[0], param.getIndex() + 1);
                return null;
            }
        });
        DataType[] types = new DataType[count[0]];
        RexShuttle collect = new RexShuttle() {
            @Override
            public RexNode visitDynamicParam(RexDynamicParam p) {
                if (p.getIndex() < types.length) types[p.getIndex()] = TypeMapping.toEngine(p.getType());
                return p;
            }
        };
        new RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                node.accept(collect);
                if (node instanceof AdaptiveScan scan && scan.condition() != null) scan.condition().accept(collect);
                super.visit(node, ordinal, parent);
            }
        }.go(plan.rel());
        return new StatementShape(parsed instanceof SqlExplain, new ArrayList<>(Arrays.asList(types)));
    }
}
