package io.ascan.e2e.fuzz;

import io.ascan.e2e.fuzz.Ast.Call;
import io.ascan.e2e.fuzz.Ast.Cte;
import io.ascan.e2e.fuzz.Ast.Expr;
import io.ascan.e2e.fuzz.Ast.JoinType;
import io.ascan.e2e.fuzz.Ast.Lit;
import io.ascan.e2e.fuzz.Ast.Op;
import io.ascan.e2e.fuzz.Ast.OrderKey;
import io.ascan.e2e.fuzz.Ast.Select;
import io.ascan.e2e.fuzz.Ast.Source;
import io.ascan.e2e.fuzz.Ast.Subquery;
import io.ascan.e2e.fuzz.Ast.Window;
import io.ascan.e2e.fuzz.Differential.Verdict;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Shrinks a failing query over its tree while it keeps failing the same way (same outcome and
 * signature, same mode): greedy delta debugging that tries the largest cuts first (set-operation
 * branches, CTEs, ORDER BY, LIMIT, DISTINCT, joins, select items, conjuncts, GROUP BY keys), then
 * replaces subexpressions by a child of the same kind or by a literal, inside subqueries too.
 */
final class Reducer {
    /** Runs a query in a mode and classifies it ({@link Differential#run}). */
    @FunctionalInterface
    interface Oracle {
        Verdict run(Select query, String mode) throws SQLException;
    }

    private final Oracle oracle;
    private final int budget;

    /** {@code budget}: at most this many candidate queries are run. */
    Reducer(Oracle oracle, int budget) {
        this.oracle = oracle;
        this.budget = budget;
    }

    Select reduce(Select query, String mode, Verdict failure) throws SQLException {
        Select current = query;
        Set<String> tried = new HashSet<>();
        int runs = 0;
        boolean progress = true;
        while (progress && runs < budget) {
            progress = false;
            for (Select candidate : candidates(current)) {
                String sql = candidate.sql();
                if (!tried.add(sql) || sql.length() >= current.sql().length()) continue;
                if (runs++ >= budget) break;
                Verdict v = oracle.run(candidate, mode);
                if (v.outcome() == failure.outcome() && v.signature().equals(failure.signature())) {
                    current = candidate;
                    progress = true;
                    break;
                }
            }
        }
        return current;
    }

    static List<Select> candidates(Select s) {
        List<Select> out = new ArrayList<>();
        for (int i = 0; i < s.branches().size(); i++) out.add(s.withBranches(without(s.branches(), i)));
        if (!s.branches().isEmpty() && s.setOp() != Ast.SetOp.UNION_ALL) out.add(s.withBranches(s.branches(), Ast.SetOp.UNION_ALL));
        if (!s.with().isEmpty()) out.add(s.withWith(List.of()));
        if (!s.orderBy().isEmpty()) out.add(s.withOrder(List.of(), null));
        if (s.limit() != null) out.add(s.withOrder(s.orderBy(), null));
        if (s.distinct()) out.add(s.withDistinct(false));
        for (int i = 1; i < s.from().size(); i++) out.add(s.withFrom(without(s.from(), i)));
        if (s.from().size() > 1) {
            List<Source> rest = new ArrayList<>(s.from().subList(1, s.from().size()));
            Source first = rest.getFirst();
            rest.set(0, new Source(null, first.table(), first.derived(), first.alias(), null));
            out.add(s.withFrom(rest));
        }
        for (int i = 1; i < s.from().size(); i++) {
            Source src = s.from().get(i);
            if (src.join() != JoinType.INNER) {
                List<Source> f = new ArrayList<>(s.from());
                f.set(i, new Source(JoinType.INNER, src.table(), src.derived(), src.alias(), src.on()));
                out.add(s.withFrom(f));
            }
        }
        for (int i = 0; s.items().size() > 1 && i < s.items().size(); i++) out.add(withoutItem(s, i));
        for (int i = 0; i < s.where().size(); i++) out.add(s.withWhere(without(s.where(), i)));
        for (int i = 0; i < s.having().size(); i++) out.add(s.withHaving(without(s.having(), i)));
        if (!s.groupBy().isEmpty()) out.add(s.withGroupBy(List.of()));
        if (s.grouping() != Ast.Grouping.PLAIN) out.add(s.withGrouping(Ast.Grouping.PLAIN));
        for (int i = 0; s.groupBy().size() > 1 && i < s.groupBy().size(); i++) out.add(s.withGroupBy(without(s.groupBy(), i)));
        // subexpressions
        eachVariant(s.items(), out, s::withItems);
        eachVariant(s.where(), out, s::withWhere);
        eachVariant(s.having(), out, s::withHaving);
        for (int i = 1; i < s.from().size(); i++) {
            int at = i;
            for (Expr on : variants(s.from().get(i).on())) {
                List<Source> f = new ArrayList<>(s.from());
                f.set(at, f.get(at).withOn(on));
                out.add(s.withFrom(f));
            }
        }
        // nested queries
        for (int i = 0; i < s.from().size(); i++) {
            Source src = s.from().get(i);
            if (src.derived() == null) continue;
            for (Select d : candidates(src.derived())) {
                List<Source> f = new ArrayList<>(s.from());
                f.set(i, new Source(src.join(), null, d, src.alias(), src.on()));
                out.add(s.withFrom(f));
            }
        }
        for (int i = 0; i < s.with().size(); i++) {
            Cte c = s.with().get(i);
            for (Select d : candidates(c.query())) {
                List<Cte> w = new ArrayList<>(s.with());
                w.set(i, new Cte(c.name(), d));
                out.add(s.withWith(w));
            }
        }
        for (int i = 0; i < s.branches().size(); i++) {
            for (Select d : candidates(s.branches().get(i))) {
                List<Select> u = new ArrayList<>(s.branches());
                u.set(i, d);
                out.add(s.withBranches(u));
            }
        }
        return out;
    }

