package io.ascan.planner.stats;

import io.ascan.planner.schema.AscanTable;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMdUtil;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Rows of an equi-join: with d distinct key values on each side drawn from a domain of D values,
 * |L ⋈ R| = |L| * |R| / D and a semi-join keeps the share d(R) / D of the left rows. Where both
 * keys' domains are known ({@link KeyDomain}) D is the larger one: each side's values are an
 * independent sample of it (a foreign key into a filtered primary key keeps the primary key's
 * passing share). Otherwise D = max(d(L), d(R)), the containment assumption: the side with fewer
 * values finds all of them on the other.
 *
 * <p>The distinct counts of one key column come from the manifests and hold up. Those of several
 * columns together do not: the estimate is the product of the columns' counts up to the rows, so
 * lineitem's (l_partkey, l_suppkey) look like 6 million distinct pairs where the foreign key into
 * partsupp allows only partsupp's 800,000. Keys joined together are a foreign key into the side
 * where they are unique, far more often than not, so for several keys
 * <ul>
 *   <li>no side counts more distinct keys than the side with the fewest possible: the smaller of
 *       the two sides' products of the key columns' distinct counts, each table's part at most its
 *       rows (partsupp's 800,000 for (ps_partkey, ps_suppkey));</li>
 *   <li>and the join is at most as large as on its most selective key alone (more keys only
 *       remove rows), which also covers keys that are not a foreign key.</li>
 * </ul>
 * Unless one key alone is unique on one side (a primary key, as s_suppkey in TPC-H q5's
 * {@code l_suppkey = s_suppkey AND c_nationkey = s_nationkey}): then the other keys are no part
 * of a foreign key, and each keeps the share 1 / D of its own.
 */
final class JoinCardinality {
    private JoinCardinality() {}

    /** Distinct key values on each side, and the domain they are drawn from (at least either). */
    private record Keys(double left, double right, double domain) {
        /** Under the containment assumption. */
        Keys(double left, double right) {
            this(left, right, Math.max(left, right));
        }
    }

    /** The rows of {@code join}, or null if it has no equi-keys or their distinct counts are unknown. */
    static Double rowCount(Join join, RelMetadataQuery mq) {
        // IS NOT DISTINCT FROM keys count as = keys: NULL matching NULL is one more key value.
        JoinInfo info = JoinInfo.of(join.getLeft(), join.getRight(), join.getCondition());
        if (info.leftKeys.isEmpty()) return null;
        Double l = mq.getRowCount(join.getLeft()), r = mq.getRowCount(join.getRight());
        if (l == null || r == null) return null;
        Keys keys = info.leftKeys.size() == 1 ? key(join, info, 0, l, r, mq) : composite(join, info, l, r, mq);
        if (keys == null) return null;
        RexNode rest = info.getRemaining(join.getCluster().getRexBuilder());
        double residual = rest.isAlwaysTrue() ? 1 : RelMdUtil.guessSelectivity(rest);
        double dl = keys.left(), dr = keys.right(), domain = Math.max(keys.domain(), Math.max(dl, dr));
        double inner = l * r / domain * residual;
        double leftMatched = dr / domain * residual, rightMatched = dl / domain * residual;
        return switch (join.getJoinType()) {
            case INNER -> inner;
            case LEFT -> inner + l * (1 - leftMatched);
            case RIGHT -> inner + r * (1 - rightMatched);
            case FULL -> inner + l * (1 - leftMatched) + r * (1 - rightMatched);
            case SEMI -> l * leftMatched;
            case ANTI -> l * (1 - leftMatched);
            default -> null;
        };
    }

    /** Distinct values of key {@code k} on each side, at least 1 and at most the side's rows, and their domain. */
    private static Keys key(Join join, JoinInfo info, int k, double l, double r, RelMetadataQuery mq) {
        Keys d = distinct(join, ImmutableBitSet.of(info.leftKeys.get(k)), ImmutableBitSet.of(info.rightKeys.get(k)), l, r, mq);
        if (d == null) return null;
        KeyDomain.Domain dl = KeyDomain.of(join.getLeft(), info.leftKeys.get(k));
        KeyDomain.Domain dr = KeyDomain.of(join.getRight(), info.rightKeys.get(k));
        if (dl == null || dr == null) return d;
        return new Keys(d.left(), d.right(), Math.max(Math.max(dl.values(), dr.values()), d.domain()));
    }

    private static Keys distinct(Join join, ImmutableBitSet left, ImmutableBitSet right, double l, double r,
                                 RelMetadataQuery mq) {
        Double dl = mq.getDistinctRowCount(join.getLeft(), left, null);
        Double dr = mq.getDistinctRowCount(join.getRight(), right, null);
        if (dl == null || dr == null) return null;
        return new Keys(Math.clamp(dl, 1.0, Math.max(1.0, l)), Math.clamp(dr, 1.0, Math.max(1.0, r)));
    }

    private static Keys composite(Join join, JoinInfo info, double l, double r, RelMetadataQuery mq) {
        Keys mostSelective = null;
        Keys[] each = new Keys[info.leftKeys.size()];
        boolean primary = false;
        for (int k = 0; k < info.leftKeys.size(); k++) {
            Keys one = key(join, info, k, l, r, mq);
            if (one == null) return null;
            each[k] = one;
            if (mostSelective == null || max(one) > max(mostSelective)) mostSelective = one;
            primary |= unique(join.getLeft(), info.leftKeys.get(k), l, mq) || unique(join.getRight(), info.rightKeys.get(k), r, mq);
        }
        if (primary) { // the other keys are independent equalities
            double left = 1, right = 1, domain = 1;
            for (Keys one : each) {
                left *= one.left();
                right *= one.right();
                domain *= one.domain();
            }
            return new Keys(Math.min(left, l), Math.min(right, r), domain);
        }
        Keys all = distinct(join, ImmutableBitSet.of(info.leftKeys), ImmutableBitSet.of(info.rightKeys), l, r, mq);
        if (all == null) return mostSelective;
        double cap = Math.min(possible(join.getLeft(), info.leftKeys, mq), possible(join.getRight(), info.rightKeys, mq));
        Keys capped = new Keys(Math.min(all.left(), cap), Math.min(all.right(), cap));
        return max(capped) >= max(mostSelective) ? capped : mostSelective;
    }

    /** Whether {@code field} of {@code rel} is a primary key of its table, still one value per row of {@code rel}. */
    private static boolean unique(RelNode rel, int field, double rows, RelMetadataQuery mq) {
        KeyDomain.Domain d = KeyDomain.of(rel, field);
        if (d == null || !d.tableKey()) return false;
        Double distinct = mq.getDistinctRowCount(rel, ImmutableBitSet.of(field), null);
        return distinct != null && distinct >= KeyDomain.UNIQUE * rows;
    }

    /** The domain of {@code k}: the more values, the fewer rows the join keeps. */
    private static double max(Keys k) {
        return k.domain();
    }

    /**
     * The most distinct values {@code keys} of {@code rel} can take: the product of the key columns'
     * distinct counts in the tables they come from, each table's part at most its rows; infinite
     * when a key is computed rather than a table column.
     */
    private static double possible(RelNode rel, List<Integer> keys, RelMetadataQuery mq) {
        Map<RelOptTable, double[]> perTable = new IdentityHashMap<>(); // {product of distinct counts, rows}
        for (int key : keys) {
            Set<RelColumnOrigin> origins = mq.getColumnOrigins(rel, key);
            if (origins == null || origins.size() != 1) return Double.POSITIVE_INFINITY;
            RelColumnOrigin o = origins.iterator().next();
            AscanTable table = o.isDerived() ? null : o.getOriginTable().unwrap(AscanTable.class);
            if (table == null) return Double.POSITIVE_INFINITY;
            double[] t = perTable.computeIfAbsent(o.getOriginTable(), x -> new double[] {1, table.table().rowCount()});
            t[0] *= table.stats(o.getOriginColumnOrdinal()).distinct();
        }
        double possible = 1;
        for (double[] t : perTable.values()) possible *= Math.min(t[0], t[1]);
        return possible;
    }
}
