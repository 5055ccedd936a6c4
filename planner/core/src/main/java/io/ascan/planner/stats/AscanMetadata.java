package io.ascan.planner.stats;

import io.ascan.planner.rel.AdaptiveScan;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RexImplicationChecker;
import org.apache.calcite.plan.volcano.RelSubset;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Intersect;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.ChainedRelMetadataProvider;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.JaninoRelMetadataProvider;
import org.apache.calcite.rel.metadata.MetadataDef;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.ReflectiveRelMetadataProvider;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.RelMdDistinctRowCount;
import org.apache.calcite.rel.metadata.RelMdMaxRowCount;
import org.apache.calcite.rel.metadata.RelMdPredicates;
import org.apache.calcite.rel.metadata.RelMdRowCount;
import org.apache.calcite.rel.metadata.RelMdSelectivity;
import org.apache.calcite.rel.metadata.RelMdSize;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.tools.RelBuilderFactory;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.Util;

/**
 * Cardinality estimates from the manifests, ahead of Calcite's defaults: distinct values of scan
 * columns ({@link ColumnStats}, {@link ScanDistinct}), equi-join sizes from them (|L| * |R| /
 * max(ndv(L.key), ndv(R.key)) instead of Calcite's fixed 15% per equality), and HAVING
 * predicates on aggregate results ({@link AggregateSelectivity}). The join orderer and the
 * choice of build sides both read these.
 */
public final class AscanMetadata {
    private AscanMetadata() {}

    public static final RelMetadataProvider PROVIDER = ChainedRelMetadataProvider.of(List.of(
            ReflectiveRelMetadataProvider.reflectiveSource(new RowCount(), BuiltInMetadata.RowCount.Handler.class),
            ReflectiveRelMetadataProvider.reflectiveSource(new DistinctRowCount(),
                    BuiltInMetadata.DistinctRowCount.Handler.class),
            ReflectiveRelMetadataProvider.reflectiveSource(new Selectivity(), BuiltInMetadata.Selectivity.Handler.class),
            ReflectiveRelMetadataProvider.reflectiveSource(new ColumnOrigins(), BuiltInMetadata.ColumnOrigin.Handler.class),
            ReflectiveRelMetadataProvider.reflectiveSource(new Size(), BuiltInMetadata.Size.Handler.class),
            ReflectiveRelMetadataProvider.reflectiveSource(new Predicates(), BuiltInMetadata.Predicates.Handler.class),
            ReflectiveRelMetadataProvider.reflectiveSource(new MaxRowCount(), BuiltInMetadata.MaxRowCount.Handler.class),
            DefaultRelMetadataProvider.INSTANCE));

    private static final JaninoRelMetadataProvider JANINO = JaninoRelMetadataProvider.of(PROVIDER);

    /** Makes every metadata query of {@code cluster} use these estimates (once: a cluster that has them keeps its cached values). */
    public static void install(RelOptCluster cluster) {
        if (cluster.getMetadataProvider() == JANINO) return;
        cluster.setMetadataProvider(JANINO);
        cluster.setMetadataQuerySupplier(() -> new RelMetadataQuery(JANINO));
        cluster.invalidateMetadataQuery();
    }

    /**
     * A RelBuilder factory whose builders' clusters use these estimates. The SQL-to-rel conversion
     * builds with it: RelBuilder drops an aggregate over an input of at most one row as already
     * unique, so that bound must be right from the start ({@link MaxRowCount}).
     */
    public static final RelBuilderFactory BUILDERS = (cluster, schema) -> {
        install(cluster);
        return RelFactories.LOGICAL_BUILDER.create(cluster, schema);
    };

