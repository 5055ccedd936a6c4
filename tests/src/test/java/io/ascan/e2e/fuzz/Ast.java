package io.ascan.e2e.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * The generated query, as an immutable tree that renders to SQL (the same text for ascan and
 * DuckDB: the generator only builds what both read alike) and that the {@link Reducer} rewrites.
 */
final class Ast {
    private Ast() {}

    sealed interface Expr permits Col, Lit, Call, Subquery, Window {
        Type type();
    }

    /** A column of a FROM source (or of an outer query's, in a correlated subquery). */
    record Col(String qualifier, String name, Type type) implements Expr {}

    /** A literal, already in SQL. */
    record Lit(String sql, Type type) implements Expr {}

    record Call(Op op, Type type, List<Expr> args) implements Expr {
        Call with(int i, Expr arg) {
            List<Expr> a = new ArrayList<>(args);
            a.set(i, arg);
            return new Call(op, type, a);
        }
    }

    /** EXISTS, NOT EXISTS, IN, NOT IN or a scalar subquery; {@code args} is the IN's left side. */
    record Subquery(SubOp op, Type type, List<Expr> args, Select query) implements Expr {}

    enum SubOp { EXISTS, NOT_EXISTS, IN, NOT_IN, SCALAR }

    /**
     * {@code function OVER (PARTITION BY ... ORDER BY ... frame)}: {@code function} is an aggregate
     * call or a ranking call ({@link Op#RANK} ...) without arguments; {@code frame} is SQL or empty.
     */
    record Window(Call function, List<Expr> partitionBy, List<WindowKey> orderBy, String frame) implements Expr {
        public Window {
            partitionBy = List.copyOf(partitionBy);
            orderBy = List.copyOf(orderBy);
        }

        @Override
        public Type type() {
            return function.type();
        }
    }

    /** A window's order key, with its direction and an explicit NULL order (the engines' defaults differ). */
    record WindowKey(Expr key, boolean descending, boolean nullsFirst) {}

    enum Op {
        PLUS("+"), MINUS("-"), TIMES("*"), DIVIDE("/"), NEG("-"), CONCAT("||"),
        EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">="),
        IS_DISTINCT("IS DISTINCT FROM"), IS_NOT_DISTINCT("IS NOT DISTINCT FROM"),
        AND("AND"), OR("OR"), NOT("NOT"), IS_NULL("IS NULL"), IS_NOT_NULL("IS NOT NULL"),
        BETWEEN("BETWEEN"), NOT_BETWEEN("NOT BETWEEN"), IN_LIST("IN"), NOT_IN_LIST("NOT IN"),
        LIKE("LIKE"), NOT_LIKE("NOT LIKE"),
        CASE("CASE"), COALESCE("COALESCE"), NULLIF("NULLIF"), CAST("CAST"),
        UPPER("UPPER"), LOWER("LOWER"), SUBSTRING("SUBSTRING"), CHAR_LENGTH("CHAR_LENGTH"), ABS("ABS"),
        EXTRACT_YEAR("EXTRACT"),
        COUNT_STAR("COUNT"), COUNT("COUNT"), COUNT_DISTINCT("COUNT"), SUM("SUM"), MIN("MIN"), MAX("MAX"), AVG("AVG"),
        SUM_DISTINCT("SUM"), MIN_DISTINCT("MIN"), MAX_DISTINCT("MAX"), AVG_DISTINCT("AVG"),
        // an aggregate (the first argument) over the rows where the condition (the second) holds
        FILTER("FILTER"),
        // GROUPING(key) of a block grouped by ROLLUP, CUBE or GROUPING SETS
        GROUPING("GROUPING"),
        // window functions only
        RANK("RANK"), DENSE_RANK("DENSE_RANK"), PERCENT_RANK("PERCENT_RANK"), CUME_DIST("CUME_DIST");

        final String sql;

        Op(String sql) {
            this.sql = sql;
        }

        boolean aggregate() {
            return ordinal() >= COUNT_STAR.ordinal() && !ranking();
        }

        /** A ranking function: only in a window, with an ORDER BY. */
        boolean ranking() {
            return ordinal() >= RANK.ordinal();
        }

