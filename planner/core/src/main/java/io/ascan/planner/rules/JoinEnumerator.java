package io.ascan.planner.rules;

import io.ascan.exec.CancelSignal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.rules.MultiJoin;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Orders the inputs of an inner MultiJoin by dynamic programming over its connected subsets
 * (DPsub, bushy trees), the way DuckDB and most analytical engines do, instead of
 * LoptOptimizeJoinRule's greedy heuristic.
 *
 * <ul>
 *   <li>Join keys are classes of equal columns: {@code l_partkey = p_partkey} and
 *       {@code ps_partkey = l_partkey} put the three columns in one class, so part and partsupp may
 *       join directly (TPC-H q9: the 11,000 green parts select their 44,000 partsupp rows, and
 *       lineitem probes those rather than all of partsupp). A join of two subsets gets one
 *       equality per class they share, never a redundant one.</li>
 *   <li>Two subsets are joined only if they share a class: no cross products. Other conditions
 *       go to the first join that holds all their inputs.</li>
 *   <li>A plan costs the rows of every join's result plus the rows of its smaller input (the hash
 *       table the physical phase will build), from the row estimates of {@code AscanMetadata}.
 *       Of a join's two inputs the smaller goes right, where the physical planner builds by default.</li>
 * </ul>
 *
 * MultiJoins with outer joins, with more than {@value #MAX_INPUTS} inputs, or whose inputs the
 * classes do not connect are left to LoptOptimizeJoinRule.
 */
public final class JoinEnumerator {
    /** Up to this many inputs (3^n subset pairs) the search is exhaustive. */
    static final int MAX_INPUTS = 12;

    private final MultiJoin multiJoin;
    private final RexBuilder rex;
    private final RelMetadataQuery mq;
    private final int n;
    private final int[] factorOf;
    private final int[] start;
    /** Per class of equal columns: the columns (global field indexes), and the inputs holding one. */
    private final List<int[]> classes = new ArrayList<>();
    private final List<Integer> classInputs = new ArrayList<>();
    /** Conditions other than class equalities, with the inputs each references. */
    private final List<RexNode> others = new ArrayList<>();
    private final List<Integer> otherInputs = new ArrayList<>();
    private final List<RexNode> onTop = new ArrayList<>();

    /** A plan for a subset of the inputs: its rel, the global field of each of its output fields, its cost. */
    private record Plan(RelNode rel, int[] fields, double rows, double cost) {}

    private JoinEnumerator(MultiJoin m) {
        this.multiJoin = m;
        this.rex = m.getCluster().getRexBuilder();
        this.mq = m.getCluster().getMetadataQuery();
        this.n = m.getInputs().size();
        List<RelDataTypeField> fields = m.getRowType().getFieldList();
        this.factorOf = new int[fields.size()];
        this.start = new int[n + 1];
        for (int f = 0; f < n; f++) {
            start[f + 1] = start[f] + m.getInputs().get(f).getRowType().getFieldCount();
            Arrays.fill(factorOf, start[f], start[f + 1], f);
        }
    }

    /** {@code rel} with every inner MultiJoin this orderer handles replaced by its best join tree. */
    public static RelNode rewrite(RelNode rel) {
        return rel.accept(new RelShuttleImpl() {
            @Override
            public RelNode visit(RelNode other) {
                RelNode r = super.visit(other);
                if (!(r instanceof MultiJoin m)) return r;
                RelNode ordered = order(m);
                return ordered == null ? r : ordered;
            }
        });
    }

    /** The best join tree of {@code m}'s inputs, with {@code m}'s row type; null if this orderer does not apply. */
    static RelNode order(MultiJoin m) {
        if (m.isFullOuterJoin() || m.getJoinTypes().stream().anyMatch(t -> t != JoinRelType.INNER)) return null;
        if (m.getInputs().size() > MAX_INPUTS) return null;
        return new JoinEnumerator(m).best();
    }

    private RelNode best() {
        classify(RelOptUtil.conjunctions(multiJoin.getJoinFilter()));
        Plan[] best = new Plan[1 << n];
        for (int f = 0; f < n; f++) best[1 << f] = leaf(f);
        for (int set = 1; set < best.length; set++) {
            if (Integer.bitCount(set) < 2) continue;
            CancelSignal.check(); // up to 3^12 splits: a safe point per set of inputs
            int low = set & -set;
            for (int left = (set - 1) & set; left > 0; left = (left - 1) & set) {
                if ((left & low) == 0) continue; // each split once
                int right = set ^ left;
                if (best[left] == null || best[right] == null || !connected(left, right)) continue;
                Plan p = join(best[left], left, best[right], right);
                if (best[set] == null || p.cost() < best[set].cost()) best[set] = p;
            }
        }
        Plan all = best[best.length - 1];
        if (all == null) return null;
        return finish(all);
    }

    /** Sorts the join condition's conjuncts into classes of equal columns, other conditions, and leaf or top filters. */
    private void classify(List<RexNode> conjuncts) {
        int width = factorOf.length;
        int[] parent = new int[width];
        for (int i = 0; i < width; i++) parent[i] = i;
        boolean[] keyed = new boolean[width];
        List<RexNode> rest = new ArrayList<>();
        for (RexNode c : conjuncts) {
            int[] pair = equalColumns(c);
            if (pair == null || factorOf[pair[0]] == factorOf[pair[1]]) {
                rest.add(c);
                continue;
            }
            parent[find(parent, pair[0])] = find(parent, pair[1]);
            keyed[pair[0]] = keyed[pair[1]] = true;
        }
        int[] classOf = new int[width];
        Arrays.fill(classOf, -1);
        List<List<Integer>> members = new ArrayList<>();
        for (int i = 0; i < width; i++) {
            if (!keyed[i]) continue;
            int root = find(parent, i);
            if (classOf[root] < 0) {
                classOf[root] = members.size();
                members.add(new ArrayList<>());
            }
            members.get(classOf[root]).add(i);
        }
        for (List<Integer> m : members) {
            int inputs = 0;
            for (int i : m) inputs |= 1 << factorOf[i];
            classes.add(m.stream().mapToInt(Integer::intValue).toArray());
            classInputs.add(inputs);
        }
        for (RexNode c : rest) {
            int inputs = inputs(c);
            if (inputs == 0) onTop.add(c);
            else {
                others.add(c);
                otherInputs.add(inputs);
            }
        }
    }

    /** Input {@code f}, under a filter of the conditions on it alone. */
    private Plan leaf(int f) {
        RelNode rel = multiJoin.getInputs().get(f);
        List<RexNode> own = new ArrayList<>();
        for (int[] columns : classes) { // columns of one class in the same input are equal there
            int first = member(columns, 1 << f);
            for (int c : columns) {
                if (c != first && factorOf[c] == f) {
                    own.add(rex.makeCall(SqlStdOperatorTable.EQUALS, localRef(first, f), localRef(c, f)));
                }
            }
        }
        for (int i = 0; i < others.size(); i++) {
            if (otherInputs.get(i) == 1 << f) own.add(RexUtil.shift(others.get(i), -start[f]));
        }
        if (!own.isEmpty()) rel = LogicalFilter.create(rel, RexUtil.composeConjunction(rex, own));
        int[] fields = new int[start[f + 1] - start[f]];
        for (int i = 0; i < fields.length; i++) fields[i] = start[f] + i;
        return new Plan(rel, fields, mq.getRowCount(rel), 0);
    }

    private boolean connected(int left, int right) {
        for (int inputs : classInputs) if ((inputs & left) != 0 && (inputs & right) != 0) return true;
        return false;
    }

    /** The join of two plans, the one with fewer estimated rows on the right. */
    private Plan join(Plan a, int aSet, Plan b, int bSet) {
        if (a.rows() < b.rows()) {
            Plan t = a;
            a = b;
            b = t;
            int s = aSet;
            aSet = bSet;
            bSet = s;
        }
        int[] fields = Arrays.copyOf(a.fields(), a.fields().length + b.fields().length);
        System.arraycopy(b.fields(), 0, fields, a.fields().length, b.fields().length);
        int[] position = new int[factorOf.length];
        for (int i = 0; i < fields.length; i++) position[fields[i]] = i;
        List<int[]> shared = new ArrayList<>();
        for (int[] columns : classes) if (member(columns, aSet) >= 0 && member(columns, bSet) >= 0) shared.add(columns);
        int[] aOrder = byCoverage(shared, aSet), bOrder = byCoverage(shared, bSet);
        List<RexNode> condition = new ArrayList<>();
        for (int[] columns : shared) {
            condition.add(rex.makeCall(SqlStdOperatorTable.EQUALS, ref(member(columns, aOrder), position),
                    ref(member(columns, bOrder), position)));
        }
        int set = aSet | bSet;
        for (int i = 0; i < others.size(); i++) {
            int in = otherInputs.get(i);
            if ((in & set) == in && (in & aSet) != in && (in & bSet) != in) condition.add(remap(others.get(i), position));
        }
        RelNode rel = LogicalJoin.create(a.rel(), b.rel(), List.of(), RexUtil.composeConjunction(rex, condition), Set.of(),
                JoinRelType.INNER);
        double rows = mq.getRowCount(rel);
        return new Plan(rel, fields, rows, a.cost() + b.cost() + rows + b.rows());
    }

    /** The full plan with the MultiJoin's field order, under the conditions that reference no input. */
    private RelNode finish(Plan all) {
        int[] position = new int[factorOf.length];
        for (int i = 0; i < all.fields().length; i++) position[all.fields()[i]] = i;
        List<RexNode> exprs = new ArrayList<>();
        for (int g = 0; g < factorOf.length; g++) exprs.add(ref(g, position));
        RelNode rel = LogicalProject.create(all.rel(), List.of(), exprs, multiJoin.getRowType().getFieldNames(), Set.of());
        List<RexNode> top = new ArrayList<>(onTop);
        if (multiJoin.getPostJoinFilter() != null) top.add(multiJoin.getPostJoinFilter());
        return top.isEmpty() ? rel : LogicalFilter.create(rel, RexUtil.composeConjunction(rex, top));
    }

    /**
     * The inputs of {@code set}, those holding columns of more of the {@code shared} classes first:
     * a join's keys are then taken from as few inputs as possible (partsupp's (ps_partkey,
     * ps_suppkey) rather than part's p_partkey and supplier's s_suppkey), which is what the
     * estimate of a foreign key on several columns needs.
     */
    private int[] byCoverage(List<int[]> shared, int set) {
        List<Integer> inputs = new ArrayList<>();
        int[] covered = new int[n];
        for (int f = 0; f < n; f++) {
            if ((set & (1 << f)) == 0) continue;
            inputs.add(f);
            for (int[] columns : shared) if (member(columns, 1 << f) >= 0) covered[f]++;
        }
        inputs.sort((x, y) -> Integer.compare(covered[y], covered[x]));
        return inputs.stream().mapToInt(Integer::intValue).toArray();
    }

    /** A column of the class held by the first input of {@code order} that holds one. */
    private int member(int[] columns, int[] order) {
        for (int f : order) {
            int c = member(columns, 1 << f);
            if (c >= 0) return c;
        }
        throw new IllegalStateException("no input of the join holds a column of the class");
    }

    /** A column of the class held by an input in {@code set}, or -1. */
    private int member(int[] columns, int set) {
        for (int c : columns) if ((set & (1 << factorOf[c])) != 0) return c;
        return -1;
    }

    private RexInputRef ref(int global, int[] position) {
        return new RexInputRef(position[global], multiJoin.getRowType().getFieldList().get(global).getType());
    }

    private RexInputRef localRef(int global, int f) {
        return new RexInputRef(global - start[f], multiJoin.getRowType().getFieldList().get(global).getType());
    }

    private RexNode remap(RexNode e, int[] position) {
        return e.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef r) {
                return ref(r.getIndex(), position);
            }
        });
    }

    private int inputs(RexNode e) {
        int in = 0;
        for (int field : RelOptUtil.InputFinder.bits(e)) in |= 1 << factorOf[field];
        return in;
    }

    /** The two columns of {@code $x = $y} of the same type, or null. */
    private int[] equalColumns(RexNode c) {
        if (c.getKind() != SqlKind.EQUALS) return null;
        List<RexNode> ops = ((RexCall) c).getOperands();
        if (!(ops.get(0) instanceof RexInputRef x) || !(ops.get(1) instanceof RexInputRef y)) return null;
        if (!SqlTypeUtil.equalSansNullability(multiJoin.getCluster().getTypeFactory(), x.getType(), y.getType())) return null;
        return new int[] {x.getIndex(), y.getIndex()};
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    }
}
