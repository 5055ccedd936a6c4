package io.ascan.planner.rules;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.core.TableScan;
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
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * A correlated {@code MIN} or {@code MAX} sub-query over tables the outer query joins with the
 * same predicates becomes a window over the outer query's own rows (WinMagic, Zuzarte et al.,
 * SIGMOD 2003). TPC-H q02:
 *
 * <pre>
 * ... FROM part, supplier, partsupp, nation, region WHERE p_partkey = ps_partkey AND ... AND
 *     ps_supplycost = (SELECT min(ps_supplycost) FROM partsupp, supplier, nation, region
 *                      WHERE p_partkey = ps_partkey AND ...)
 * </pre>
 *
 * filters the outer join on {@code ps_supplycost = MIN(ps_supplycost) OVER (PARTITION BY p_partkey)}:
 * one scan of each table instead of two, and no aggregate joined back. Decorrelated, the
 * sub-query scanned partsupp, supplier, nation, region and part a second time.
 *
 * <p>Why it is exact. The sub-query's rows for an outer row {@code o} are S(v), a function of
 * the values v of the outer columns it reads (its predicates are deterministic). Every sub-query
 * table is an outer table, every sub-query predicate an outer conjunct, and every other outer
 * conjunct reads only the tables the sub-query does not (those that own the correlated columns).
 * So the outer rows with values v, before the comparison, are those tables' qualifying rows with
 * values v, each paired with every row of S(v): their window partition (PARTITION BY v, NULLs
 * together, as S(v) is the same for equal v) holds S(v) once per such row, and MIN and MAX,
 * unlike SUM and COUNT, do not see repetitions. An outer row reaching the comparison is in its
 * own partition, so S(v) is not empty there and the window's value is the sub-query's.
 */
public final class SubQueryWindows {
    private SubQueryWindows() {}

    public static RelNode rewrite(RelNode rel) {
        return BottomUp.rewrite(rel, r -> r instanceof Filter f ? window(f).orElse(r) : r);
    }

    private static Optional<RelNode> window(Filter filter) {
        List<RexNode> conjuncts = RelOptUtil.conjunctions(filter.getCondition());
        int at = -1;
        for (int i = 0; i < conjuncts.size(); i++) {
            if (!containsSubQuery(conjuncts.get(i))) continue;
            if (at >= 0) return Optional.empty(); // one sub-query conjunct only
            at = i;
        }
        if (at < 0 || !(conjuncts.get(at) instanceof RexCall cmp) || !COMPARISONS.contains(cmp.getKind())) return Optional.empty();
        int side = cmp.getOperands().get(1) instanceof RexSubQuery ? 1 : 0;
        if (!(cmp.getOperands().get(side) instanceof RexSubQuery q) || q.getKind() != SqlKind.SCALAR_QUERY
                || containsSubQuery(cmp.getOperands().get(1 - side))) {
            return Optional.empty();
        }
        List<RexNode> others = new ArrayList<>(conjuncts);
        others.remove(at);
        if (!others.stream().allMatch(RexUtil::isDeterministic)) return Optional.empty();

        // the sub-query: Aggregate(MIN|MAX of one column, no GROUP BY) [Project] Filter(with the correlation) cross joins
        if (!(q.rel instanceof Aggregate agg) || !agg.getGroupSet().isEmpty() || agg.getAggCallList().size() != 1) return Optional.empty();
        AggregateCall call = agg.getAggCallList().getFirst();
        if ((call.getAggregation().getKind() != SqlKind.MIN && call.getAggregation().getKind() != SqlKind.MAX) || call.isDistinct()
                || call.filterArg >= 0 || call.getArgList().size() != 1 || !call.collation.getFieldCollations().isEmpty()) {
            return Optional.empty();
        }
        RelNode below = agg.getInput();
        RexNode argument = RexInputRef.of(call.getArgList().getFirst(), below.getRowType());
        if (below instanceof Project p) {
            argument = p.getProjects().get(call.getArgList().getFirst());
            below = p.getInput();
        }
        if (!(below instanceof Filter inner) || !RexUtil.isDeterministic(argument) || containsSubQuery(argument)) return Optional.empty();

        List<TableScan> outerTables = crossJoined(filter.getInput());
        List<TableScan> innerTables = crossJoined(inner.getInput());
        if (outerTables == null || innerTables == null) return Optional.empty();
        // inner field -> outer field, through each inner table's one namesake in the outer join
        int[] toOuter = new int[inner.getInput().getRowType().getFieldCount()];
        Set<Integer> mappedOuter = new HashSet<>();
        int innerOffset = 0;
        for (TableScan t : innerTables) {
            int outer = onlyNamesake(t, outerTables);
            if (outer < 0 || onlyNamesake(t, innerTables) < 0 || !mappedOuter.add(outer)) return Optional.empty();
            int outerOffset = offset(outerTables, outer);
            for (int f = 0; f < t.getRowType().getFieldCount(); f++) toOuter[innerOffset + f] = outerOffset + f;
            innerOffset += t.getRowType().getFieldCount();
        }
        ImmutableBitSet.Builder ownOuter = ImmutableBitSet.builder(); // the outer tables the sub-query does not read
        for (int i = 0; i < outerTables.size(); i++) {
            if (!mappedOuter.contains(i)) {
                int o = offset(outerTables, i);
                ownOuter.set(o, o + outerTables.get(i).getRowType().getFieldCount());
            }
        }
        ImmutableBitSet own = ownOuter.build();
        if (own.isEmpty()) return Optional.empty();

        Translate translate = new Translate(toOuter, filter);
        List<RexNode> innerConjuncts = new ArrayList<>();
        for (RexNode c : RelOptUtil.conjunctions(inner.getCondition())) {
            if (containsSubQuery(c) || !RexUtil.isDeterministic(c)) return Optional.empty();
            innerConjuncts.add(c.accept(translate));
        }
        RexNode outerArgument = argument.accept(translate);
        if (translate.failed || translate.correlation == null) return Optional.empty();
        // every sub-query predicate is an outer one; the rest read only the outer query's own tables
        List<RexNode> rest = new ArrayList<>(others);
        RexBuilder rex = filter.getCluster().getRexBuilder();
        for (RexNode c : innerConjuncts) {
            if (!rest.remove(c) && !rest.remove(swapped(rex, c))) return Optional.empty();
        }
        for (RexNode c : rest) {
            if (!own.contains(RelOptUtil.InputFinder.bits(c))) return Optional.empty();
        }
        if (!own.contains(ImmutableBitSet.of(translate.partition))) return Optional.empty();

        RelBuilder b = RelFactories.LOGICAL_BUILDER.create(filter.getCluster(), null);
        int width = filter.getInput().getRowType().getFieldCount();
        b.push(filter.getInput()).filter(others);
        List<RexNode> partition = new ArrayList<>();
        for (int f : translate.partition) partition.add(b.field(f));
        RexNode over = b.aggregateCall(call.getAggregation(), outerArgument).over().partitionBy(partition).toRex();
        List<RexNode> fields = new ArrayList<>(b.fields());
        b.project(append(fields, over));
        List<RexNode> operands = new ArrayList<>(cmp.getOperands());
        operands.set(side, b.field(width));
        b.filter(rex.makeCall(cmp.getOperator(), operands));
        b.project(fields);
        return Optional.of(b.build());
    }

