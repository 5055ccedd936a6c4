package org.apache.calcite.sql2rel;

import static java.util.Objects.requireNonNull;

import io.ascan.exec.CancelSignal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.Strong;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.rex.RexWindow;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.tools.RelBuilderFactory;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.Litmus;
import org.apache.calcite.util.Pair;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Calcite's {@link RelDecorrelator}, except that a Correlate's outer rows join the values its
 * inner side was computed for on {@code =} only where those values are never NULL, and on
 * {@code IS NOT DISTINCT FROM} otherwise.
 *
 * <p>Calcite decides that with an {@code isFieldNotNull} that takes a LEFT join's condition for
 * a filter of its left rows: for the second of two correlated sub-queries of one SELECT list,
 * the outer values (computed over the first one's LEFT join) counted as never NULL, and an
 * outer row whose correlation column is NULL lost its empty sub-query's count, so
 * {@code k IN (SELECT ... WHERE tc.id = ta.id)} was UNKNOWN instead of FALSE for a NULL
 * {@code ta.id}. It also read an aggregate's group keys by the bit set's size, not its key
 * count: an index error for a sub-query correlated with an aggregated CTE. This class lives in
 * Calcite's package because the frames it builds are package-private.
 */
public final class AscanRelDecorrelator extends RelDecorrelator {
    private AscanRelDecorrelator(CorelMap cm, RelBuilder relBuilder, RelNode root) {
        super(cm, root.getCluster().getPlanner().getContext(), relBuilder);
    }

    /** As {@link RelDecorrelator#decorrelateQuery(RelNode, RelBuilder)}. */
    public static RelNode decorrelateQuery(RelNode root, RelBuilder relBuilder) {
        CorelMap corelMap = new CorelMapBuilder().build(root);
        if (!corelMap.hasCorrelation()) return root;
        AscanRelDecorrelator decorrelator = new AscanRelDecorrelator(corelMap, relBuilder, root);
        RelNode r = decorrelator.removeCorrelationViaRule(root);
        if (!decorrelator.cm.getMapCorToCorRel().isEmpty()) r = decorrelator.decorrelate(r, null);
        // A column may come out nullable where it was NOT NULL (an aggregate rebuilt over a key that
        // rewriting made constant): the same values, a wider type, which only the result's metadata sees.
        Litmus.THROW.check(root.getRowType().equalsSansFieldNames(r.getRowType()) || widensNullability(root, r),
                "Decorrelation produced a relation with a different type; before: {} after: {}",
                root.getRowType().getFullTypeString(), r.getRowType().getFullTypeString());
        return RelOptUtil.propagateRelHints(r, true);
    }

    /**
     * The builders of the rules Calcite's decorrelation runs in Hep planners of its own, which
     * ascan's listener ({@code CancelChecks}) cannot watch: each rule that fires asks for one, and
     * that is where a cancelled or timed-out query stops decorrelating (fuzzer seed 31 q497 spent
     * half of its 35 s plan there, and its planning thread ran long past the query's timeout).
     */
    @Override
    protected RelBuilderFactory relBuilderFactory() {
        RelBuilderFactory builders = super.relBuilderFactory();
        return (cluster, schema) -> {
            CancelSignal.check();
            return builders.create(cluster, schema);
        };
    }

    private static boolean widensNullability(RelNode before, RelNode after) {
        List<RelDataTypeField> b = before.getRowType().getFieldList(), a = after.getRowType().getFieldList();
        if (b.size() != a.size()) return false;
        for (int i = 0; i < b.size(); i++) {
            RelDataType bt = b.get(i).getType(), at = a.get(i).getType();
            if (!bt.equals(at) && !(at.isNullable() && before.getCluster().getTypeFactory().createTypeWithNullability(bt, true).equals(at))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Rels an aggregate reads: a missing row is not a row of NULLs there (COUNT(*) counts it), so
     * a global aggregate among them must make its row for every correlation value (Calcite's
     * scalar-aggregate rewrite) even when a later operator would treat NULL and no row alike.
     * Calcite passes that flag down unchanged through an aggregate, so
     * {@code k IN (SELECT MIN(1) ... WHERE <no row> AND <correlated>)} counted no row and was FALSE, not NULL.
     */
    private final Set<RelNode> rowsCounted = Collections.newSetFromMap(new IdentityHashMap<>());

    @Override
    public @Nullable Frame decorrelateRel(Aggregate rel, boolean isCorVarDefined, boolean parentPropagatesNullValues) {
        CancelSignal.check();
        rowsCounted.add(rel.getInput());
        return super.decorrelateRel(rel, isCorVarDefined, parentPropagatesNullValues && !rowsCounted.contains(rel));
    }

    @Override
    public @Nullable Frame decorrelateRel(Project rel, boolean isCorVarDefined, boolean parentPropagatesNullValues) {
        CancelSignal.check();
        if (rowsCounted.contains(rel)) rowsCounted.add(rel.getInput());
        Frame frame = super.decorrelateRel(rel, isCorVarDefined, parentPropagatesNullValues && !rowsCounted.contains(rel));
        if (frame == null || frame.corDefOutputs.isEmpty() || !RexOver.containsOver(rel.getProjects(), null)) return frame;
        return windowsPerCorrelationValue(rel, frame);
    }

    /**
     * A window function of a correlated sub-query ranges over the rows of one outer value: the
     * decorrelated input holds the rows of every correlation value together, so each window is
     * partitioned by those values too. Calcite leaves the windows as they were, and
     * {@code x IN (SELECT SUM(1) OVER () FROM t WHERE t.k <> outer.id)} counted all outer values' rows.
     */
    private @Nullable Frame windowsPerCorrelationValue(Project rel, Frame frame) {
        if (!(frame.r instanceof Project p)) return null;
        List<RexNode> values = new ArrayList<>();
        for (int pos : frame.corDefOutputs.values()) values.add(p.getProjects().get(pos));
        RexShuttle partitioned = new RexShuttle() {
            @Override
            public RexNode visitOver(RexOver over) {
                RexOver o = (RexOver) super.visitOver(over);
                RexWindow w = o.getWindow();
                List<RexNode> keys = new ArrayList<>(w.partitionKeys);
                keys.addAll(values);
                return relBuilder.getRexBuilder().makeOver(o.getType(), o.getAggOperator(), o.getOperands(), keys, w.orderKeys,
                        w.getLowerBound(), w.getUpperBound(), w.getExclude(), w.isRows(), true, false, o.isDistinct(), o.ignoreNulls());
            }
        };
        RelNode windowed = p.copy(p.getTraitSet(), p.getInput(), partitioned.apply(p.getProjects()), p.getRowType());
        return register(rel, windowed, frame.oldToNewOutputs, frame.corDefOutputs);
    }

    /**
     * Calcite 1.42's method with {@link #notNull} in place of its {@code isFieldNotNull}: the
     * Correlate becomes a join of the outer rows with the inner side's rows for the correlation
     * values, on those values (on none when the inner side lost its correlation); correlation
     * values of other Correlates pass up.
     */
    @Override
    public @Nullable Frame decorrelateRel(Correlate rel, boolean isCorVarDefined, boolean parentPropagatesNullValues) {
        RelNode oldLeft = rel.getInput(0), oldRight = rel.getInput(1);
        Frame leftFrame = getInvoke(oldLeft, isCorVarDefined, rel, parentPropagatesNullValues);
        if (leftFrame == null) return null;
        frameStack.push(Pair.of(rel.getCorrelationId(), leftFrame));
        Frame rightFrame = getInvoke(oldRight, true, rel, rel.getJoinType() == JoinRelType.LEFT || parentPropagatesNullValues);
        frameStack.pop();
        // A right input that simplified to one without this correlation (an EXISTS over a filter
        // proven FALSE) joins every outer row: Calcite gave up on it.
        if (rightFrame == null || RelOptUtil.getVariablesUsed(rightFrame.r).contains(rel.getCorrelationId())) return null;

        NavigableMap<CorDef, Integer> corDefOutputs = new TreeMap<>(rightFrame.corDefOutputs);
        List<RexNode> conditions = new ArrayList<>();
        List<RelDataTypeField> newLeftOutput = leftFrame.r.getRowType().getFieldList();
        int newLeftFieldCount = newLeftOutput.size();
        List<RelDataTypeField> newRightOutput = rightFrame.r.getRowType().getFieldList();
        for (Map.Entry<CorDef, Integer> rightOutput : new ArrayList<>(corDefOutputs.entrySet())) {
            CorDef corDef = rightOutput.getKey();
            if (!corDef.corr.equals(rel.getCorrelationId())) continue;
            int newLeftPos = requireNonNull(leftFrame.oldToNewOutputs.get(corDef.field));
            int newRightPos = rightOutput.getValue();
            RexNode outer = RexInputRef.of(newLeftPos, newLeftOutput);
            RexNode inner = new RexInputRef(newLeftFieldCount + newRightPos, newRightOutput.get(newRightPos).getType());
            conditions.add(notNull(rightFrame.r, newRightPos) ? relBuilder.equals(outer, inner)
                    : relBuilder.isNotDistinctFrom(outer, inner));
            corDefOutputs.remove(corDef);
        }
        // Correlation values not joined on here pass on, after the left input's fields.
        corDefOutputs.replaceAll((corDef, pos) -> pos + newLeftFieldCount);
        corDefOutputs.putAll(leftFrame.corDefOutputs);

        Map<Integer, Integer> mapOldToNewOutputs = new HashMap<>(leftFrame.oldToNewOutputs);
        int oldLeftFieldCount = oldLeft.getRowType().getFieldCount();
        for (int i = 0; i < oldRight.getRowType().getFieldCount(); i++) {
            mapOldToNewOutputs.put(i + oldLeftFieldCount, requireNonNull(rightFrame.oldToNewOutputs.get(i)) + newLeftFieldCount);
        }
        RexNode condition = RexUtil.composeConjunction(relBuilder.getRexBuilder(), conditions);
        RelNode newJoin = relBuilder.push(leftFrame.r).push(rightFrame.r).join(rel.getJoinType(), condition).build();
        return register(rel, newJoin, mapOldToNewOutputs, corDefOutputs);
    }

    /**
     * A SEMI or ANTI join inside a correlated sub-query ({@code SubQueryJoins} makes them of
     * [NOT] EXISTS and NOT IN before decorrelation): Calcite gives up on it when an input is
     * correlated. Its rows are its left input's, so the correlation values the left input carries
     * pass through it; a right input correlated with an outer query (a sub-query two levels down)
     * is joined on those values as well.
     */
    @Override
    public @Nullable Frame decorrelateRel(Join rel, boolean isCorVarDefined, boolean parentPropagatesNullValues) {
        if (rel.getJoinType().projectsRight()) return super.decorrelateRel(rel, isCorVarDefined, parentPropagatesNullValues);
        Frame leftFrame = getInvoke(rel.getLeft(), isCorVarDefined, rel, parentPropagatesNullValues);
        // Whether a right row exists decides, so a missing row is never a row of NULLs there.
        Frame rightFrame = getInvoke(rel.getRight(), isCorVarDefined, rel, false);
        if (leftFrame == null || rightFrame == null) return null;
        RexNode condition = decorrelateExpr(rel, map, cm, rel.getCondition());
        if (RexUtil.containsFieldAccess(condition)) return null;
        Frame newLeft = leftFrame;
        List<RexNode> conditions = new ArrayList<>(List.of(condition));
        if (!rightFrame.corDefOutputs.isEmpty()) {
            // Correlated on both levels: the left rows carry the right input's correlation values
            // too (from a value generator where they lack them), and match the right rows of theirs.
            List<CorRef> missing = new ArrayList<>();
            for (CorDef d : rightFrame.corDefOutputs.keySet()) {
                if (!leftFrame.corDefOutputs.containsKey(d)) missing.add(new CorRef(d.corr, d.field, missing.size()));
            }
            if (!missing.isEmpty()) {
                NavigableMap<CorDef, Integer> supplied = new TreeMap<>(leftFrame.corDefOutputs);
                newLeft = supplyMissingCorVars(rel.getLeft(), leftFrame, missing, supplied);
                // registered for the left input now, so the condition reads its fields
                conditions = new ArrayList<>(List.of(decorrelateExpr(rel, map, cm, rel.getCondition())));
            }
            int leftCount = newLeft.r.getRowType().getFieldCount();
            for (Map.Entry<CorDef, Integer> e : rightFrame.corDefOutputs.entrySet()) {
                int l = requireNonNull(newLeft.corDefOutputs.get(e.getKey())), r = e.getValue();
                conditions.add(relBuilder.isNotDistinctFrom(RexInputRef.of(l, newLeft.r.getRowType()),
                        new RexInputRef(leftCount + r, rightFrame.r.getRowType().getFieldList().get(r).getType())));
            }
        }
        RexNode all = RexUtil.composeConjunction(relBuilder.getRexBuilder(), conditions);
        RelNode newJoin = relBuilder.push(newLeft.r).push(rightFrame.r).join(rel.getJoinType(), all).build();
        return register(rel, newJoin, newLeft.oldToNewOutputs, newLeft.corDefOutputs);
    }

    /** Calcite's private {@code supplyMissingCorVars}: joins a value generator of {@code missing} to the frame. */
    private Frame supplyMissingCorVars(RelNode oldInput, Frame frame, List<CorRef> missing,
            NavigableMap<CorDef, Integer> corDefOutputs) {
        try {
            java.lang.reflect.Method m = RelDecorrelator.class.getDeclaredMethod("supplyMissingCorVars",
                    RelNode.class, Frame.class, List.class, NavigableMap.class);
            m.setAccessible(true);
            return (Frame) m.invoke(this, oldInput, frame, missing, corDefOutputs);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Calcite's RelDecorrelator.supplyMissingCorVars is not there", e);
        }
    }

    /** Whether field {@code i} of {@code rel} is never NULL: Calcite's reasoning, with joins that keep unmatched rows. */
    private static boolean notNull(RelNode rel, int i) {
        if (!rel.getRowType().getFieldList().get(i).getType().isNullable()) return true;
        return switch (rel) {
            case Project p -> p.getProjects().get(i) instanceof RexInputRef ref && notNull(p.getInput(), ref.getIndex());
            case Aggregate a -> i < a.getGroupCount() && notNull(a.getInput(), a.getGroupSet().nth(i));
            case Filter f -> Strong.isNotTrue(f.getCondition(), ImmutableBitSet.of(i)) || notNull(f.getInput(), i);
            case Join j -> {
                int left = j.getLeft().getRowType().getFieldCount();
                boolean onLeft = i < left;
                // The condition filters a side's rows only when the join keeps no unmatched row of it.
                JoinRelType t = j.getJoinType();
                boolean filtered = onLeft ? t == JoinRelType.INNER || t == JoinRelType.SEMI || t == JoinRelType.RIGHT
                        : t == JoinRelType.INNER || t == JoinRelType.LEFT;
                boolean padded = onLeft ? t.generatesNullsOnLeft() : t.generatesNullsOnRight();
                if (padded) yield false;
                yield filtered && Strong.isNotTrue(j.getCondition(), ImmutableBitSet.of(i))
                        || notNull(onLeft ? j.getLeft() : j.getRight(), onLeft ? i : i - left);
            }
            default -> false;
        };
    }
}
