package io.ascan.exec;

import io.ascan.catalog.Table;
import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.HashJoinNode;
import io.ascan.plan.JoinType;
import io.ascan.plan.OutputColumn;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ProjectNode;
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

    /** Keys {@code "a=b"}, or {@code "a<=>b"} for a null-safe key (IS NOT DISTINCT FROM). */
    static HashJoinNode join(PhysicalNode left, PhysicalNode right, JoinType type, boolean buildRight, Expr residual, String... on) {
        int[] lk = Arrays.stream(on).mapToInt(s -> index(left, s.split("<?=>?")[0])).toArray();
        int[] rk = Arrays.stream(on).mapToInt(s -> index(right, s.split("<?=>?")[1])).toArray();
        boolean[] nullSafe = new boolean[on.length];
        for (int i = 0; i < on.length; i++) nullSafe[i] = on[i].contains("<=>");
        return new HashJoinNode(left, right, type, lk, rk, residual, buildRight, nullSafe);
    }

    static AggregateNode sum(PhysicalNode in, String value, String... keys) {
        int[] k = Arrays.stream(keys).mapToInt(s -> index(in, s)).toArray();
        return new AggregateNode(in, k, List.of(new AggregateNode.Call(AggregateNode.Function.SUM, index(in, value), false,
                DataType.BIGINT, "revenue")));
    }

    /**
     * SSB-shaped: SUM(lo_extendedprice * lo_discount) per d_year over lineorder (P: lo_discount
     * BETWEEN 1 AND 3) joined with dwdate.
     */
    static PhysicalNode revenueByYear() throws Exception {
        Table lo = ExecHarness.table("lineorder"), d = ExecHarness.table("dwdate");
        var los = ExecHarness.scan(lo, x -> Call.predicate(Operator.BETWEEN, ExecHarness.tcol(x, "lo_discount"), Literal.of(1),
                Literal.of(3)), "lo_orderdate", "lo_extendedprice", "lo_discount");
        var ds = ExecHarness.scan(d, null, "d_datekey", "d_year");
        PhysicalNode j = join(los, ds, "lo_orderdate=d_datekey");
        ProjectNode p = new ProjectNode(j, List.of(ref(j, "d_year"), Call.of(Operator.TIMES, DataType.BIGINT,
                Call.of(Operator.CAST, DataType.BIGINT, ref(j, "lo_extendedprice")),
                Call.of(Operator.CAST, DataType.BIGINT, ref(j, "lo_discount")))), List.of("d_year", "rev"));
        return sum(p, "rev", "d_year");
    }
}
