package io.ascan.planner.stats;

import io.ascan.planner.rel.AdaptiveScan;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.ChainedRelMetadataProvider;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.JaninoRelMetadataProvider;
import org.apache.calcite.rel.metadata.ReflectiveRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMdDistinctRowCount;
import org.apache.calcite.rel.metadata.RelMdRowCount;
import org.apache.calcite.rel.metadata.RelMdUtil;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Cardinality estimates from the manifests, ahead of Calcite's defaults: distinct values of scan
 * columns ({@link ColumnStats}), and equi-join sizes from them, |L| * |R| / max(ndv(L.key),
 * ndv(R.key)), instead of Calcite's fixed 15% per equality. The join orderer and the choice of
 * build sides both read these.
 */
public final class AscanMetadata {
    private AscanMetadata() {}

    public static final RelMetadataProvider PROVIDER = ChainedRelMetadataProvider.of(List.of(
            ReflectiveRelMetadataProvider.reflectiveSource(new RowCount(), BuiltInMetadata.RowCount.Handler.class),
            ReflectiveRelMetadataProvider.reflectiveSource(new DistinctRowCount(),
                    BuiltInMetadata.DistinctRowCount.Handler.class),
            DefaultRelMetadataProvider.INSTANCE));

    /** Makes every metadata query of {@code cluster} use these estimates. */
    public static void install(RelOptCluster cluster) {
        JaninoRelMetadataProvider janino = JaninoRelMetadataProvider.of(PROVIDER);
        cluster.setMetadataProvider(janino);
        cluster.setMetadataQuerySupplier(() -> new RelMetadataQuery(janino));
        cluster.invalidateMetadataQuery();
    }

    /** Row counts of equi-joins from key distinct counts; everything else as Calcite does. */
    public static final class RowCount extends RelMdRowCount {
        @Override
        public Double getRowCount(Join join, RelMetadataQuery mq) {
            JoinInfo info = JoinInfo.createWithStrictEquality(join.getLeft(), join.getRight(), join.getCondition());
            if (info.leftKeys.isEmpty()) return super.getRowCount(join, mq);
            Double l = mq.getRowCount(join.getLeft()), r = mq.getRowCount(join.getRight());
            Double ndvL = mq.getDistinctRowCount(join.getLeft(), ImmutableBitSet.of(info.leftKeys), null);
            Double ndvR = mq.getDistinctRowCount(join.getRight(), ImmutableBitSet.of(info.rightKeys), null);
            if (l == null || r == null || ndvL == null || ndvR == null) return super.getRowCount(join, mq);
            double dl = Math.clamp(ndvL, 1.0, Math.max(1.0, l)), dr = Math.clamp(ndvR, 1.0, Math.max(1.0, r));
            RexNode rest = info.getRemaining(join.getCluster().getRexBuilder());
            double residual = rest.isAlwaysTrue() ? 1 : RelMdUtil.guessSelectivity(rest);
            double inner = l * r / Math.max(dl, dr) * residual;
            double leftMatched = Math.min(1, dr / dl) * residual, rightMatched = Math.min(1, dl / dr) * residual;
            return switch (join.getJoinType()) {
                case INNER -> inner;
                case LEFT -> inner + l * (1 - leftMatched);
                case RIGHT -> inner + r * (1 - rightMatched);
                case FULL -> inner + l * (1 - leftMatched) + r * (1 - rightMatched);
                case SEMI -> l * leftMatched;
                case ANTI -> l * (1 - leftMatched);
                default -> super.getRowCount(join, mq);
            };
        }
    }

    /** Distinct values of AdaptiveScan columns from the zone maps; other operators as Calcite derives them. */
    public static final class DistinctRowCount extends RelMdDistinctRowCount {
        public Double getDistinctRowCount(AdaptiveScan scan, RelMetadataQuery mq, ImmutableBitSet groupKey,
                                          RexNode predicate) {
            double rows = scan.estimateRowCount(mq);
            if (predicate != null && !predicate.isAlwaysTrue()) rows *= mq.getSelectivity(scan, predicate);
            if (groupKey.isEmpty()) return rows > 0 ? 1.0 : 0.0;
            double ndv = 1;
            for (int field : groupKey) ndv *= scan.ascanTable().stats(scan.columns().get(field)).distinct();
            ndv = Math.min(ndv, scan.ascanTable().table().rowCount());
            return RelMdUtil.numDistinctVals(ndv, rows);
        }
    }
}