    /**
     * A filter's predicates as Calcite infers them, less its comparisons with a NULL literal. A rule
     * can build such a filter mid-program (FilterIntoJoinRule pushed {@code c <> NULLIF(c, c)} below
     * a join whose side made c NOT NULL, and simplified it to {@code c <> NULL}); the predicate list
     * asserts that it holds none ("Comparison with NULL in pulledUpPredicates", even without -ea).
     * Such a comparison is always UNKNOWN, so it tells nothing about the rows that pass: leaving it
     * out keeps the list true, and constant reduction later empties the filter. And an INTERSECT's,
     * without Calcite's implication check over predicates with a cast (below).
     */
    public static final class Predicates extends RelMdPredicates {
        @Override
        public RelOptPredicateList getPredicates(Filter filter, RelMetadataQuery mq) {
            List<RexNode> conjunctions = RelOptUtil.conjunctions(filter.getCondition());
            if (conjunctions.stream().noneMatch(Predicates::comparesWithNull)) return super.getPredicates(filter, mq);
            RexBuilder rex = filter.getCluster().getRexBuilder();
            List<RexNode> kept = RexUtil.retainDeterministic(conjunctions.stream().filter(c -> !comparesWithNull(c)).toList());
            return Util.first(mq.getPulledUpPredicates(filter.getInput()), RelOptPredicateList.EMPTY)
                    .union(rex, RelOptPredicateList.of(rex, kept));
        }

        private static boolean comparesWithNull(RexNode e) {
            return e.isA(SqlKind.COMPARISON)
                    && ((RexCall) e).getOperands().stream().anyMatch(o -> o instanceof RexLiteral l && l.isNull());
        }

        /**
         * Every input's predicates hold for an INTERSECT's rows; as Calcite's, one that another
         * implies is left out. But Calcite's implication checker strips casts and then reads
         * {@code $0 = CAST(DATE '1970-01-01' AS VARCHAR)} as a VARCHAR column holding a DATE (an
         * AssertionError, "cannot convert DATE literal", for any constant cast to another type in a
         * branch, under an ORDER BY: fuzzer seed 19 q152). A predicate with a cast is kept unchecked:
         * a redundant predicate is still true.
         */
        @Override
        public RelOptPredicateList getPredicates(Intersect intersect, RelMetadataQuery mq) {
            RexBuilder rex = intersect.getCluster().getRexBuilder();
            RexExecutor executor = Util.first(intersect.getCluster().getPlanner().getExecutor(), RexUtil.EXECUTOR);
            RexImplicationChecker checker = new RexImplicationChecker(rex, executor, intersect.getRowType());
            List<RexNode> kept = new ArrayList<>();
            for (RelNode input : intersect.getInputs()) {
                RelOptPredicateList info = mq.getPulledUpPredicates(input);
                if (info == null) continue;
                for (RexNode p : info.pulledUpPredicates) {
                    if (kept.contains(p)) continue;
                    if (!CASTS.contains(p)) {
                        if (kept.stream().anyMatch(k -> !CASTS.contains(k) && checker.implies(k, p))) continue;
                        kept.removeIf(k -> !CASTS.contains(k) && checker.implies(p, k));
                    }
                    kept.add(p);
                }
            }
            return RelOptPredicateList.of(rex, kept);
        }

        private static final RexUtil.RexFinder CASTS = RexUtil.find(SqlKind.CAST);
    }

    /**
     * Calcite bounds a join's rows by |L| * |R| (a side that may be empty counted as one row where
     * the join makes NULLs for it). A FULL join has more: each side's unmatched rows as well, so
     * two one-row inputs that do not match give two rows, not one. Taken for "at most one row",
     * Calcite's bound let a DISTINCT over such a join go as already unique, and duplicates came
     * out (fuzzer seed 318 q4013).
     */
    public static final class MaxRowCount extends RelMdMaxRowCount {
        @Override
        public Double getMaxRowCount(Join join, RelMetadataQuery mq) {
            Double pairs = super.getMaxRowCount(join, mq);
            if (pairs == null || join.getJoinType() != JoinRelType.FULL) return pairs;
            Double left = mq.getMaxRowCount(join.getLeft()), right = mq.getMaxRowCount(join.getRight());
            return left == null || right == null ? null : pairs + left + right;
        }

