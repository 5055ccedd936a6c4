package io.ascan.expr;

import io.ascan.types.DataType;
import java.util.List;
import java.util.Objects;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/** An operator applied to arguments, with its result type. */
public record Call(Operator op, List<Expr> args, DataType type) implements Expr {
    public Call {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(type, "type");
        args = List.copyOf(args);
        if (!op.acceptsArity(args.size())) {
            throw new IllegalArgumentException(op + " does not take " + args.size() + " argument(s)");
        }
        if (op == Operator.CASE && args.size() % 2 == 0) {
            throw new IllegalArgumentException("CASE takes WHEN/THEN pairs and an ELSE value");
        }
    }

    public static Call of(Operator op, DataType type, Expr... args) {
        return new Call(op, List.of(args), type);
    }

    /** A BOOLEAN call (comparisons, logic, predicates). */
    public static Call predicate(Operator op, Expr... args) {
        return new Call(op, List.of(args), DataType.BOOLEAN);
    }

    public Expr arg(int i) {
        return args.get(i);
    }

    @Override
    public String format(IntFunction<String> n) {
        return switch (op) {
            case EQ, NE, LT, LE, GT, GE, IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM, PLUS, MINUS, TIMES, DIVIDE, LIKE ->
                    infix(n) + (args.size() == 3 ? " ESCAPE " + sub(arg(2), n) : "");
            case AND, OR, CONCAT -> args.stream().map(a -> sub(a, n)).collect(Collectors.joining(" " + op.symbol() + " "));
            case NOT -> "NOT " + sub(arg(0), n);
            case NEGATE -> "-" + sub(arg(0), n);
            case IS_NULL, IS_NOT_NULL, IS_TRUE, IS_NOT_TRUE, IS_FALSE, IS_NOT_FALSE -> sub(arg(0), n) + " " + op.symbol();
            case BETWEEN -> sub(arg(0), n) + " BETWEEN " + sub(arg(1), n) + " AND " + sub(arg(2), n);
            case IN -> sub(arg(0), n) + " IN (" + args.subList(1, args.size()).stream()
                    .map(a -> a.format(n)).collect(Collectors.joining(", ")) + ")";
            case CASE -> formatCase(n);
            case CAST -> "CAST(" + arg(0).format(n) + " AS " + type + ")";
            case EXTRACT -> "EXTRACT(" + ((Literal) arg(0)).value() + " FROM " + arg(1).format(n) + ")";
            case CURRENT_DATE -> "CURRENT_DATE";
            case TIMESTAMP_DIFF -> "TIMESTAMPDIFF(" + ((Literal) arg(0)).value() + ", " + arg(1).format(n) + ", "
                    + arg(2).format(n) + ")";
            default -> op.symbol() + "(" + args.stream().map(a -> a.format(n)).collect(Collectors.joining(", ")) + ")";
        };
    }

    private String infix(IntFunction<String> n) {
        return sub(arg(0), n) + " " + op.symbol() + " " + sub(arg(1), n);
    }

    private String formatCase(IntFunction<String> n) {
        StringBuilder sb = new StringBuilder("CASE");
        for (int i = 0; i + 1 < args.size(); i += 2) {
            sb.append(" WHEN ").append(arg(i).format(n)).append(" THEN ").append(arg(i + 1).format(n));
        }
        return sb.append(" ELSE ").append(args.getLast().format(n)).append(" END").toString();
    }

    /** An argument, parenthesised when it is itself an operator expression. */
    private static String sub(Expr e, IntFunction<String> n) {
        String s = e.format(n);
        if (e instanceof Call c && isOperatorSyntax(c.op())) return "(" + s + ")";
        return s;
    }

    private static boolean isOperatorSyntax(Operator op) {
        return switch (op) {
            case EQ, NE, LT, LE, GT, GE, IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM, PLUS, MINUS, TIMES, DIVIDE, LIKE, AND, OR,
                 CONCAT, NOT, NEGATE, IS_NULL, IS_NOT_NULL, IS_TRUE, IS_NOT_TRUE, IS_FALSE, IS_NOT_FALSE, BETWEEN, IN -> true;
            default -> false;
        };
    }

    @Override
    public String toString() {
        return format(i -> "$" + i);
    }
}
