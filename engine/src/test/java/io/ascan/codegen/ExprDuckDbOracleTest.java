package io.ascan.codegen;

import static io.ascan.expr.Operator.*;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every expression evaluated by the compiler and by DuckDB over the same rows; every row must
 * agree, NULLs and errors included (an error in DuckDB fails the whole query, so such
 * expressions are compared row by row). Deliberate differences from DuckDB, each following
 * PostgreSQL or the SQL standard:
 * <ul>
 *   <li>DOUBLE division (and MOD) by zero is an error (PostgreSQL); DuckDB returns ±Infinity/NaN.</li>
 *   <li>SUBSTRING with a start below 1 shortens the result (standard, PostgreSQL); DuckDB counts a
 *       negative start from the end. The generator uses starts from 0.</li>
 *   <li>UPPER/LOWER use Java's simple per-code-point mapping (DuckDB maps ß to ẞ): no ß in the data.</li>
 *   <li>Evaluation order: operands whose value cannot change the result are not evaluated (a
 *       strict operator stops at its first NULL operand, AND at FALSE, OR at TRUE), so an error
 *       there is not raised; DuckDB evaluates other operands eagerly and skips others. The
 *       standard leaves this to the implementation; such rows are accepted only when the failing
 *       sub-expression fails in both engines.</li>
 * </ul>
 */
class ExprDuckDbOracleTest {
    @RegisterExtension
    final LeakCheck memory = new LeakCheck();

    static final List<ExprCompiler.Input> INPUTS = List.of(
            ExprCompiler.Input.of("b", DataType.BOOLEAN),
            ExprCompiler.Input.of("i", DataType.INTEGER),
            ExprCompiler.Input.of("l", DataType.BIGINT),
            ExprCompiler.Input.of("d", DataType.DOUBLE),
            ExprCompiler.Input.of("m", DataType.decimal(12, 2)),
            ExprCompiler.Input.of("dt", DataType.DATE),
            ExprCompiler.Input.of("ts", DataType.TIMESTAMP),
            ExprCompiler.Input.of("s", DataType.VARCHAR),
            new ExprCompiler.Input("sd", DataType.VARCHAR, true),
            ExprCompiler.Input.of("j", DataType.INTEGER));

    static ColumnRef col(int c) {
        return new ColumnRef(c, INPUTS.get(c).type());
    }

    static final ColumnRef B = col(0), I = col(1), L = col(2), D = col(3), M = col(4), DT = col(5), TS = col(6), S = col(7),
            SD = col(8), J = col(9);

