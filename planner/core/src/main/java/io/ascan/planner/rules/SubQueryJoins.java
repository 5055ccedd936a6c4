package io.ascan.planner.rules;

import io.ascan.planner.rel.AdaptiveScan;
import com.google.common.collect.ImmutableSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Turns WHERE conjuncts {@code EXISTS (q)}, {@code NOT EXISTS (q)} and {@code x NOT IN (q)} into
 * the engine's SEMI and ANTI hash joins, before Calcite's sub-query rules would make them a
 * LEFT join with a marker column that a filter tests for NULL (for EXISTS with a non-equality
 * correlation, as TPC-H q21's {@code l2.l_suppkey <> l1.l_suppkey}, even a join of the outer
 * query's distinct values with the whole sub-query, aggregated twice).
 *
 * <ul>
 *   <li>{@code [NOT] EXISTS (SELECT ... FROM r WHERE c)}, where only c refers to the outer row:
 *       the filter's input SEMI (ANTI) joined with r on the conjuncts of c that refer to the
 *       outer row; c's other conjuncts filter r first. A row is kept when some (no) row of r
 *       makes c TRUE: exactly EXISTS (NOT EXISTS), NULLs included.</li>
 *   <li>{@code x NOT IN (SELECT y FROM q)}, q uncorrelated: TRUE when q is empty, or when x is
 *       not NULL, equals no y, and no y is NULL; otherwise FALSE or UNKNOWN, so the row goes.
 *       An ANTI join on {@code x = y} keeps the rows equal to no y (a NULL x equals none); when x
 *       or y may be NULL, a one-row count of q's rows and non-NULL y's joins in, and the row stays
 *       if {@code count(*) = 0 OR (x IS NOT NULL AND count(y) = count(*))}. Whether a column
 *       can hold NULL comes from its type or, through filters, projections and inner joins, from
 *       the manifest's NULL counts of the scanned column (a plan depends on its manifests anyway).</li>
 * </ul>
 *
 * {@code x IN (q)} stays with Calcite: it becomes an inner join with q's distinct values, which
 * the join orderer can place early (a SEMI join here would stay above every inner join).
 * Anything else (a correlation outside q's top filter, in a projection or under an aggregate, a
 * sub-query inside OR) is left to Calcite's rules too.
 */
public final class SubQueryJoins {
    private SubQueryJoins() {}

    /** {@code rel} with every such conjunct rewritten, in sub-queries too. */
    public static RelNode rewrite(RelNode rel) {
        return rel.accept(new Rewriter());
    }

    private static final class Rewriter extends RelShuttleImpl {
        @Override
        public RelNode visit(LogicalFilter filter) {
            LogicalFilter f = (LogicalFilter) super.visit(filter);
            RexNode condition = f.getCondition().accept(new RexShuttle() {
                @Override
                public RexNode visitSubQuery(RexSubQuery s) {
                    RexSubQuery visited = (RexSubQuery) super.visitSubQuery(s);
                    RelNode rewritten = visited.rel.accept(Rewriter.this);
                    return rewritten == visited.rel ? visited : visited.clone(rewritten);
                }
            });
            RelNode input = f.getInput();
            RexBuilder rex = f.getCluster().getRexBuilder();
            List<RexNode> kept = new ArrayList<>();
            List<Joiner> joins = new ArrayList<>();
            for (RexNode conjunct : RelOptUtil.conjunctions(condition)) {
                Joiner j = joiner(conjunct, input, f.getVariablesSet());
                if (j != null) joins.add(j); else kept.add(conjunct);
            }
            if (joins.isEmpty()) return condition == f.getCondition() ? f : f.copy(f.getTraitSet(), input, condition);
            RexNode rest = RexUtil.composeConjunction(rex, kept);
            Set<CorrelationId> stillUsed = new HashSet<>();
            for (CorrelationId id : f.getVariablesSet()) if (uses(rest, id)) stillUsed.add(id);
            RelNode r = kept.isEmpty() ? input : LogicalFilter.create(input, rest, ImmutableSet.copyOf(stillUsed));
            for (Joiner j : joins) r = j.apply(r);
            return r;
        }
    }

    /** Builds the join for one conjunct on top of the filtered outer input. */
    private interface Joiner {
        RelNode apply(RelNode outer);
    }

    private static Joiner joiner(RexNode conjunct, RelNode outer, Set<CorrelationId> variables) {
        boolean negated = conjunct.getKind() == SqlKind.NOT;
        RexNode e = negated ? ((RexCall) conjunct).getOperands().getFirst() : conjunct;
        if (!(e instanceof RexSubQuery s)) return null;
        if (s.getKind() == SqlKind.EXISTS) return exists(s, outer, variables, negated);
        if (s.getKind() == SqlKind.IN && negated) return notIn(s, outer, variables);
        return null;
    }

    private static Joiner exists(RexSubQuery s, RelNode outer, Set<CorrelationId> variables, boolean negated) {
        if (variables.size() != 1) return null;
        CorrelationId cor = variables.iterator().next();
        RelNode q = s.rel;
        while (q instanceof Project p && !uses(p, cor)) q = p.getInput();
        if (!(q instanceof Filter inner) || uses(inner.getInput(), cor) || containsSubQuery(inner.getCondition())) return null;
        RelNode right = inner.getInput();
        int width = outer.getRowType().getFieldCount();
        List<RexNode> local = new ArrayList<>();
        List<RexNode> correlated = new ArrayList<>();
        RexShuttle toJoin = toJoinRefs(cor, outer.getRowType(), width);
        for (RexNode c : RelOptUtil.conjunctions(inner.getCondition())) {
            if (!uses(c, cor)) {
                local.add(c);
                continue;
            }
            RexNode j = c.accept(toJoin);
            if (j == null || uses(j, cor)) return null; // the outer row used whole, not by field
            // An ANTI join's condition must keep every conjunct that touches the outer row only:
            // pushed into the outer input, it would drop rows NOT EXISTS keeps.
            if (negated && RelOptUtil.InputFinder.bits(j).nextSetBit(width) < 0) return null;
            correlated.add(j);
        }
        if (correlated.isEmpty()) return null; // uncorrelated: Calcite's plan (a count) is as good
        RexBuilder rex = outer.getCluster().getRexBuilder();
        RelNode filteredRight = local.isEmpty() ? right : LogicalFilter.create(right, RexUtil.composeConjunction(rex, local));
        RexNode condition = RexUtil.composeConjunction(rex, correlated);
        return o -> LogicalJoin.create(o, filteredRight, List.of(), condition, Set.of(), negated ? JoinRelType.ANTI : JoinRelType.SEMI);
    }

    private static Joiner notIn(RexSubQuery s, RelNode outer, Set<CorrelationId> variables) {
        RelNode q = s.rel;
        if (s.getOperands().size() != 1 || q.getRowType().getFieldCount() != 1) return null;
        if (containsCorrelation(q)) return null;
        RexNode x = s.getOperands().getFirst();
        RelDataType yType = q.getRowType().getFieldList().getFirst().getType();
        if (!SqlTypeUtil.equalSansNullability(outer.getCluster().getTypeFactory(), x.getType(), yType)) return null;
        if (RexUtil.containsCorrelation(x) || containsSubQuery(x)) return null;
        RexBuilder rex = outer.getCluster().getRexBuilder();
        int width = outer.getRowType().getFieldCount();
        RexNode equal = rex.makeCall(SqlStdOperatorTable.EQUALS, x, new RexInputRef(width, yType));
        boolean xNeverNull = !x.getType().isNullable() || (x instanceof RexInputRef r && neverNull(outer, r.getIndex()));
        boolean yNeverNull = neverNull(q, 0);
        return o -> {
            RelNode anti = LogicalJoin.create(o, q, List.of(), equal, Set.of(), JoinRelType.ANTI);
            if (xNeverNull && yNeverNull) return anti;
            // One row: c = count(*), ck = count(y).
            RelNode counts = LogicalAggregate.create(q, List.of(), ImmutableBitSet.of(), null, List.of(
                    AggregateCall.create(SqlStdOperatorTable.COUNT, false, false, false, List.of(), List.of(), -1, null,
                            org.apache.calcite.rel.RelCollations.EMPTY, 0, q, null, "c"),
                    AggregateCall.create(SqlStdOperatorTable.COUNT, false, false, false, List.of(), List.of(0), -1, null,
                            org.apache.calcite.rel.RelCollations.EMPTY, 0, q, null, "ck")));
            RelNode joined = LogicalJoin.create(anti, counts, List.of(), rex.makeLiteral(true), Set.of(), JoinRelType.INNER);
            RexNode c = new RexInputRef(width, counts.getRowType().getFieldList().get(0).getType());
            RexNode ck = new RexInputRef(width + 1, counts.getRowType().getFieldList().get(1).getType());
            RexNode empty = rex.makeCall(SqlStdOperatorTable.EQUALS, c, rex.makeZeroLiteral(c.getType()));
            RexNode noNulls = rex.makeCall(SqlStdOperatorTable.AND, rex.makeCall(SqlStdOperatorTable.IS_NOT_NULL, x),
                    rex.makeCall(SqlStdOperatorTable.EQUALS, ck, c));
            RelNode kept = LogicalFilter.create(joined, rex.makeCall(SqlStdOperatorTable.OR, empty, noNulls));
            List<RexNode> fields = new ArrayList<>();
            for (int i = 0; i < width; i++) fields.add(new RexInputRef(i, o.getRowType().getFieldList().get(i).getType()));
            return LogicalProject.create(kept, List.of(), fields, o.getRowType().getFieldNames(), Set.of());
        };
    }

    /** Outer fields ({@code $cor.f}) become join input refs f, sub-query refs i become width + i; null if the row is used whole. */
    private static RexShuttle toJoinRefs(CorrelationId cor, RelDataType outerType, int width) {
        return new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return new RexInputRef(width + ref.getIndex(), ref.getType());
            }

            @Override
            public RexNode visitFieldAccess(RexFieldAccess access) {
                if (access.getReferenceExpr() instanceof RexCorrelVariable v && v.id.equals(cor)) {
                    int i = access.getField().getIndex();
                    return new RexInputRef(i, outerType.getFieldList().get(i).getType());
                }
                return super.visitFieldAccess(access);
            }
        };
    }

    /**
     * Whether field {@code i} of {@code rel} never holds NULL: by type, or for a scanned column
     * whose manifest counts no NULL, through filters, plain projections, inner joins and group keys.
     */
    static boolean neverNull(RelNode rel, int i) {
        RelNode r = rel.stripped();
        if (!r.getRowType().getFieldList().get(i).getType().isNullable()) return true;
        return switch (r) {
            case AdaptiveScan s -> s.ascanTable().stats(s.columns().get(i)).nulls() == 0;
            case Filter f -> neverNull(f.getInput(), i);
            case Project p -> p.getProjects().get(i) instanceof RexInputRef ref && neverNull(p.getInput(), ref.getIndex());
            case Join j when j.getJoinType() == JoinRelType.INNER || !j.getJoinType().projectsRight() -> {
                int left = j.getLeft().getRowType().getFieldCount();
                yield i < left ? neverNull(j.getLeft(), i) : neverNull(j.getRight(), i - left);
            }
            case Aggregate a when a.getGroupType() == Aggregate.Group.SIMPLE && i < a.getGroupCount() ->
                    neverNull(a.getInput(), a.getGroupSet().nth(i));
            default -> false;
        };
    }

    private static boolean uses(RexNode e, CorrelationId id) {
        return correlations(e).contains(id);
    }

    private static boolean uses(RelNode rel, CorrelationId id) {
        return correlations(rel).contains(id);
    }

    private static boolean containsCorrelation(RelNode rel) {
        return !correlations(rel).isEmpty();
    }

    /** The correlation variables {@code e} refers to, in its sub-queries too. */
    private static Set<CorrelationId> correlations(RexNode e) {
        Set<CorrelationId> ids = new HashSet<>();
        e.accept(collector(ids));
        return ids;
    }

    /** The correlation variables referred to anywhere in {@code rel}'s tree, sub-queries included. */
    private static Set<CorrelationId> correlations(RelNode rel) {
        Set<CorrelationId> ids = new HashSet<>();
        RexShuttle collect = collector(ids);
        new RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                node.stripped().accept(collect);
                super.visit(node.stripped(), ordinal, parent);
            }
        }.go(rel);
        return ids;
    }

    private static RexShuttle collector(Set<CorrelationId> ids) {
        return new RexShuttle() {
            @Override
            public RexNode visitCorrelVariable(RexCorrelVariable v) {
                ids.add(v.id);
                return v;
            }

            @Override
            public RexNode visitSubQuery(RexSubQuery s) {
                ids.addAll(correlations(s.rel));
                return super.visitSubQuery(s);
            }
        };
    }

    private static boolean containsSubQuery(RexNode e) {
        return RexUtil.SubQueryFinder.find(e) != null;
    }
}
