package io.ascan.codegen;

import io.ascan.expr.Call;
import io.ascan.expr.Expr;
import io.ascan.expr.Operator;
import java.util.ArrayList;
import java.util.List;

/**
 * Nests calls with thousands of operands (3,000 ORed comparisons, a CASE of 2,000 branches) into
 * a tree of at most {@link #FAN} operands per node, with the same result and evaluation order:
 * AND and OR are associative (with NULL too), and a CASE's later branches are the ELSE of its
 * earlier ones. The nested calls are subtrees {@link ExprCodegen} can split into methods of
 * their own, so no generated method grows beyond the JVM's 64 KB.
 */
final class WideCalls {
    static final int FAN = 32;

    private WideCalls() {}

    static boolean isWide(Call c) {
        return switch (c.op()) {
            case AND, OR -> c.args().size() > FAN;
            case CASE -> c.args().size() > 2 * FAN + 1;
            default -> false;
        };
    }

    static Call nest(Call c) {
        return c.op() == Operator.CASE ? nestCase(c.args(), c) : nestLogic(c.args(), c);
    }

    /** AND/OR over contiguous groups, each nested again until it has at most FAN operands. */
    private static Call nestLogic(List<Expr> args, Call c) {
        if (args.size() <= FAN) return new Call(c.op(), args, c.type());
        int groups = FAN, per = (args.size() + groups - 1) / groups;
        List<Expr> nested = new ArrayList<>(groups);
        for (int from = 0; from < args.size(); from += per) {
            List<Expr> group = args.subList(from, Math.min(args.size(), from + per));
            nested.add(group.size() == 1 ? group.getFirst() : nestLogic(group, c));
        }
        return new Call(c.op(), nested, c.type());
    }

    /** CASE w1 THEN t1 ... wF THEN tF ELSE (CASE of the remaining branches) END; {@code args} are pairs and the ELSE. */
    private static Call nestCase(List<Expr> args, Call c) {
        int pairs = (args.size() - 1) / 2;
        if (pairs <= FAN) return new Call(Operator.CASE, args, c.type());
        List<Expr> head = new ArrayList<>(args.subList(0, 2 * FAN));
        head.add(nestCase(args.subList(2 * FAN, args.size()), c));
        return new Call(Operator.CASE, head, c.type());
    }
}
