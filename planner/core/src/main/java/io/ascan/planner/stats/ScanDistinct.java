package io.ascan.planner.stats;

import io.ascan.planner.rel.AdaptiveScan;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Distinct values of scan columns among the rows that pass the scan's predicate P. A column's own
 * conjuncts in P ({@code o_orderdate} in one year) keep that share of its values; the rest of P
 * keeps a value if any of its rows passes: with the column's remaining rows spread evenly over its
 * remaining values, {@code ndv * (1 - (1 - s)^(rows / ndv))} for a selectivity s. So an unfiltered
 * column has all its distinct values and a key filtered to s has s of them (Calcite's
 * sampling-with-replacement formula would give 63% of a key's values for the whole table).
 * Several columns multiply, up to the rows passing.
 */
final class ScanDistinct {
    private ScanDistinct() {}

    /** Distinct values of {@code groupKey} (output fields of {@code scan}); {@code extra}: selectivity of a further predicate. */
    static double of(AdaptiveScan scan, ImmutableBitSet groupKey, double extra, RelMetadataQuery mq) {
        double table = scan.ascanTable().table().rowCount();
        double rows = scan.estimateRowCount(mq) * extra;
        if (groupKey.isEmpty()) return rows > 0 ? 1.0 : 0.0;
        if (table <= 0 || rows <= 0) return 0.0;
        double passing = rows / table;
        List<RexNode> conjuncts = RelOptUtil.conjunctions(scan.condition());
        double ndv = 1;
        for (int field : groupKey) {
            int column = scan.columns().get(field);
            ColumnStats stats = scan.ascanTable().stats(column);
            double own = ScanSelectivity.of(ownConjuncts(scan, conjuncts, column), scan.ascanTable()::stats,
                    scan.ascanTable()::sample);
            double values = Math.max(1, Math.min(stats.distinct() * own, table * own));
            double rest = own <= 0 ? 0 : Math.clamp(passing / own, 0.0, 1.0);
            ndv *= values * survivors(rest, table * own / values);
        }
        return Math.max(1, Math.min(ndv, rows));
    }

    /**
     * The values column {@code field} of {@code scan} can take under P's conjuncts on it alone (all
     * the column's values if it has none): the set that P's other conjuncts thin out.
     */
    static double values(AdaptiveScan scan, int field) {
        int column = scan.columns().get(field);
        ColumnStats stats = scan.ascanTable().stats(column);
        double table = scan.ascanTable().table().rowCount();
        double own = ScanSelectivity.of(ownConjuncts(scan, RelOptUtil.conjunctions(scan.condition()), column),
                scan.ascanTable()::stats, scan.ascanTable()::sample);
        return Math.max(1, Math.min(stats.distinct() * own, table * own));
    }

    /** The fraction of values kept when each of its {@code rowsPerValue} rows is kept with probability {@code s}. */
    static double survivors(double s, double rowsPerValue) {
        if (s >= 1) return 1;
        return 1 - Math.pow(1 - s, Math.max(1, rowsPerValue));
    }

    private static RexNode ownConjuncts(AdaptiveScan scan, List<RexNode> conjuncts, int column) {
        List<RexNode> own = new ArrayList<>();
        for (RexNode c : conjuncts) {
            if (RelOptUtil.InputFinder.bits(c).equals(ImmutableBitSet.of(column))) own.add(c);
        }
        return own.isEmpty() ? null : RexUtil.composeConjunction(scan.getCluster().getRexBuilder(), own);
    }
}
