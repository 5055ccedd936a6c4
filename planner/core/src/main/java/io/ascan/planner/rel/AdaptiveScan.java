package io.ascan.planner.rel;

import io.ascan.expr.Expr;
import io.ascan.format.SegmentMeta;
import io.ascan.format.SliceMeta;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ScanNode;
import io.ascan.planner.physical.AscanRel;
import io.ascan.planner.physical.PhysicalTranslator;
import io.ascan.planner.rex.ExprTranslator;
import io.ascan.planner.schema.AscanTable;
import io.ascan.planner.stats.ScanSelectivity;
import io.ascan.scan.SlicePruner;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.ImmutableIntList;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The A-Scan leaf (paper III-C): a table handle, a projection ({@code columns}, table column
 * indexes in output order), the pushed scan-local predicate P, and slots for runtime filters R.
 * P is a RexNode over the table's columns (input ref i = table column i, whether projected or
 * not) and the scan owns it: every row it emits satisfies P, in every mode, so nothing above
 * re-applies it. Only predicates the engine IR can express are pushed, so {@link #predicate()}
 * always translates.
 *
 * <p>The scan is already the engine's operator: it enters the ascan convention unchanged and
 * becomes a {@link ScanNode}.
 *
 * <p>EXPLAIN prints P as the engine will evaluate it, with column names, and how many slices
 * remain after zone-map pruning.
 */
public final class AdaptiveScan extends TableScan implements AscanRel {
    private final AscanTable ascanTable;
    private final ImmutableIntList columns;
    private final @Nullable RexNode condition;
    private final List<RuntimeFilterSlot> runtimeFilters;
    private @Nullable Expr predicate;
    private @Nullable List<SliceMeta> slices;
    private String @Nullable [] terms;

    private AdaptiveScan(RelOptCluster cluster, RelTraitSet traits, RelOptTable relOptTable, AscanTable ascanTable,
                         ImmutableIntList columns, @Nullable RexNode condition, List<RuntimeFilterSlot> runtimeFilters) {
        super(cluster, traits, List.of(), relOptTable);
        this.ascanTable = Objects.requireNonNull(ascanTable);
        this.columns = columns;
        this.condition = condition;
        this.runtimeFilters = List.copyOf(runtimeFilters);
    }

    /** A scan of every column, nothing pushed. */
    public static AdaptiveScan create(RelOptCluster cluster, RelOptTable relOptTable, AscanTable table) {
        int n = table.table().schema().size();
        return new AdaptiveScan(cluster, cluster.traitSet(), relOptTable, table, ImmutableIntList.identity(n), null, List.of());
    }

    public AdaptiveScan withColumns(List<Integer> newColumns) {
        return new AdaptiveScan(getCluster(), traitSet, table, ascanTable, ImmutableIntList.copyOf(newColumns), condition,
                runtimeFilters);
    }

    /** This scan with P replaced by {@code newCondition} (over table columns; null = TRUE). */
    public AdaptiveScan withCondition(@Nullable RexNode newCondition) {
        return new AdaptiveScan(getCluster(), traitSet, table, ascanTable, columns, newCondition, runtimeFilters);
    }

    public AscanTable ascanTable() {
        return ascanTable;
    }

    /** Table column index of each output field. */
    public ImmutableIntList columns() {
        return columns;
    }

    /** P as a RexNode over the table's columns; null when nothing is pushed. */
    public @Nullable RexNode condition() {
        return condition;
    }

    /** P in the engine's IR (column refs index the table's columns); null when nothing is pushed. */
    public @Nullable Expr predicate() {
        if (predicate == null && condition != null) predicate = ExprTranslator.translate(condition);
        return predicate;
    }

    public List<RuntimeFilterSlot> runtimeFilters() {
        return runtimeFilters;
    }

    /**
     * The slices whose zone maps may hold a row passing P. With {@code ?} parameters in P only its
     * parameter-free conjuncts prune here; {@link #implement} prunes again with the bound values.
     */
    public List<SliceMeta> slices() {
        if (slices == null) slices = SlicePruner.prune(pruningPredicate(), manifestSlices());
        return slices;
    }

    /** P without the conjuncts that hold parameters (whose values are not known yet). */
    private @Nullable Expr pruningPredicate() {
        if (!ExprTranslator.hasParameters(condition)) return predicate();
        List<RexNode> fixed = RelOptUtil.conjunctions(condition).stream().filter(c -> !ExprTranslator.hasParameters(c)).toList();
        return fixed.isEmpty() ? null
                : ExprTranslator.translate(RexUtil.composeConjunction(getCluster().getRexBuilder(), fixed));
    }

    private List<SliceMeta> manifestSlices() {
        return ascanTable.table().manifest().slices();
    }

    /**
     * The table column to deliver when the plan uses none (COUNT(*), constants): a scan still
     * needs one for its row counts. One P reads costs nothing more; else the smallest on disk.
     */
    public int cheapestColumn() {
        Expr p = predicate();
        int[] candidates = p != null && p.columns().length > 0 ? p.columns()
                : java.util.stream.IntStream.range(0, ascanTable.columnNames().size()).toArray();
        int best = candidates[0];
        long bestBytes = Long.MAX_VALUE;
        for (int c : candidates) {
            long bytes = 0;
            for (SliceMeta s : manifestSlices()) bytes += s.segment(c).length();
            if (bytes < bestBytes) {
                best = c;
                bestBytes = bytes;
            }
        }
        return best;
    }

    /** Columns the scan reads: the projection and the columns P needs. */
    public BitSet readColumns() {
        BitSet read = new BitSet();
        columns.forEach(read::set);
        Expr p = predicate();
        if (p != null) for (int c : p.columns()) read.set(c);
        return read;
    }

    /** With parameters in P, P takes the bound values and the zone maps prune for them. */
    @Override
    public PhysicalNode implement(PhysicalTranslator translator) {
        if (!ExprTranslator.hasParameters(condition)) {
            return new ScanNode(ascanTable.table(), columns.toIntArray(), predicate(), slices());
        }
        Expr bound = translator.expr(condition);
        return new ScanNode(ascanTable.table(), columns.toIntArray(), bound, SlicePruner.prune(bound, slices()));
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new AdaptiveScan(getCluster(), traitSet, table, ascanTable, columns, condition, runtimeFilters);
    }

    @Override
    public RelDataType deriveRowType() {
        List<RelDataTypeField> fields = table.getRowType().getFieldList();
        var b = getCluster().getTypeFactory().builder();
        for (int c : columns) b.add(fields.get(c));
        return b.build();
    }

    /** Also the digest by which the planners tell rels apart, so computed once (a scan is immutable). */
    @Override
    public RelWriter explainTerms(RelWriter pw) {
        if (terms == null) {
            int width = ascanTable.columnNames().size();
            // Parameters print as ?0, ?1, ... (display references past the last column).
            Expr p = condition == null ? null : ExprTranslator.forDisplay(width).apply(condition);
            terms = new String[] {
                    columns.stream().map(this::columnName).collect(Collectors.joining(", ")),
                    p == null ? "" : p.format(c -> c < width ? columnName(c) : "?" + (c - width)),
                    runtimeFilters.stream().map(r -> columnName(r.column()) + "<-" + r.producer()).collect(Collectors.joining(", ")),
                    slices().size() + " of " + manifestSlices().size()};
        }
        return super.explainTerms(pw).item("columns", terms[0]).item("P", terms[1]).item("R", terms[2]).item("slices", terms[3]);
    }

    private String columnName(int tableColumn) {
        return ascanTable.columnNames().get(tableColumn);
    }

    /**
     * The table's rows times P's selectivity from the column statistics, at most the rows of the
     * slices left after pruning.
     */
    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        long rows = 0;
        for (SliceMeta s : slices()) rows += s.rowCount();
        return Math.min(rows, ascanTable.table().rowCount() * ScanSelectivity.of(condition, ascanTable::stats, ascanTable::sample));
    }

    /**
     * Bytes read are the segments of the read columns in the slices left after pruning: fewer
     * columns and a more selective P both cost less. CPU is one unit per value read.
     */
    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        BitSet read = readColumns();
        long bytes = 0, values = 0;
        for (SliceMeta s : slices()) {
            for (int c = read.nextSetBit(0); c >= 0; c = read.nextSetBit(c + 1)) {
                SegmentMeta seg = s.segment(c);
                bytes += seg.length();
                values += s.rowCount();
            }
        }
        return planner.getCostFactory().makeCost(estimateRowCount(mq), values, bytes);
    }
}
