package io.ascan.planner.physical;

import io.ascan.plan.PhysicalNode;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;

/**
 * A query ready for the executor: the engine's plan ({@code root}, whose output columns carry the
 * query's column names), the ascan-convention rel it came from, and the SQL result type (for
 * JDBC metadata: precision, scale, nullability).
 */
public record PhysicalPlan(PhysicalNode root, RelNode rel, RelDataType resultType) {
    public List<String> columnNames() {
        return resultType.getFieldNames();
    }

    /** EXPLAIN's text: the operator tree with scans, join build sides and pipeline breakers. */
    public String explain() {
        return PhysicalExplainer.explain(root);
    }
}
