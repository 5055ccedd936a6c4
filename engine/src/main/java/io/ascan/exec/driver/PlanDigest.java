package io.ascan.exec.driver;

import io.ascan.plan.AggregateNode;
import io.ascan.plan.FilterNode;
import io.ascan.plan.HashJoinNode;
import io.ascan.plan.LimitNode;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ProjectNode;
import io.ascan.plan.ScanNode;
import io.ascan.plan.SortNode;
import io.ascan.plan.UnionAllNode;
import io.ascan.plan.ValuesNode;
import io.ascan.plan.WindowNode;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Structural digests of plan subtrees (like Calcite's RelNode digest): two subtrees have equal
 * digests when they are the same operators with the same arguments over inputs with equal
 * digests, and so compute the same rows. The planner emits a shared subquery (a CTE used twice,
 * a decorrelated subquery repeating the outer joins) as separate but equal subtrees; the
 * pipeline builder uses the digest to compute such a subtree once. A scan's table is its
 * directory plus the slices it reads (segment offsets and checksums), so two reads of the same
 * table version match. Anything compared by identity
 * (an array, an unknown value class) only makes digests differ, never wrongly equal.
 */
final class PlanDigest {
    private final Map<PhysicalNode, Digest> digests = new IdentityHashMap<>();

    /** A subtree's digest: its operator, its own arguments, its inputs' digests. Hash computed once. */
    static final class Digest {
        private final Class<?> operator;
        private final List<Object> arguments;
        private final List<Digest> inputs;
        private final int hash;

        Digest(Class<?> operator, List<Object> arguments, List<Digest> inputs) {
            this.operator = operator;
            this.arguments = arguments;
            this.inputs = inputs;
            this.hash = 31 * (31 * operator.hashCode() + arguments.hashCode()) + inputs.hashCode();
        }

        @Override
        public boolean equals(Object o) {
            return o == this || o instanceof Digest d && d.hash == hash && d.operator == operator
                    && d.arguments.equals(arguments) && d.inputs.equals(inputs);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    Digest of(PhysicalNode node) {
        Digest d = digests.get(node);
        if (d == null) {
            d = new Digest(node.getClass(), arguments(node), node.inputs().stream().map(this::of).toList());
            digests.put(node, d);
        }
        return d;
    }

    private static List<Object> arguments(PhysicalNode node) {
        return switch (node) {
            case ScanNode s -> List.of(s.table().dir(), ints(s.columns()), Optional.ofNullable(s.predicate()), s.slices());
            case FilterNode f -> List.of(f.condition());
            case ProjectNode p -> List.of(p.exprs(), p.names());
            case HashJoinNode j -> List.of(j.type(), ints(j.leftKeys()), ints(j.rightKeys()), Optional.ofNullable(j.residual()),
                    j.buildRight(), bools(j.nullSafe()));
            case AggregateNode a -> List.of(ints(a.groupKeys()), a.calls());
            case SortNode s -> List.of(s.keys(), s.offset(), s.fetch());
            case LimitNode l -> List.of(l.offset(), l.fetch());
            case UnionAllNode u -> List.of();
            case ValuesNode v -> List.of(v.output(), v.rows());
            case WindowNode w -> List.of(ints(w.partitionKeys()), w.orderKeys(), w.functions());
        };
    }

    private static List<Integer> ints(int[] a) {
        return Arrays.stream(a).boxed().toList();
    }

    private static List<Boolean> bools(boolean[] a) {
        List<Boolean> out = new java.util.ArrayList<>(a.length);
        for (boolean b : a) out.add(b);
        return out;
    }
}