    private static void eachVariant(List<Expr> list, List<Select> out, Function<List<Expr>, Select> rebuild) {
        for (int i = 0; i < list.size(); i++) {
            for (Expr v : variants(list.get(i))) {
                List<Expr> l = new ArrayList<>(list);
                l.set(i, v);
                out.add(rebuild.apply(l));
            }
        }
    }

    /** Simpler expressions of the same kind: a literal, a child, or the expression with one part simplified. */
    static List<Expr> variants(Expr e) {
        List<Expr> out = new ArrayList<>();
        if (!(e instanceof Lit)) out.add(simplest(e.type()));
        if (e.type().kind() == Type.Kind.BOOLEAN && !(e instanceof Lit l && l.sql().equals("FALSE"))) out.add(new Lit("FALSE", Type.BOOLEAN));
        switch (e) {
            case Call c -> {
                for (Expr a : c.args()) if (a.type().kind() == e.type().kind() && !c.op().aggregate()) out.add(a);
                if (c.op() == Op.FILTER) out.add(c.args().getFirst());
                Op all = switch (c.op()) {
                    case SUM_DISTINCT -> Op.SUM;
                    case MIN_DISTINCT -> Op.MIN;
                    case MAX_DISTINCT -> Op.MAX;
                    case AVG_DISTINCT -> Op.AVG;
                    default -> null;
                };
                if (all != null) out.add(new Call(all, c.type(), c.args()));
                for (int i = 0; i < c.args().size(); i++) for (Expr v : variants(c.args().get(i))) out.add(c.with(i, v));
            }
            case Window w -> {
                if (!w.partitionBy().isEmpty()) out.add(new Window(w.function(), List.of(), w.orderBy(), w.frame()));
                if (!w.orderBy().isEmpty() && !w.function().op().ranking()) out.add(new Window(w.function(), w.partitionBy(), List.of(), ""));
                if (!w.frame().isEmpty()) out.add(new Window(w.function(), w.partitionBy(), w.orderBy(), ""));
                for (int i = 0; i < w.function().args().size(); i++) {
                    for (Expr v : variants(w.function().args().get(i))) {
                        out.add(new Window(w.function().with(i, v), w.partitionBy(), w.orderBy(), w.frame()));
                    }
                }
            }
            case Subquery q -> {
                for (Select v : candidates(q.query())) if (q.op() != Ast.SubOp.SCALAR || oneRow(v)) out.add(new Subquery(q.op(), q.type(), q.args(), v));
                for (int i = 0; i < q.args().size(); i++) {
                    for (Expr v : variants(q.args().get(i))) {
                        List<Expr> args = new ArrayList<>(q.args());
                        args.set(i, v);
                        out.add(new Subquery(q.op(), q.type(), args, q.query()));
                    }
                }
            }
            default -> {}
        }
        return out;
    }

    /** A scalar subquery must stay one aggregate without GROUP BY, or it may return several rows. */
    private static boolean oneRow(Select s) {
        return s.groupBy().isEmpty() && s.branches().isEmpty() && s.items().size() == 1
                && s.items().getFirst() instanceof Call c && c.op().aggregate();
    }

    private static Lit simplest(Type t) {
        return switch (t.kind()) {
            case INTEGER -> new Lit("1", Type.INTEGER);
            case BIGINT -> new Lit("CAST(1 AS BIGINT)", Type.BIGINT);
            case DECIMAL -> new Lit("1.5", Type.decimal(2, 1));
            case DOUBLE -> new Lit("1.5E0", Type.DOUBLE);
            case VARCHAR -> new Lit("CAST('a' AS VARCHAR)", Type.VARCHAR);
            case DATE -> new Lit("DATE '1992-01-01'", Type.DATE);
            case BOOLEAN -> new Lit("TRUE", Type.BOOLEAN);
        };
    }

    /** Drops select item {@code i} in every union branch, and the ORDER BY keys on it. */
    private static Select withoutItem(Select s, int i) {
        List<OrderKey> keys = new ArrayList<>();
        for (OrderKey k : s.orderBy()) {
            if (k.ordinal() == i + 1) continue;
            keys.add(k.ordinal() > i + 1 ? new OrderKey(k.ordinal() - 1, k.descending(), k.nullsFirst()) : k);
        }
        List<Select> branches = new ArrayList<>();
        for (Select b : s.branches()) branches.add(b.withItems(without(b.items(), i)));
        return s.withItems(without(s.items(), i)).withBranches(branches).withOrder(keys, keys.isEmpty() ? null : s.limit());
    }

    private static <T> List<T> without(List<T> list, int i) {
        List<T> out = new ArrayList<>(list);
        out.remove(i);
        return out;
    }
}
