package io.ascan.planner.physical;

import io.ascan.planner.schema.AscanTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The range of a GROUP BY's one integer or date key from its column's statistics (the zone
 * maps' bounds), for a direct-address group table ({@link io.ascan.plan.AggregateNode#keySpan}).
 * Only a hint: statistics can be stale (rows appended since), so the engine groups a key
 * outside the range by hash.
 */
final class GroupKeyRange {
    /** Spans beyond this are never worth a dense table; also keeps max - min + 1 exact in a double. */
    static final long MAX_SPAN = 1L << 40;

    private GroupKeyRange() {}

    /** {keyMin, keySpan}; {0, 0} when unknown. */
    static long[] of(RelNode input, int[] groupKeys, RelMetadataQuery mq) {
        long[] none = {0, 0};
        if (groupKeys.length != 1) return none;
        SqlTypeName type = input.getRowType().getFieldList().get(groupKeys[0]).getType().getSqlTypeName();
        if (type != SqlTypeName.INTEGER && type != SqlTypeName.BIGINT && type != SqlTypeName.DATE) return none;
        RelColumnOrigin origin = mq.getColumnOrigin(input, groupKeys[0]);
        if (origin == null || origin.isDerived()) return none;
        AscanTable table = origin.getOriginTable().unwrap(AscanTable.class);
        if (table == null) return none;
        var stats = table.stats(origin.getOriginColumnOrdinal());
        if (Double.isNaN(stats.min()) || Double.isNaN(stats.max()) || stats.max() - stats.min() >= MAX_SPAN) return none;
        long min = (long) stats.min(), max = (long) stats.max();
        if (min != stats.min() || max != stats.max() || max < min) return none;
        return new long[] {min, max - min + 1};
    }
}
