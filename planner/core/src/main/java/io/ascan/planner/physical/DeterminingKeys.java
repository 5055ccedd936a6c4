package io.ascan.planner.physical;

import io.ascan.planner.schema.AscanTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexTableInputRef;
import org.apache.calcite.sql.type.SqlTypeFamily;

/**
 * The group keys worth hashing when a GROUP BY lists a table's key with other columns of the
 * same table row (TPC-H q10: c_custkey with c_name, c_address, c_comment, ...): a string key is
 * left out of the group hash when it comes from the same table instance as a non-string key
 * whose manifest says it is unique there (distinct values about its rows, no NULLs), as it adds
 * nothing to the hash but its cost. Only the hash changes: groups still
 * compare every key, so a wrong guess (the distinct count is an estimate) costs collisions,
 * never answers ({@link io.ascan.plan.AggregateNode#hashedKeys}).
 */
final class DeterminingKeys {
    /** Distinct values per row above which a column counts as its table's key. */
    static final double UNIQUE = 0.95;

    private DeterminingKeys() {}

    /** Positions among {@code groupKeys} to hash; empty: all. */
    static int[] of(RelNode input, int[] groupKeys, RelMetadataQuery mq) {
        List<Integer> strings = new ArrayList<>();
        List<RexTableInputRef.RelTableRef> keyTables = new ArrayList<>();
        for (int i = 0; i < groupKeys.length; i++) {
            if (SqlTypeFamily.CHARACTER.contains(input.getRowType().getFieldList().get(groupKeys[i]).getType())) {
                strings.add(i);
            } else if (unique(input, groupKeys[i], mq)) {
                RexTableInputRef.RelTableRef t = tableOf(input, groupKeys[i], mq);
                if (t != null) keyTables.add(t);
            }
        }
        if (keyTables.isEmpty()) return new int[0];
        List<Integer> determined = new ArrayList<>();
        for (int i : strings) {
            RexTableInputRef.RelTableRef t = tableOf(input, groupKeys[i], mq);
            if (t != null && keyTables.contains(t)) determined.add(i);
        }
        if (determined.isEmpty()) return new int[0];
        List<Integer> hashed = new ArrayList<>();
        for (int i = 0; i < groupKeys.length; i++) if (!determined.contains(i)) hashed.add(i);
        return hashed.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The table instance (a self-join's two scans differ) field {@code field} is a column of, or null. */
    private static RexTableInputRef.RelTableRef tableOf(RelNode input, int field, RelMetadataQuery mq) {
        Set<RexNode> lineage = mq.getExpressionLineage(input, RexInputRef.of(field, input.getRowType()));
        if (lineage == null || lineage.size() != 1 || !(lineage.iterator().next() instanceof RexTableInputRef ref)) return null;
        return ref.getTableRef();
    }

    /** Whether field {@code field} is a column its table's manifest shows as unique and never NULL. */
    private static boolean unique(RelNode input, int field, RelMetadataQuery mq) {
        RelColumnOrigin origin = mq.getColumnOrigin(input, field);
        if (origin == null || origin.isDerived()) return false;
        AscanTable table = origin.getOriginTable().unwrap(AscanTable.class);
        if (table == null) return false;
        var stats = table.stats(origin.getOriginColumnOrdinal());
        long rows = table.table().rowCount();
        return rows > 0 && stats.nulls() == 0 && stats.distinct() >= UNIQUE * rows;
    }
}