        /**
         * Calcite bounds grouping sets by |input| rows per set, but an empty set (the grand total of
         * ROLLUP, CUBE, {@code GROUPING SETS (..., ())}) gives its row over an empty input too. Its
         * bound of 0 made {@code EXISTS (SELECT 1 FROM t WHERE FALSE GROUP BY CUBE (x))} FALSE
         * (fuzzer seed 30 q409).
         */
        @Override
        public Double getMaxRowCount(Aggregate rel, RelMetadataQuery mq) {
            if (rel.getGroupType() == Aggregate.Group.SIMPLE) return super.getMaxRowCount(rel, mq);
            Double input = mq.getMaxRowCount(rel.getInput());
            if (input == null) return null;
            long totals = rel.getGroupSets().stream().filter(ImmutableBitSet::isEmpty).count();
            return input * (rel.getGroupSets().size() - totals) + totals;
        }
    }

    /** Row counts of equi-joins from key distinct counts ({@link JoinCardinality}); everything else as Calcite does. */
    public static final class RowCount extends RelMdRowCount {
        @Override
        public Double getRowCount(Join join, RelMetadataQuery mq) {
            Double rows = JoinCardinality.rowCount(join, mq);
            return rows != null ? rows : super.getRowCount(join, mq);
        }

        /** No more groups than input rows (Calcite's distinct count of a join key can exceed them). */
        @Override
        public Double getRowCount(Aggregate rel, RelMetadataQuery mq) {
            return atMost(super.getRowCount(rel, mq), mq.getRowCount(rel.getInput()));
        }
    }

    /**
     * Distinct values of AdaptiveScan columns from the manifest ({@link ScanDistinct}); other
     * operators as Calcite derives them, but never more than the operator's rows, and inside the
     * Volcano planner from a set's original rel until it has a best one.
     */
    public static final class DistinctRowCount extends RelMdDistinctRowCount {
        public Double getDistinctRowCount(AdaptiveScan scan, RelMetadataQuery mq, ImmutableBitSet groupKey,
                                          RexNode predicate) {
            double extra = predicate == null || predicate.isAlwaysTrue() ? 1 : mq.getSelectivity(scan, predicate);
            return ScanDistinct.of(scan, groupKey, extra, mq);
        }

        @Override
        public Double getDistinctRowCount(RelSubset rel, RelMetadataQuery mq, ImmutableBitSet groupKey, RexNode predicate) {
            RelNode r = Util.first(rel.getBest(), rel.getOriginal());
            return r == null ? null : mq.getDistinctRowCount(r, groupKey, predicate);
        }

        @Override
        public Double getDistinctRowCount(Join rel, RelMetadataQuery mq, ImmutableBitSet groupKey, RexNode predicate) {
            return atMost(super.getDistinctRowCount(rel, mq, groupKey, predicate), mq.getRowCount(rel));
        }

        @Override
        public Double getDistinctRowCount(Aggregate rel, RelMetadataQuery mq, ImmutableBitSet groupKey, RexNode predicate) {
            return atMost(super.getDistinctRowCount(rel, mq, groupKey, predicate), mq.getRowCount(rel));
        }

        @Override
        public Double getDistinctRowCount(Filter rel, RelMetadataQuery mq, ImmutableBitSet groupKey, RexNode predicate) {
            return atMost(super.getDistinctRowCount(rel, mq, groupKey, predicate), mq.getRowCount(rel));
        }

        @Override
        public Double getDistinctRowCount(Project rel, RelMetadataQuery mq, ImmutableBitSet groupKey, RexNode predicate) {
            return atMost(super.getDistinctRowCount(rel, mq, groupKey, predicate), mq.getRowCount(rel));
        }

        @Override
        public Double getDistinctRowCount(Union rel, RelMetadataQuery mq, ImmutableBitSet groupKey, RexNode predicate) {
            return atMost(super.getDistinctRowCount(rel, mq, groupKey, predicate), mq.getRowCount(rel));
        }