    static final Object[] BOOLS = {true, false, null};
    static final Object[] INTS = {0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 42, -7, 100000, null};
    static final Object[] LONGS = {0L, 1L, Long.MAX_VALUE, Long.MIN_VALUE, 1_000_000_007L, -3L, 86_400_000_000L, null};
    static final Object[] DOUBLES = {0.0, 1.5, -2.25, 1e10, 0.1, 3.0, -0.125, 123456.789, null};
    static final Object[] DECIMALS = {new BigDecimal("0.00"), new BigDecimal("9999999999.99"), new BigDecimal("-9999999999.99"),
            new BigDecimal("1.25"), new BigDecimal("-1.25"), new BigDecimal("0.05"), new BigDecimal("42.50"), null};
    static final Object[] DATES = {LocalDate.of(1970, 1, 1), LocalDate.of(1969, 12, 31), LocalDate.of(2000, 2, 29),
            LocalDate.of(1900, 3, 1), LocalDate.of(2024, 1, 31), LocalDate.of(1992, 12, 31), LocalDate.of(1600, 2, 29),
            LocalDate.of(2021, 1, 1), null};
    static final Object[] TIMESTAMPS = {LocalDateTime.of(1970, 1, 1, 0, 0), LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000),
            LocalDateTime.of(2020, 2, 29, 12, 34, 56, 789_000_000), LocalDateTime.of(2024, 1, 31, 23, 0),
            LocalDateTime.of(1999, 12, 31, 23, 59, 59), LocalDateTime.of(2021, 3, 28, 1, 30, 0, 500_000_000), null};
    static final Object[] STRINGS = {"", "a", "abc", "Hello World", "héllo wörld", "日本語テキスト", "a%b_c", "100%", "  padded  ",
            "123", "-45.6", "2020-01-05", "true", "ABC", " 7 ", "2021-03-28 01:30:00.5", null};
    static final Object[] DICT = {"AFRICA", "AMERICA", "ASIA", "EUROPE", "MIDDLE EAST", "é", null};
    static final Object[] SMALL = {-3, -1, 0, 1, 2, 3, 5, null};

    /** Edge values in turn per column (so each column's edges meet the others'), then seeded random picks. */
    static List<Object[]> rows() {
        Object[][] domains = {BOOLS, INTS, LONGS, DOUBLES, DECIMALS, DATES, TIMESTAMPS, STRINGS, DICT, SMALL};
        List<Object[]> rows = new ArrayList<>();
        Random rnd = new Random(7);
        for (int r = 0; r < 48; r++) {
            Object[] row = new Object[domains.length];
            for (int c = 0; c < domains.length; c++) {
                Object[] dom = domains[c];
                row[c] = r < 17 ? dom[(r + c) % dom.length] : dom[rnd.nextInt(dom.length)];
            }
            rows.add(row);
        }
        return rows;
    }

    @Test
    void handWrittenEdgeCasesMatchDuckDb() throws Exception {
        check(edgeCases());
    }

    @Test
    void randomExpressionsMatchDuckDb() throws Exception {
        Random rnd = new Random(20240531);
        ExprGenerator gen = new ExprGenerator(rnd);
        List<Expr> exprs = new ArrayList<>();
        DataType[] types = {DataType.BOOLEAN, DataType.INTEGER, DataType.BIGINT, DataType.DOUBLE, DataType.decimal(12, 2),
                DataType.DATE, DataType.TIMESTAMP, DataType.VARCHAR};
        for (int k = 0; k < 400; k++) exprs.add(gen.expr(types[k % types.length], 3));
        check(exprs);
    }

    static List<Expr> edgeCases() {
        DataType dec = DataType.decimal(12, 2);
        List<Expr> e = new ArrayList<>();
        // three-valued logic
        e.add(Call.predicate(AND, Call.predicate(GT, I, Literal.of(0)), B));
        e.add(Call.predicate(OR, Call.predicate(LT, I, Literal.of(0)), B, Call.predicate(IS_NULL, S)));
        e.add(Call.predicate(NOT, B));
        for (Operator op : List.of(IS_TRUE, IS_NOT_TRUE, IS_FALSE, IS_NOT_FALSE, IS_NULL, IS_NOT_NULL)) e.add(Call.predicate(op, B));
        e.add(Call.predicate(IS_DISTINCT_FROM, I, J));
        e.add(Call.predicate(IS_NOT_DISTINCT_FROM, S, SD));
        e.add(Call.predicate(BETWEEN, I, J, Literal.of(100)));
        e.add(Call.predicate(BETWEEN, I, Literal.ofNull(DataType.INTEGER), Literal.of(0)));
        e.add(Call.predicate(BETWEEN, M, Literal.of(new BigDecimal("-1.25")), Literal.of(new BigDecimal("1.3"))));
        // IN: short and long lists, NULL in the list, mixed exact types
        e.add(Call.predicate(IN, I, Literal.of(0), Literal.of(42), Literal.ofNull(DataType.INTEGER)));
        List<Expr> longList = new ArrayList<>(List.of(L));
        for (int k = -20; k < 20; k++) longList.add(Literal.of((long) k * 3));
        e.add(new Call(IN, longList, DataType.BOOLEAN));
        List<Expr> strList = new ArrayList<>(List.of(S));
        for (Object s : STRINGS) if (s != null && ((String) s).length() % 2 == 1) strList.add(Literal.of((String) s));
        for (int k = 0; k < 10; k++) strList.add(Literal.of("x" + k));
        e.add(new Call(IN, strList, DataType.BOOLEAN));
        e.add(Call.predicate(IN, SD, Literal.of("ASIA"), Literal.of("EUROPE"), Literal.ofNull(DataType.VARCHAR)));
        e.add(Call.predicate(IN, M, Literal.of(new BigDecimal("1.25")), Literal.of(42), Literal.of(new BigDecimal("0.050"))));
        e.add(Call.predicate(IN, D, Literal.of(0.0), Literal.of(1.5), Literal.of(3.0), Literal.of(0.1), Literal.of(7.0), Literal.of(8.0),
                Literal.of(9.0), Literal.of(10.0), Literal.of(-2.25)));
        // comparisons across types and on dictionary codes
        e.add(Call.predicate(LT, M, I));
        e.add(Call.predicate(GE, D, M));
        e.add(Call.predicate(EQ, DT, TS));
        for (Operator op : List.of(EQ, NE, LT, LE, GT, GE)) {
            e.add(Call.predicate(op, SD, Literal.of("ASIA")));
            e.add(Call.predicate(op, S, Literal.of("abc")));
            e.add(Call.predicate(op, S, SD));
        }
        // LIKE shapes, escapes, multi-byte '_'
        for (String p : List.of("abc", "a%", "%d", "%l%", "h_llo%", "%", "_", "", "a\\%b%", "%\\%", "日_語%", "%o%o%", "A%A")) {
            e.add(Call.predicate(LIKE, S, Literal.of(p)));
            e.add(Call.predicate(LIKE, SD, Literal.of(p)));
            e.add(Call.predicate(LIKE, S, Literal.of(p), Literal.of("\\")));
        }
        e.add(Call.predicate(LIKE, S, S));
        // strings
        for (int start = 0; start <= 4; start++) {
            e.add(Call.of(SUBSTRING, DataType.VARCHAR, S, Literal.of(start)));
            e.add(Call.of(SUBSTRING, DataType.VARCHAR, S, Literal.of(start), Literal.of(3)));
        }
        e.add(Call.of(SUBSTRING, DataType.VARCHAR, S, Call.of(ABS, DataType.INTEGER, J), Literal.of(2)));
        e.add(Call.of(UPPER, DataType.VARCHAR, S));
        e.add(Call.of(LOWER, DataType.VARCHAR, S));
        e.add(Call.of(CHAR_LENGTH, DataType.INTEGER, S));
        e.add(Call.of(CONCAT, DataType.VARCHAR, S, Literal.of("|"), SD));
        e.add(Call.of(CONCAT, DataType.VARCHAR, S, I));
        // CASE, COALESCE
        e.add(Call.of(CASE, DataType.VARCHAR, Call.predicate(LT, D, Literal.of(1.0)), Literal.of("0-1"),
                Call.predicate(LT, D, Literal.of(3.0)), Literal.of("1-3"), Literal.of("3+")));
        e.add(Call.of(CASE, DataType.BIGINT, B, I, L));
        e.add(Call.of(COALESCE, DataType.VARCHAR, S, SD, Literal.of("none")));
        e.add(Call.of(COALESCE, DataType.BIGINT, I, L));
        // arithmetic: overflow, division by zero, decimals
        e.add(Call.of(PLUS, DataType.INTEGER, I, J));
        e.add(Call.of(TIMES, DataType.INTEGER, I, I));
        e.add(Call.of(MINUS, DataType.BIGINT, L, I));
        e.add(Call.of(TIMES, DataType.BIGINT, L, J));
        e.add(Call.of(DIVIDE, DataType.INTEGER, I, J));
        e.add(Call.of(MOD, DataType.INTEGER, I, J));
        e.add(Call.of(DIVIDE, DataType.BIGINT, L, Literal.of(-1L)));
        e.add(Call.of(NEGATE, DataType.INTEGER, I));
        e.add(Call.of(ABS, DataType.BIGINT, L));
        e.add(Call.of(PLUS, DataType.decimal(13, 2), M, M));
        e.add(Call.of(PLUS, DataType.decimal(14, 2), M, I));
        e.add(Call.of(TIMES, DataType.decimal(18, 4), M, M));
        e.add(Call.of(TIMES, DataType.decimal(18, 2), M, J));
        e.add(Call.of(MINUS, DataType.decimal(15, 3), M, Literal.of(new BigDecimal("0.005"))));
        e.add(Call.of(NEGATE, dec, M));
        e.add(Call.of(PLUS, DataType.DOUBLE, D, M));
        e.add(Call.of(DIVIDE, DataType.DOUBLE, D, Literal.of(4.0)));
        // casts
        for (DataType to : List.of(DataType.BOOLEAN, DataType.INTEGER, DataType.BIGINT, DataType.DOUBLE, DataType.decimal(12, 2),
                DataType.decimal(6, 1), DataType.VARCHAR)) {
            for (ColumnRef from : List.of(I, L, D, M)) e.add(Call.of(CAST, to, from));
        }
        for (DataType to : List.of(DataType.BOOLEAN, DataType.INTEGER, DataType.BIGINT, DataType.DOUBLE, DataType.decimal(12, 2),
                DataType.DATE, DataType.TIMESTAMP)) {
            e.add(Call.of(CAST, to, S));
        }
        e.add(Call.of(CAST, DataType.VARCHAR, B));
        e.add(Call.of(CAST, DataType.VARCHAR, DT));
        e.add(Call.of(CAST, DataType.VARCHAR, TS));
        e.add(Call.of(CAST, DataType.DATE, TS));
        e.add(Call.of(CAST, DataType.TIMESTAMP, DT));
        e.add(Call.of(CAST, DataType.INTEGER, B));
        // date and time
        for (String unit : List.of("YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND", "MILLISECOND", "MICROSECOND", "DOW", "ISODOW",
                "DOY", "QUARTER", "WEEK", "ISOYEAR", "EPOCH", "DECADE", "CENTURY", "MILLENNIUM")) {
            e.add(Call.of(EXTRACT, DataType.BIGINT, Literal.of(unit), TS));
            if (!List.of("HOUR", "MINUTE", "SECOND", "MILLISECOND", "MICROSECOND").contains(unit)) {
                e.add(Call.of(EXTRACT, DataType.BIGINT, Literal.of(unit), DT));
            }
        }
        for (long months : List.of(1L, -1L, 13L, -25L, 0L)) {
            e.add(Call.of(PLUS_MONTHS, DataType.DATE, DT, Literal.of(months)));
            e.add(Call.of(PLUS_MONTHS, DataType.TIMESTAMP, TS, Literal.of(months)));
        }
        e.add(Call.of(PLUS_MICROS, DataType.TIMESTAMP, TS, Literal.of(86_400_000_000L * 3 + 1_500_000)));
        e.add(Call.of(PLUS_MICROS, DataType.DATE, DT, Literal.of(-86_400_000_000L * 40)));
        for (String unit : List.of("MICROSECOND", "MILLISECOND", "SECOND", "MINUTE", "HOUR", "DAY", "WEEK", "MONTH", "QUARTER", "YEAR")) {
            e.add(Call.of(TIMESTAMP_DIFF, DataType.BIGINT, Literal.of(unit), TS,
                    Literal.of(LocalDateTime.of(2020, 2, 29, 12, 34, 56, 789_000_000))));
            e.add(Call.of(TIMESTAMP_DIFF, DataType.BIGINT, Literal.of(unit), Literal.of(LocalDate.of(2000, 1, 31)), DT));
        }
        e.add(Call.of(TIMESTAMP_DIFF, DataType.INTEGER, Literal.of("SECOND"), TS, Literal.of(LocalDateTime.of(2021, 1, 1, 0, 0))));
        return e;
    }

    // ---- comparison with DuckDB

    private void check(List<Expr> exprs) throws Exception {
        List<Object[]> rows = rows();
        DuckDbSql printer = new DuckDbSql(i -> INPUTS.get(i).name());
        List<String> mismatches = new ArrayList<>();
        int compared = 0;
        try (ExprFixture fx = new ExprFixture(memory.allocator(), INPUTS, rows);
             Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            load(duck, rows);
            for (Expr e : exprs) {
                String sql = printer.sql(e);
                List<Object> ours;
                try {
                    ours = fx.evaluate(memory.allocator(), e);
                } catch (RuntimeException ex) {
                    mismatches.add(e + "\n  compile/evaluate failed: " + ex);
                    continue;
                }
                List<Object> theirs = duckDb(duck, sql, e.type(), rows.size());
                for (int r = 0; r < rows.size(); r++) {
                    compared++;
                    Object a = ours.get(r), b = theirs.get(r);
                    if (!agree(e, a, b) && !skippedError(fx, duck, printer, e, r, a, b)) {
                        mismatches.add(e.format(i -> INPUTS.get(i).name()) + "\n  row " + r + " " + java.util.Arrays.toString(rows.get(r))
                                + "\n  ascan: " + a + "\n  duckdb: " + b + "\n  sql: " + sql);
                        break;
                    }
                }
            }
        }
        assertTrue(mismatches.isEmpty(), mismatches.size() + " of " + exprs.size() + " expressions differ from DuckDB ("
                + compared + " rows compared):\n" + String.join("\n", mismatches.subList(0, Math.min(25, mismatches.size()))));
    }

    /**
     * One side raised an error the other did not evaluate (short-circuit, constant folding, or
     * DuckDB's conjunctions that skip rows already decided): accepted when some sub-expression
     * fails on this row in both engines, so the error is real and only its evaluation differs.
     */
    private boolean skippedError(ExprFixture fx, Connection duck, DuckDbSql printer, Expr e, int row, Object ours, Object theirs)
            throws SQLException {
        if (!(ours instanceof ExprFixture.Failure) && !(theirs instanceof ExprFixture.Failure)) return false;
        List<Expr> subs = new ArrayList<>();
        e.forEach(x -> {
            if (x != e && x instanceof Call) subs.add(x);
        });
        for (Expr sub : subs.reversed()) {
            if (fx.evaluate(memory.allocator(), sub).get(row) instanceof ExprFixture.Failure
                    && duckDbRow(duck, printer.sql(sub), sub.type(), row) instanceof ExprFixture.Failure) {
                return true;
            }
        }
        return false;
    }

    private static Object duckDbRow(Connection duck, String sql, DataType type, int row) {
        try (Statement st = duck.createStatement();
             ResultSet rs = st.executeQuery("SELECT " + canonical(sql, type) + " FROM t WHERE rid = " + row)) {
            rs.next();
            return read(rs, type);
        } catch (SQLException e) {
            return new ExprFixture.Failure(e.getMessage());
        }
    }

    private static boolean agree(Expr e, Object ours, Object theirs) {
        if (ours instanceof ExprFixture.Failure f) {
            if (theirs instanceof ExprFixture.Failure) return true;
            // PostgreSQL semantics: DOUBLE division by zero is an error; DuckDB gives a non-finite value
            return f.message().startsWith("division by zero") && (theirs == null || theirs instanceof Double d && !Double.isFinite(d));
        }
        if (theirs instanceof ExprFixture.Failure) return false;
        if (ours == null || theirs == null) return ours == theirs;
        if (ours instanceof Double x && theirs instanceof Double y) {
            return x.equals(y) || Math.abs(x - y) <= 1e-12 * Math.max(Math.abs(x), Math.abs(y));
        }
        return ours.equals(theirs);
    }

    private static void load(Connection duck, List<Object[]> rows) throws SQLException {
        StringBuilder ddl = new StringBuilder("CREATE TABLE t(rid INTEGER");
        for (ExprCompiler.Input in : INPUTS) ddl.append(", ").append(in.name()).append(' ').append(DuckDbSql.type(in.type()));
        try (Statement st = duck.createStatement()) {
            st.execute(ddl.append(")").toString());
            for (int r = 0; r < rows.size(); r++) {
                StringBuilder ins = new StringBuilder("INSERT INTO t VALUES (" + r);
                for (int c = 0; c < INPUTS.size(); c++) {
                    DataType t = INPUTS.get(c).type();
                    Object v = ExprFixture.storage(rows.get(r)[c], t);
                    Literal lit = new Literal(v, t);
                    ins.append(", ").append(t.kind() == TypeKind.DOUBLE && v != null ? "CAST('" + v + "' AS DOUBLE)" : lit.format(i -> ""));
                }
                st.execute(ins.append(")").toString());
            }
        }
    }

    /** Per row: the value in the engine's representation, or a Failure. */
    private static List<Object> duckDb(Connection duck, String sql, DataType type, int rows) throws SQLException {
        String select = "SELECT " + canonical(sql, type) + " FROM t";
        List<Object> out = new ArrayList<>();
        try (Statement st = duck.createStatement(); ResultSet rs = st.executeQuery(select + " ORDER BY rid")) {
            while (rs.next()) out.add(read(rs, type));
            return out;
        } catch (SQLException whole) {
            out.clear();
            for (int r = 0; r < rows; r++) {
                try (Statement st = duck.createStatement(); ResultSet rs = st.executeQuery(select + " WHERE rid = " + r)) {
                    rs.next();
                    out.add(read(rs, type));
                } catch (SQLException e) {
                    out.add(new ExprFixture.Failure(e.getMessage()));
                }
            }
            return out;
        }
    }

    /** DuckDB SQL giving the engine's storage representation (epoch days, epoch micros, unscaled text). */
    private static String canonical(String sql, DataType type) {
        return switch (type.kind()) {
            case DATE -> "CAST((" + sql + ") - DATE '1970-01-01' AS INTEGER)";
            case TIMESTAMP -> "epoch_us(" + sql + ")";
            case DECIMAL -> "CAST(" + sql + " AS VARCHAR)";
            default -> sql;
        };
    }

    private static Object read(ResultSet rs, DataType type) throws SQLException {
        Object v = switch (type.kind()) {
            case BOOLEAN -> rs.getBoolean(1);
            case INTEGER, DATE -> rs.getInt(1);
            case BIGINT, TIMESTAMP -> rs.getLong(1);
            case DOUBLE -> rs.getDouble(1);
            case DECIMAL -> {
                String s = rs.getString(1);
                yield s == null ? null : new BigDecimal(s).setScale(type.scale()).unscaledValue().longValueExact();
            }
            case VARCHAR -> rs.getString(1);
        };
        return rs.wasNull() ? null : v;
    }
}