    private static List<RexNode> append(List<RexNode> fields, RexNode e) {
        List<RexNode> all = new ArrayList<>(fields);
        all.add(e);
        return all;
    }

    private static boolean containsSubQuery(RexNode e) {
        return RexUtil.SubQueryFinder.find(e) != null;
    }

    /** A symmetric comparison with its operands swapped ({@code a = b} matches {@code b = a}). */
    private static RexNode swapped(RexBuilder rex, RexNode c) {
        return c instanceof RexCall call && (call.getKind() == SqlKind.EQUALS || call.getKind() == SqlKind.IS_NOT_DISTINCT_FROM)
                ? rex.makeCall(call.getOperator(), call.getOperands().get(1), call.getOperands().get(0)) : c;
    }

    /** The tables of a tree of inner joins without conditions (the converter's FROM a, b, c), in field order; null if it is not one. */
    private static List<TableScan> crossJoined(RelNode rel) {
        List<TableScan> tables = new ArrayList<>();
        return collect(rel, tables) ? tables : null;
    }

    private static boolean collect(RelNode rel, List<TableScan> tables) {
        if (rel instanceof TableScan t) return tables.add(t);
        return rel instanceof Join j && j.getJoinType() == JoinRelType.INNER && j.getCondition().isAlwaysTrue()
                && j.getSystemFieldList().isEmpty() && collect(j.getLeft(), tables) && collect(j.getRight(), tables);
    }

    /** The index of the one table of {@code tables} that reads {@code t}'s table, or -1. */
    private static int onlyNamesake(TableScan t, List<TableScan> tables) {
        int found = -1;
        for (int i = 0; i < tables.size(); i++) {
            if (tables.get(i).getTable().getQualifiedName().equals(t.getTable().getQualifiedName())) {
                if (found >= 0) return -1;
                found = i;
            }
        }
        return found;
    }

    private static int offset(List<TableScan> tables, int index) {
        int offset = 0;
        for (int i = 0; i < index; i++) offset += tables.get(i).getRowType().getFieldCount();
        return offset;
    }

    /** Sub-query fields to the outer join's, its one correlation variable's fields to the outer row's. */
    private static final class Translate extends RexShuttle {
        private final int[] toOuter;
        private final RelNode outer;
        private final Set<CorrelationId> variables;
        CorrelationId correlation;
        final Set<Integer> partition = new LinkedHashSet<>();
        boolean failed;

        Translate(int[] toOuter, Filter filter) {
            this.toOuter = toOuter;
            this.outer = filter.getInput();
            this.variables = filter.getVariablesSet();
        }

        @Override
        public RexNode visitInputRef(RexInputRef ref) {
            return new RexInputRef(toOuter[ref.getIndex()], ref.getType());
        }

        @Override
        public RexNode visitFieldAccess(RexFieldAccess access) {
            if (access.getReferenceExpr() instanceof RexCorrelVariable v && variables.contains(v.id)
                    && (correlation == null || correlation.equals(v.id))
                    && v.getType().getFieldCount() == outer.getRowType().getFieldCount()) {
                int f = access.getField().getIndex();
                if (outer.getRowType().getFieldList().get(f).getType().equals(access.getType())) {
                    correlation = v.id;
                    partition.add(f);
                    return new RexInputRef(f, access.getType());
                }
            }
            failed = true;
            return access;
        }

        @Override
        public RexNode visitCorrelVariable(RexCorrelVariable v) {
            failed = true; // the whole row, not one of its fields
            return v;
        }
    }

    private static final Set<SqlKind> COMPARISONS = Set.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS, SqlKind.LESS_THAN,
            SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL);
}