        boolean infix() {
            return ordinal() <= OR.ordinal() && this != NEG && this != NOT || this == LIKE || this == NOT_LIKE;
        }
    }

    enum JoinType { INNER, LEFT, FULL }

    /** How a block's GROUP BY keys form grouping sets: as written (one set), or ROLLUP, CUBE, or each key alone and (). */
    enum Grouping { PLAIN, ROLLUP, CUBE, SETS }

    /**
     * How the SQL renders the calls that can raise a data error (casts, integer and decimal
     * arithmetic): as they are; for DuckDB with a NULL instead of the error (TRY, TRY_CAST); or with
     * a value of the type (zero) instead. Where DuckDB alone raises such an error, ascan's answer
     * should be one of the latter two (the order of evaluation being open, ascan may never have
     * needed the failing value, or needed only that it is not NULL), never one that used a value
     * that wrapped around.
     */
    enum OnError { RAISE, NULL, ZERO }

    /** A FROM item: a table (base table or CTE name) or a derived table; joined to the ones before it unless first. */
    record Source(JoinType join, String table, Select derived, String alias, Expr on) {
        Source withOn(Expr e) {
            return new Source(join, table, derived, alias, e);
        }
    }

    record Cte(String name, Select query) {}

    /** An output column's 1-based position, direction and explicit NULL order. */
    record OrderKey(int ordinal, boolean descending, boolean nullsFirst) {}

    /** How a query block's further branches combine with it. */
    enum SetOp {
        UNION_ALL("UNION ALL"), UNION("UNION"), INTERSECT("INTERSECT"), INTERSECT_ALL("INTERSECT ALL"),
        EXCEPT("EXCEPT"), EXCEPT_ALL("EXCEPT ALL");

        final String sql;

        SetOp(String sql) {
            this.sql = sql;
        }
    }

    /**
     * A query block. {@code branches} are further blocks with the same column types, each combined
     * with what comes before it by {@code setOp}; ORDER BY and LIMIT (top level only) apply to the
     * whole.
     */
    record Select(List<Cte> with, boolean distinct, List<Expr> items, List<Source> from, List<Expr> where,
                  List<Expr> groupBy, Grouping grouping, List<Expr> having, List<Select> branches, SetOp setOp, List<OrderKey> orderBy,
                  Integer limit) {
        Select {
            with = List.copyOf(with);
            items = List.copyOf(items);
            from = List.copyOf(from);
            where = List.copyOf(where);
            groupBy = List.copyOf(groupBy);
            having = List.copyOf(having);
            branches = List.copyOf(branches);
            orderBy = List.copyOf(orderBy);
        }

        /** A block without branches, ORDER BY or LIMIT. */
        Select(List<Cte> with, boolean distinct, List<Expr> items, List<Source> from, List<Expr> where, List<Expr> groupBy, List<Expr> having) {
            this(with, distinct, items, from, where, groupBy, Grouping.PLAIN, having, List.of(), SetOp.UNION_ALL, List.of(), null);
        }

        Select withWith(List<Cte> v) { return new Select(v, distinct, items, from, where, groupBy, grouping, having, branches, setOp, orderBy, limit); }
        Select withDistinct(boolean v) { return new Select(with, v, items, from, where, groupBy, grouping, having, branches, setOp, orderBy, limit); }
        Select withItems(List<Expr> v) { return new Select(with, distinct, v, from, where, groupBy, grouping, having, branches, setOp, orderBy, limit); }
        Select withFrom(List<Source> v) { return new Select(with, distinct, items, v, where, groupBy, grouping, having, branches, setOp, orderBy, limit); }
        Select withWhere(List<Expr> v) { return new Select(with, distinct, items, from, v, groupBy, grouping, having, branches, setOp, orderBy, limit); }
        Select withGroupBy(List<Expr> v) { return new Select(with, distinct, items, from, where, v, grouping, having, branches, setOp, orderBy, limit); }
        Select withHaving(List<Expr> v) { return new Select(with, distinct, items, from, where, groupBy, grouping, v, branches, setOp, orderBy, limit); }
        Select withBranches(List<Select> v) { return new Select(with, distinct, items, from, where, groupBy, grouping, having, v, setOp, orderBy, limit); }
        Select withBranches(List<Select> v, SetOp op) { return new Select(with, distinct, items, from, where, groupBy, grouping, having, v, op, orderBy, limit); }
        Select withOrder(List<OrderKey> v, Integer l) { return new Select(with, distinct, items, from, where, groupBy, grouping, having, branches, setOp, v, l); }
        Select withGrouping(Grouping v) { return new Select(with, distinct, items, from, where, groupBy, v, having, branches, setOp, orderBy, limit); }

        String sql() {
            return sql(OnError.RAISE);
        }

        String sql(OnError onError) {
            StringBuilder sb = new StringBuilder();
            if (!with.isEmpty()) {
                StringJoiner ctes = new StringJoiner(", ", "WITH ", " ");
                for (Cte c : with) ctes.add(c.name() + " AS (" + c.query().sql(onError) + ")");
                sb.append(ctes);
            }
            sb.append(block(onError));
            for (Select branch : branches) sb.append(' ').append(setOp.sql).append(' ').append(branch.block(onError));
            if (!orderBy.isEmpty()) {
                StringJoiner keys = new StringJoiner(", ", " ORDER BY ", "");
                for (OrderKey k : orderBy) {
                    keys.add(k.ordinal() + (k.descending() ? " DESC" : " ASC") + (k.nullsFirst() ? " NULLS FIRST" : " NULLS LAST"));
                }
                sb.append(keys);
            }
            if (limit != null) sb.append(" LIMIT ").append(limit);
            return sb.toString();
        }

        private String block(OnError onError) {
            StringJoiner select = new StringJoiner(", ", distinct ? "SELECT DISTINCT " : "SELECT ", "");
            for (int i = 0; i < items.size(); i++) select.add(Ast.sql(items.get(i), onError) + " AS c" + i);
            StringBuilder sb = new StringBuilder(select.toString());
            sb.append(" FROM ");
            for (int i = 0; i < from.size(); i++) {
                Source s = from.get(i);
                if (i > 0) sb.append(s.join() == JoinType.INNER ? " JOIN " : s.join() == JoinType.LEFT ? " LEFT JOIN " : " FULL JOIN ");
                sb.append(s.derived() != null ? "(" + s.derived().sql(onError) + ")" : s.table()).append(' ').append(s.alias());
                if (i > 0) sb.append(" ON ").append(Ast.sql(s.on(), onError));
            }
            if (!where.isEmpty()) sb.append(" WHERE ").append(conjunction(where, onError));
            if (!groupBy.isEmpty()) {
                StringJoiner keys = switch (grouping) {
                    case PLAIN -> new StringJoiner(", ", " GROUP BY ", "");
                    case ROLLUP -> new StringJoiner(", ", " GROUP BY ROLLUP (", ")");
                    case CUBE -> new StringJoiner(", ", " GROUP BY CUBE (", ")");
                    case SETS -> new StringJoiner("), (", " GROUP BY GROUPING SETS ((", "), ())");
                };
                for (Expr e : groupBy) keys.add(Ast.sql(e, onError));
                sb.append(keys);
            }
            if (!having.isEmpty()) sb.append(" HAVING ").append(conjunction(having, onError));
            return sb.toString();
        }

        /** The types of the output columns. */
        List<Type> types() {
            return items.stream().map(Expr::type).toList();
        }
    }

    private static String conjunction(List<Expr> conjuncts, OnError onError) {
        StringJoiner j = new StringJoiner(" AND ");
        for (Expr e : conjuncts) j.add(sql(e, onError));
        return j.toString();
    }

    static String sql(Expr e) {
        return sql(e, OnError.RAISE);
    }

    private static String sql(Expr e, OnError onError) {
        return switch (e) {
            case Col c -> c.qualifier() + "." + c.name();
            case Lit l -> l.sql();
            case Window w -> {
                StringJoiner spec = new StringJoiner(" ", " OVER (", ")").setEmptyValue(" OVER ()");
                if (!w.partitionBy().isEmpty()) {
                    StringJoiner keys = new StringJoiner(", ", "PARTITION BY ", "");
                    for (Expr p : w.partitionBy()) keys.add(sql(p, onError));
                    spec.add(keys.toString());
                }
                if (!w.orderBy().isEmpty()) {
                    StringJoiner keys = new StringJoiner(", ", "ORDER BY ", "");
                    for (WindowKey k : w.orderBy()) {
                        keys.add(sql(k.key(), onError) + (k.descending() ? " DESC" : " ASC") + (k.nullsFirst() ? " NULLS FIRST" : " NULLS LAST"));
                    }
                    spec.add(keys.toString());
                }
                if (!w.frame().isEmpty()) spec.add(w.frame());
                yield sql(w.function(), onError) + spec;
            }
            case Subquery s -> switch (s.op()) {
                case EXISTS -> "EXISTS (" + s.query().sql(onError) + ")";
                case NOT_EXISTS -> "NOT EXISTS (" + s.query().sql(onError) + ")";
                case IN -> "(" + sql(s.args().getFirst(), onError) + " IN (" + s.query().sql(onError) + "))";
                case NOT_IN -> "(" + sql(s.args().getFirst(), onError) + " NOT IN (" + s.query().sql(onError) + "))";
                case SCALAR -> "(" + s.query().sql(onError) + ")";
            };
            case Call c -> {
                String sql = call(c, onError);
                boolean mayFail = c.op() == Op.CAST || c.type().kind() != Type.Kind.DOUBLE && switch (c.op()) {
                    case PLUS, MINUS, TIMES, NEG, ABS -> true;
                    default -> false;
                };
                // DuckDB refuses TRY over a scalar subquery: such a call may still raise
                if (onError == OnError.RAISE || !mayFail || c.op() != Op.CAST && hasSubquery(c)) yield sql;
                String tried = c.op() == Op.CAST ? "TRY_" + sql : "TRY(" + sql + ")";
                if (onError == OnError.NULL) yield tried;
                // a value where the operands have one: NULL only when the call is NULL anyway
                StringJoiner operandsNotNull = new StringJoiner(" AND ");
                for (Expr x : c.op() == Op.CAST ? c.args().subList(0, 1) : c.args()) operandsNotNull.add(sql(x, onError) + " IS NOT NULL");
                yield "COALESCE(" + tried + ", CASE WHEN " + operandsNotNull + " THEN " + c.type().zero() + " END)";
            }
        };
    }

    private static boolean hasSubquery(Expr e) {
        return e instanceof Subquery || e instanceof Call c && c.args().stream().anyMatch(Ast::hasSubquery)
                || e instanceof Window w && hasSubquery(w.function());
    }

    private static String call(Call c, OnError onError) {
        List<Expr> a = c.args();
        return switch (c.op()) {
            case NEG -> "(- " + sql(a.get(0), onError) + ")";
            case NOT -> "(NOT " + sql(a.get(0), onError) + ")";
            case IS_NULL, IS_NOT_NULL -> "(" + sql(a.get(0), onError) + " " + c.op().sql + ")";
            case BETWEEN, NOT_BETWEEN -> "(" + sql(a.get(0), onError) + " " + c.op().sql + " " + sql(a.get(1), onError) + " AND " + sql(a.get(2), onError) + ")";
            case IN_LIST, NOT_IN_LIST -> {
                StringJoiner list = new StringJoiner(", ", "(" + sql(a.get(0), onError) + " " + c.op().sql + " (", "))");
                for (Expr x : a.subList(1, a.size())) list.add(sql(x, onError));
                yield list.toString();
            }
            case CASE -> {
                StringBuilder sb = new StringBuilder("(CASE");
                for (int i = 0; i + 1 < a.size(); i += 2) sb.append(" WHEN ").append(sql(a.get(i), onError)).append(" THEN ").append(sql(a.get(i + 1), onError));
                yield sb.append(" ELSE ").append(sql(a.getLast(), onError)).append(" END)").toString();
            }
            case CAST -> "CAST(" + sql(a.get(0), onError) + " AS " + c.type().sql() + ")";
            case SUBSTRING -> "SUBSTRING(" + sql(a.get(0), onError) + " FROM " + sql(a.get(1), onError) + " FOR " + sql(a.get(2), onError) + ")";
            case EXTRACT_YEAR -> "EXTRACT(YEAR FROM " + sql(a.get(0), onError) + ")";
            case COUNT_STAR -> "COUNT(*)";
            case COUNT_DISTINCT, SUM_DISTINCT, MIN_DISTINCT, MAX_DISTINCT, AVG_DISTINCT -> c.op().sql + "(DISTINCT " + sql(a.get(0), onError) + ")";
            case FILTER -> sql(a.get(0), onError) + " FILTER (WHERE " + sql(a.get(1), onError) + ")";
            case RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST -> c.op().sql + "()";
            default -> {
                if (c.op().infix()) yield "(" + sql(a.get(0), onError) + " " + c.op().sql + " " + sql(a.get(1), onError) + ")";
                StringJoiner args = new StringJoiner(", ", c.op().sql + "(", ")");
                for (Expr x : a) args.add(sql(x, onError));
                yield args.toString();
            }
        };
    }
}
