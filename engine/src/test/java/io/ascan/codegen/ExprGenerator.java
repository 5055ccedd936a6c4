package io.ascan.codegen;

import static io.ascan.codegen.ExprDuckDbOracleTest.*;
import static io.ascan.expr.Operator.*;

import io.ascan.expr.Call;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.types.DataType;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Random well-typed expressions over the oracle test's columns, as Calcite would type them. */
final class ExprGenerator {
    private final Random rnd;

    ExprGenerator(Random rnd) {
        this.rnd = rnd;
    }

    private <T> T pick(List<T> xs) {
        return xs.get(rnd.nextInt(xs.size()));
    }

    Expr expr(DataType t, int depth) {
        if (depth <= 0 || rnd.nextInt(4) == 0) return leaf(t);
        int d = depth - 1;
        return switch (t.kind()) {
            case BOOLEAN -> bool(d);
            case INTEGER -> switch (rnd.nextInt(8)) {
                case 0 -> Call.of(pick(List.of(PLUS, MINUS, TIMES)), t, expr(t, d), expr(t, d));
                case 1 -> Call.of(pick(List.of(DIVIDE, MOD)), t, expr(t, d), J);
                case 2 -> Call.of(pick(List.of(NEGATE, ABS)), t, expr(t, d));
                case 3 -> Call.of(CHAR_LENGTH, t, expr(DataType.VARCHAR, d));
                case 4 -> Call.of(CAST, t, expr(pick(List.of(DataType.DOUBLE, DataType.decimal(12, 2), DataType.BIGINT)), d));
                case 5 -> Call.of(CASE, t, bool(d), expr(t, d), expr(t, d));
                case 6 -> Call.of(COALESCE, t, expr(t, d), expr(t, d));
                default -> Call.of(EXTRACT, t, Literal.of(pick(List.of("YEAR", "MONTH", "DAY", "DOW", "QUARTER", "DOY"))),
                        expr(pick(List.of(DataType.DATE, DataType.TIMESTAMP)), d));
            };
            case BIGINT -> switch (rnd.nextInt(6)) {
                case 0 -> Call.of(pick(List.of(PLUS, MINUS, TIMES)), t, expr(pick(List.of(t, DataType.INTEGER)), d), expr(t, d));
                case 1 -> Call.of(pick(List.of(DIVIDE, MOD)), t, expr(t, d), J);
                case 2 -> Call.of(TIMESTAMP_DIFF, t, Literal.of(pick(List.of("SECOND", "MINUTE", "HOUR", "DAY", "MONTH", "YEAR"))),
                        expr(DataType.TIMESTAMP, d), expr(pick(List.of(DataType.TIMESTAMP, DataType.DATE)), d));
                case 3 -> Call.of(EXTRACT, t, Literal.of(pick(List.of("EPOCH", "WEEK", "HOUR", "SECOND", "MICROSECOND"))), expr(DataType.TIMESTAMP, d));
                case 4 -> Call.of(CAST, t, expr(pick(List.of(DataType.INTEGER, DataType.DOUBLE, DataType.decimal(12, 2))), d));
                default -> Call.of(CASE, t, bool(d), expr(t, d), expr(t, d));
            };
            case DOUBLE -> switch (rnd.nextInt(5)) {
                case 0 -> Call.of(pick(List.of(PLUS, MINUS, TIMES, DIVIDE)), t, expr(t, d), expr(pick(List.of(t, DataType.INTEGER)), d));
                case 1 -> Call.of(CAST, t, expr(pick(List.of(DataType.INTEGER, DataType.BIGINT, DataType.decimal(12, 2))), d));
                case 2 -> Call.of(NEGATE, t, expr(t, d));
                case 3 -> Call.of(ABS, t, expr(t, d));
                default -> Call.of(COALESCE, t, expr(t, d), expr(t, d));
            };
            case DECIMAL -> switch (rnd.nextInt(5)) {
                case 0 -> Call.of(pick(List.of(PLUS, MINUS)), t, expr(t, d), expr(pick(List.of(t, DataType.INTEGER)), d));
                case 1 -> Call.of(CAST, t, Call.of(TIMES, DataType.decimal(18, 4), expr(t, d), expr(t, d)));
                case 2 -> Call.of(CAST, t, expr(pick(List.of(DataType.INTEGER, DataType.decimal(6, 1), DataType.decimal(15, 4))), d));
                case 3 -> Call.of(NEGATE, t, expr(t, d));
                default -> Call.of(CASE, t, bool(d), expr(t, d), expr(t, d));
            };
            case DATE -> switch (rnd.nextInt(4)) {
                case 0 -> Call.of(PLUS_MONTHS, t, expr(t, d), Literal.of((long) rnd.nextInt(50) - 25));
                case 1 -> Call.of(PLUS_MICROS, t, expr(t, d), Literal.of(86_400_000_000L * (rnd.nextInt(800) - 400)));
                case 2 -> Call.of(CAST, t, expr(DataType.TIMESTAMP, d));
                default -> Call.of(COALESCE, t, expr(t, d), expr(t, d));
            };
            case TIMESTAMP -> switch (rnd.nextInt(4)) {
                case 0 -> Call.of(PLUS_MONTHS, t, expr(t, d), Literal.of((long) rnd.nextInt(50) - 25));
                case 1 -> Call.of(PLUS_MICROS, t, expr(t, d), Literal.of(rnd.nextLong(-400L * 86_400_000_000L, 400L * 86_400_000_000L)));
                case 2 -> Call.of(CAST, t, expr(DataType.DATE, d));
                default -> Call.of(CASE, t, bool(d), expr(t, d), expr(t, d));
            };
            case VARCHAR -> switch (rnd.nextInt(6)) {
                case 0 -> Call.of(SUBSTRING, t, expr(t, d), Literal.of(rnd.nextInt(5)), Literal.of(rnd.nextInt(5)));
                case 1 -> Call.of(pick(List.of(UPPER, LOWER)), t, expr(t, d));
                case 2 -> Call.of(CONCAT, t, expr(t, d), expr(pick(List.of(t, DataType.INTEGER, DataType.DATE)), d));
                case 3 -> Call.of(CAST, t, expr(pick(List.of(DataType.INTEGER, DataType.BIGINT, DataType.decimal(12, 2), DataType.DATE,
                        DataType.TIMESTAMP, DataType.BOOLEAN)), d));
                case 4 -> Call.of(CASE, t, bool(d), expr(t, d), bool(d), expr(t, d), expr(t, d));
                default -> Call.of(COALESCE, t, expr(t, d), expr(t, d), expr(t, d));
            };
        };
    }