        @Override
        public Double getDistinctRowCount(Sort rel, RelMetadataQuery mq, ImmutableBitSet groupKey, RexNode predicate) {
            return atMost(super.getDistinctRowCount(rel, mq, groupKey, predicate), mq.getRowCount(rel));
        }
    }

    /**
     * HAVING-style predicates on aggregate results from the aggregated columns' statistics, and
     * inside the Volcano planner a set's selectivity from its rel (Calcite would guess).
     */
    public static final class Selectivity extends RelMdSelectivity {
        public Double getSelectivity(RelSubset rel, RelMetadataQuery mq, RexNode predicate) {
            RelNode r = Util.first(rel.getBest(), rel.getOriginal());
            return r == null ? super.getSelectivity(rel, mq, predicate) : mq.getSelectivity(r, predicate);
        }

        @Override
        public Double getSelectivity(Aggregate rel, RelMetadataQuery mq, RexNode predicate) {
            if (predicate == null || predicate.isAlwaysTrue()) return 1.0;
            List<RexNode> onGroups = new ArrayList<>();
            double s = 1;
            for (RexNode c : RelOptUtil.conjunctions(predicate)) {
                Double own = AggregateSelectivity.of(rel, c, mq);
                if (own != null) s *= own;
                else onGroups.add(c);
            }
            if (onGroups.isEmpty()) return s;
            Double rest = super.getSelectivity(rel, mq, RexUtil.composeConjunction(rel.getCluster().getRexBuilder(), onGroups));
            return rest == null ? null : s * rest;
        }
    }

    /**
     * A scan's output field comes from the table column it projects (Calcite would take the
     * field's position); a Volcano set's from its rel.
     */
    public static final class ColumnOrigins implements MetadataHandler<BuiltInMetadata.ColumnOrigin> {
        @Override
        public MetadataDef<BuiltInMetadata.ColumnOrigin> getDef() {
            return BuiltInMetadata.ColumnOrigin.DEF;
        }

        public Set<RelColumnOrigin> getColumnOrigins(AdaptiveScan scan, RelMetadataQuery mq, int field) {
            return Set.of(new RelColumnOrigin(scan.getTable(), scan.columns().get(field), false));
        }

        public Set<RelColumnOrigin> getColumnOrigins(RelSubset rel, RelMetadataQuery mq, int field) {
            RelNode r = Util.first(rel.getBest(), rel.getOriginal());
            return r == null ? null : mq.getColumnOrigins(r, field);
        }
    }

    /**
     * Value sizes as the engine stores them in its rows (8 bytes each, strings also their bytes),
     * for scans from the manifest ({@link ColumnStats#width}), for a Volcano set from its rel.
     * Calcite would size an unbounded VARCHAR at a negative number of bytes and a DECIMAL by its digits.
     */
    public static final class Size extends RelMdSize {
        public List<Double> averageColumnSizes(AdaptiveScan scan, RelMetadataQuery mq) {
            return scan.columns().stream().map(c -> scan.ascanTable().stats(c).width()).toList();
        }

        public List<Double> averageColumnSizes(RelSubset rel, RelMetadataQuery mq) {
            RelNode r = Util.first(rel.getBest(), rel.getOriginal());
            return r == null ? super.averageColumnSizes(rel, mq) : mq.getAverageColumnSizes(r);
        }

        @Override
        public Double averageTypeValueSize(RelDataType type) {
            return switch (type.getSqlTypeName()) {
                case CHAR, VARCHAR -> ColumnStats.VALUE_BYTES + ColumnStats.STRING_BYTES;
                default -> ColumnStats.VALUE_BYTES;
            };
        }
    }

    /** {@code v} capped at {@code bound}; an unknown (null) estimate stays unknown. */
    private static Double atMost(Double v, Double bound) {
        if (v == null || bound == null) return v;
        return Math.min(v, bound); // not one conditional expression: its type would be double, unboxing a null v
    }
}
