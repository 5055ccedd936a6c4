package io.ascan.exec;

import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.HashJoinNode;
import io.ascan.plan.JoinType;
import io.ascan.plan.OutputColumn;
import io.ascan.plan.PhysicalNode;
import io.ascan.types.DataType;
import java.util.Arrays;
import java.util.List;

/** Hand-built physical plans by column name (SSB's column names are unique across tables). */
final class ExecPlans {
    private ExecPlans() {}

    static int index(PhysicalNode n, String name) {
        List<OutputColumn> out = n.output();
        for (int i = 0; i < out.size(); i++) if (out.get(i).name().equals(name)) return i;
        throw new IllegalArgumentException("no column " + name + " in " + out);
    }

    static ColumnRef ref(PhysicalNode n, String name) {
        int i = index(n, name);
        return new ColumnRef(i, n.output().get(i).type());
    }

    /** INNER join on name pairs "leftColumn=rightColumn", building the right side. */
    static HashJoinNode join(PhysicalNode left, PhysicalNode right, String... on) {
        return join(left, right, JoinType.INNER, true, null, on);
    }

    static HashJoinNode join(PhysicalNode left, PhysicalNode right, JoinType type, boolean buildRight, Expr residual, String... on) {
        int[] lk = Arrays.stream(on).mapToInt(s -> index(left, s.split("=")[0])).toArray();
        int[] rk = Arrays.stream(on).mapToInt(s -> index(right, s.split("=")[1])).toArray();
        return new HashJoinNode(left, right, type, lk, rk, residual, buildRight);
    }

    static AggregateNode sum(PhysicalNode in, String value, String... keys) {
        int[] k = Arrays.stream(keys).mapToInt(s -> index(in, s)).toArray();
        return new AggregateNode(in, k, List.of(new AggregateNode.Call(AggregateNode.Function.SUM, index(in, value), false,
                DataType.BIGINT, "revenue")));
    }
}
