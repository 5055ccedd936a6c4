package io.ascan.exec.driver;

import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.AggregateNode.Function;
import io.ascan.plan.OutputColumn;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ProjectNode;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.List;

/**
 * Rewrites DISTINCT aggregates into two aggregation levels: the inner one groups by the keys
 * plus the distinct argument (so each distinct value appears once) and pre-aggregates the other
 * calls; the outer one aggregates per key. COUNT pre-aggregates become SUMs, kept 0 (not NULL)
 * on empty input by a COALESCE. All distinct calls must share their argument, and AVG cannot be
 * pre-aggregated this way (nor a variance or a sketch); such plans are refused with a clear message.
 */
final class DistinctAggregates {
    private DistinctAggregates() {}

    static boolean needed(AggregateNode a) {
        return a.calls().stream().anyMatch(AggregateNode.Call::distinct);
    }

    static PhysicalNode rewrite(AggregateNode a) {
        int x = -1;
        for (AggregateNode.Call c : a.calls()) {
            if (!c.distinct()) {
                if (c.function() == Function.AVG || c.function().isVariance() || c.function() == Function.APPROX_COUNT_DISTINCT
                        || c.function().binary()) {
                    throw new UnsupportedOperationException(c.function() + " next to a DISTINCT aggregate is not supported");
                }
                continue;
            }
            if (x >= 0 && c.arg() != x) throw new UnsupportedOperationException("DISTINCT aggregates over different arguments are not supported");
            x = c.arg();
        }
        int k = a.groupKeys().length;
        int[] innerKeys = new int[k + 1];
        System.arraycopy(a.groupKeys(), 0, innerKeys, 0, k);
        innerKeys[k] = x;
        List<AggregateNode.Call> inner = new ArrayList<>();
        List<AggregateNode.Call> outer = new ArrayList<>();
        List<Boolean> coalesce = new ArrayList<>();
        for (AggregateNode.Call c : a.calls()) {
            if (c.distinct()) {
                outer.add(new AggregateNode.Call(c.function(), k, false, c.type(), c.name()));
                coalesce.add(false);
                continue;
            }
            int at = k + 1 + inner.size();
            inner.add(new AggregateNode.Call(c.function(), c.arg(), false, c.type(), c.name()));
            boolean count = c.function() == Function.COUNT;
            outer.add(new AggregateNode.Call(count ? Function.SUM : c.function(), at, false, count ? DataType.BIGINT : c.type(), c.name()));
            coalesce.add(count);
        }
        int[] outerKeys = new int[k];
        for (int i = 0; i < k; i++) outerKeys[i] = i;
        AggregateNode out = new AggregateNode(new AggregateNode(a.input(), innerKeys, inner), outerKeys, outer);
        if (!coalesce.contains(true)) return out;
        List<Expr> exprs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<OutputColumn> cols = out.output();
        for (int i = 0; i < cols.size(); i++) {
            Expr ref = new ColumnRef(i, cols.get(i).type());
            if (i >= k && coalesce.get(i - k)) ref = Call.of(Operator.COALESCE, DataType.BIGINT, ref, Literal.of(0L));
            exprs.add(ref);
            names.add(cols.get(i).name());
        }
        return new ProjectNode(out, exprs, names);
    }
}
