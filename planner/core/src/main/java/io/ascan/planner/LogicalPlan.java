package io.ascan.planner;

import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlExplainLevel;

/**
 * An optimised logical plan: {@code rel} (Convention.NONE, AdaptiveScan leaves) and the
 * query's result columns as the user named them ({@code rel}'s own field names may differ).
 */
public record LogicalPlan(RelNode rel, RelDataType resultType) {
    public List<String> columnNames() {
        return resultType.getFieldNames();
    }

    /** The plan as EXPLAIN prints it: one operator per line, inputs indented below. */
    public String explain() {
        return RelOptUtil.toString(rel, SqlExplainLevel.EXPPLAN_ATTRIBUTES);
    }
}