    private Expr bool(int d) {
        DataType[] cmp = {DataType.INTEGER, DataType.BIGINT, DataType.DOUBLE, DataType.decimal(12, 2), DataType.DATE, DataType.TIMESTAMP,
                DataType.VARCHAR};
        DataType t = cmp[rnd.nextInt(cmp.length)];
        return switch (rnd.nextInt(9)) {
            case 0 -> Call.predicate(pick(List.of(EQ, NE, LT, LE, GT, GE)), expr(t, d), expr(t, d));
            case 1 -> Call.predicate(pick(List.of(AND, OR)), bool(d), bool(d), bool(d));
            case 2 -> Call.predicate(pick(List.of(NOT, IS_NULL, IS_NOT_NULL, IS_TRUE, IS_NOT_TRUE, IS_FALSE, IS_NOT_FALSE)), bool(d));
            case 3 -> Call.predicate(BETWEEN, expr(t, d), leaf(t), leaf(t));
            case 4 -> {
                List<Expr> in = new ArrayList<>(List.of(expr(t, d)));
                int n = 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 14);
                for (int k = 0; k < n; k++) in.add(literal(t));
                yield new Call(IN, in, DataType.BOOLEAN);
            }
            case 5 -> Call.predicate(LIKE, pick(List.of(S, SD, expr(DataType.VARCHAR, d))),
                    Literal.of(pick(List.of("a%", "%a%", "%e", "A%", "_", "%_b%", "h_llo%", "%I%", "", "%", "%a%b%", "a%e", "%l%l%", "h%o%d", "%e%%e")))) ;
            case 6 -> Call.predicate(pick(List.of(IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM)), expr(t, d), expr(t, d));
            case 7 -> Call.predicate(pick(List.of(EQ, LT, GE)), pick(List.of(SD, S)), literal(DataType.VARCHAR));
            default -> leaf(DataType.BOOLEAN);
        };
    }

    Expr leaf(DataType t) {
        if (rnd.nextInt(3) == 0) return literal(t);
        return switch (t.kind()) {
            case BOOLEAN -> B;
            case INTEGER -> pick(List.of(I, J));
            case BIGINT -> L;
            case DOUBLE -> D;
            case DECIMAL -> t.equals(M.type()) ? M : Call.of(CAST, t, M);
            case DATE -> DT;
            case TIMESTAMP -> TS;
            case VARCHAR -> pick(List.of(S, SD));
        };
    }

    Literal literal(DataType t) {
        if (rnd.nextInt(12) == 0) return Literal.ofNull(t);
        return switch (t.kind()) {
            case BOOLEAN -> Literal.of(rnd.nextBoolean());
            case INTEGER -> Literal.of(rnd.nextInt(21) - 10);
            case BIGINT -> Literal.of((long) rnd.nextInt(2001) - 1000);
            case DOUBLE -> Literal.of((rnd.nextInt(81) - 40) / 8.0);
            case DECIMAL -> new Literal((long) rnd.nextInt(20001) - 10000, t);
            case DATE -> Literal.of(LocalDate.of(1960 + rnd.nextInt(70), 1 + rnd.nextInt(12), 1 + rnd.nextInt(28)));
            case TIMESTAMP -> Literal.of(LocalDateTime.of(1960 + rnd.nextInt(70), 1 + rnd.nextInt(12), 1 + rnd.nextInt(28),
                    rnd.nextInt(24), rnd.nextInt(60), rnd.nextInt(60), rnd.nextInt(1000) * 1000_000));
            case VARCHAR -> Literal.of(pick(List.of("a", "abc", "ASIA", "EUROPE", "", "héllo wörld", "123", "Hello World", "zz", "é")));
        };
    }
}
