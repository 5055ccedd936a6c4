package io.ascan.codegen;

import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * Prints an engine expression as DuckDB SQL with the same meaning. Every non-boolean call is
 * cast to the call's type, because DuckDB derives other result types than Calcite (length() is
 * BIGINT, DECIMAL products are wider); the cast keeps overflow an error on both sides.
 */
final class DuckDbSql {
    private final IntFunction<String> names;

    DuckDbSql(IntFunction<String> names) {
        this.names = names;
    }

    String sql(Expr e) {
        return switch (e) {
            case ColumnRef r -> names.apply(r.index());
            case Literal l -> literal(l);
            case Call c -> c.type().kind() == TypeKind.BOOLEAN ? call(c) : "CAST(" + call(c) + " AS " + type(c.type()) + ")";
        };
    }

    static String type(DataType t) {
        return t.toString();
    }

    private String literal(Literal l) {
        if (l.isNull()) return "CAST(NULL AS " + type(l.type()) + ")";
        return switch (l.type().kind()) {
            case INTEGER -> "CAST(" + l.value() + " AS INTEGER)";
            case BIGINT -> "CAST(" + l.value() + " AS BIGINT)";
            case DOUBLE -> "CAST('" + l.value() + "' AS DOUBLE)";
            case DECIMAL -> "CAST('" + l.format(names) + "' AS " + type(l.type()) + ")";
            default -> l.format(names);
        };
    }

    private String call(Call c) {
        List<Expr> a = c.args();
        return switch (c.op()) {
            case EQ, NE, LT, LE, GT, GE, IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM, PLUS, MINUS, TIMES ->
                    "(" + sql(a.get(0)) + " " + c.op().symbol() + " " + sql(a.get(1)) + ")";
            case DIVIDE -> "(" + sql(a.get(0)) + (c.type().kind() == TypeKind.DOUBLE ? " / " : " // ") + sql(a.get(1)) + ")";
            case MOD -> "(" + sql(a.get(0)) + " % " + sql(a.get(1)) + ")";
            case AND, OR -> a.stream().map(this::sql).collect(Collectors.joining(" " + c.op().symbol() + " ", "(", ")"));
            case NOT -> "(NOT " + sql(a.get(0)) + ")";
            case NEGATE -> "(-" + sql(a.get(0)) + ")";
            case ABS -> "abs(" + sql(a.get(0)) + ")";
            case IS_NULL, IS_NOT_NULL, IS_TRUE, IS_NOT_TRUE, IS_FALSE, IS_NOT_FALSE -> "(" + sql(a.get(0)) + " " + c.op().symbol() + ")";
            case BETWEEN -> "(" + sql(a.get(0)) + " BETWEEN " + sql(a.get(1)) + " AND " + sql(a.get(2)) + ")";
            case IN -> "(" + sql(a.get(0)) + " IN (" + a.subList(1, a.size()).stream().map(this::sql).collect(Collectors.joining(", ")) + "))";
            case LIKE -> "(" + sql(a.get(0)) + " LIKE " + sql(a.get(1)) + (a.size() == 3 ? " ESCAPE " + sql(a.get(2)) : "") + ")";
            case SUBSTRING -> "substring(" + a.stream().map(this::sql).collect(Collectors.joining(", ")) + ")";
            case UPPER -> "upper(" + sql(a.get(0)) + ")";
            case LOWER -> "lower(" + sql(a.get(0)) + ")";
            case CHAR_LENGTH -> "length(" + sql(a.get(0)) + ")";
            case SINGLE_ROW -> "(CASE WHEN " + sql(a.get(0)) + " <= 1 THEN TRUE ELSE error('more than one row') END)";
            case CONCAT -> a.stream().map(x -> x.type().kind() == TypeKind.VARCHAR ? sql(x) : "CAST(" + sql(x) + " AS VARCHAR)")
                    .collect(Collectors.joining(" || ", "(", ")"));
            case CASE -> {
                StringBuilder sb = new StringBuilder("CASE");
                for (int i = 0; i + 1 < a.size(); i += 2) {
                    sb.append(" WHEN ").append(sql(a.get(i))).append(" THEN ").append(sql(a.get(i + 1)));
                }
                yield sb.append(" ELSE ").append(sql(a.getLast())).append(" END").toString();
            }
            case COALESCE -> "coalesce(" + a.stream().map(this::sql).collect(Collectors.joining(", ")) + ")";
            case CAST -> "CAST(" + sql(a.get(0)) + " AS " + type(c.type()) + ")";
            case EXTRACT -> {
                String unit = (String) ((Literal) a.get(0)).value();
                String x = sql(a.get(1));
                yield switch (unit) {
                    case "EPOCH" -> "CAST(floor(epoch(" + x + ")) AS BIGINT)";
                    case "MICROSECOND" -> "microsecond(" + x + ")";
                    case "MILLISECOND" -> "millisecond(" + x + ")";
                    default -> "extract(" + unit + " FROM " + x + ")";
                };
            }
            case PLUS_MONTHS -> "(" + sql(a.get(0)) + " + to_months(" + sql(a.get(1)) + "))";
            case PLUS_MICROS -> "(" + sql(a.get(0)) + " + to_microseconds(" + sql(a.get(1)) + "))";
            case TIMESTAMP_DIFF -> "date_sub('" + ((String) ((Literal) a.get(0)).value()).toLowerCase() + "', " + sql(a.get(1))
                    + ", " + sql(a.get(2)) + ")";
            case CURRENT_DATE -> "current_date";
            case BTRIM -> "trim(" + sql(a.get(0)) + ", " + sql(a.get(1)) + ")";
            // the other functions have DuckDB's names and argument order
            default -> c.op().symbol().toLowerCase() + "(" + a.stream().map(this::sql).collect(Collectors.joining(", ")) + ")";
        };
    }
}
