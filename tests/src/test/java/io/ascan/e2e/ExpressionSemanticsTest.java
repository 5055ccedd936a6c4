package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Expression semantics against DuckDB, over a small table with NULLs in every column, halves,
 * -0.0, NaN, values near the types' limits and decimals of several scales: three-valued logic
 * (NOT, AND, OR, IN, NOT IN, BETWEEN, <>, CASE over NULLs) in the SELECT list and in WHERE,
 * comparisons of exact numbers with literals their type cannot hold, DECIMAL types derived from
 * mixed operands, casts (constant and over columns, which must agree), and ORDER BY and MIN/MAX of
 * DOUBLE. Every query runs in the direct, staging and pushdown scan modes (filters are
 * evaluated by different code in each); where DuckDB raises an error, ascan must too.
 */
class ExpressionSemanticsTest {
    @TempDir static Path dir;
    static Connection duckdb;
    static final Map<String, Connection> ASCAN = new LinkedHashMap<>();

    private static final String COLUMNS = "id INTEGER, i INTEGER, b BIGINT, d DECIMAL(12,2), e DECIMAL(18,6), "
            + "g DECIMAL(18,4), x DOUBLE, s VARCHAR, dt DATE, f BOOLEAN";

    /** Rows of t; the table has several slices so every scan mode splits it. */
    private static final String ROWS = """
            (1, 1, 100, 123.45, 0.000001, 0.0000, 0.0, 'BUILDING', DATE '2020-01-01', true),
            (2, NULL, NULL, NULL, NULL, NULL, -0.0, NULL, NULL, NULL),
            (3, 2, -5, -0.50, 1.500000, 1.5000, 89.5, 'AUTO', DATE '1999-12-31', false),
            (4, 3, 9223372036854775807, 9999999999.99, 999999999999.999999, 99999999999999.9999, -89.5, ' ', DATE '2000-02-29', true),
            (5, -1, -9223372036854775808, -9999999999.99, -999999999999.999999, -99999999999999.9999, 2.5, 'MACHINERY', DATE '1970-01-01', false),
            (6, 0, 0, 0.01, 0.000100, 0.0001, 'NaN', 'a', DATE '2024-06-30', NULL),
            (7, NULL, 7, 2.50, 0.000005, 0.0005, 0.5, '', DATE '1900-03-01', true),
            (8, 2147483647, 2147483648, -2.50, -0.000001, -0.0001, -0.5, 'building', DATE '2100-12-31', false),
            (9, -2147483648, -2147483649, 0.50, 0.005000, 0.0050, 3.5, 'BUILDING ', NULL, true),
            (10, 1, 9223372036854775807, NULL, 123.450000, 123.4500, NULL, 'BUILDING', DATE '2020-01-01', NULL),
            (11, 2, 2, 0.00, 0.000000, 0.0000, 0.0, 'AUTO', DATE '2020-01-02', false),
            (12, NULL, -1, -0.01, -0.010000, -0.0100, -3.5, NULL, DATE '2020-01-03', true)
            """;

    @BeforeAll
    static void tables() throws Exception {
        duckdb = DriverManager.getConnection("jdbc:duckdb:");
        Path parquet = dir.resolve("t.parquet");
        try (Statement s = duckdb.createStatement()) {
            s.execute("SET threads = 1");
            s.execute("CREATE TABLE t (" + COLUMNS + ")");
            s.execute("INSERT INTO t VALUES " + ROWS);
            s.execute("COPY t TO '" + parquet + "' (FORMAT parquet)");
        }
        Path catalog = dir.resolve("catalog");
        Workload.cli("import", "--dir", catalog.toString(), "--table", "t", "--from", parquet.toString(), "--slice-rows", "4");
        for (var mode : BenchmarkQueriesTest.MODES.entrySet()) {
            // adaptive picks among these; backpressure is about scheduling, not expressions
            if (List.of("direct", "staging", "pushdown").contains(mode.getKey())) {
                ASCAN.put(mode.getKey(), DriverManager.getConnection("jdbc:ascan:" + catalog + mode.getValue()));
            }
        }
    }

    @AfterAll
    static void close() throws SQLException {
        for (Connection c : ASCAN.values()) c.close();
        duckdb.close();
    }

    /** Predicates whose value is NULL for some rows. */
    static final List<String> PREDICATES = List.of(
            "i = 1", "i <> 1", "i IN (1, 2)", "i NOT IN (1, 2)", "i <> 1 AND i <> 2", "i = 1 OR i = 2",
            "i BETWEEN 0 AND 2", "i NOT BETWEEN 0 AND 2", "i NOT BETWEEN 2 AND 0", "i > 1 OR i <= 1", "i > 1 AND i < 1",
            "s NOT BETWEEN 'BUILDING' AND ' '", "COALESCE(s, s) NOT BETWEEN 'BUILDING' AND ' '", "s IN ('AUTO', 'a')",
            "s NOT IN ('AUTO', 'a')", "f", "NOT f", "f AND i > 0", "f OR i > 0", "x <> 0.0", "x NOT IN (0.0, 2.5)",
            "d NOT IN (0.50, 2.50)", "dt NOT IN (DATE '2020-01-01')", "CASE WHEN i > 0 THEN f END",
            "i IS DISTINCT FROM 1", "f IS NOT TRUE");

    static Stream<String> truthTable() {
        List<String> queries = new ArrayList<>();
        for (String p : PREDICATES) {
            queries.add("SELECT id, " + p + ", NOT (" + p + "), (" + p + ") AND f, (" + p + ") OR f, (" + p + ") IS NULL, "
                    + "CASE WHEN " + p + " THEN 1 WHEN NOT (" + p + ") THEN 0 ELSE -1 END FROM t");
            queries.add("SELECT id FROM t WHERE " + p);
            queries.add("SELECT id FROM t WHERE NOT (" + p + ")");
            queries.add("SELECT id FROM t WHERE NOT (" + p + ") OR f");
        }
        return queries.stream();
    }

    @ParameterizedTest
    @MethodSource
    void truthTable(String sql) throws Exception {
        check(sql);
    }

    /** Exact numbers against literals of more scale, out of the column's range, and mixed-type DECIMAL results. */
    static Stream<String> exactNumbers() {
        List<String> queries = new ArrayList<>();
        List<String> literals = List.of("0.000001", "0.005", "123.449", "-0.000001", "2.5", "99999999999999.99995",
                "-10000000000000000000.5");
        List<String> comparisons = List.of("=", "<>", "<", "<=", ">", ">=");
        for (String column : List.of("d", "e", "g", "i", "b")) {
            for (String lit : literals) {
                StringBuilder select = new StringBuilder("SELECT id");
                for (String op : comparisons) select.append(", ").append(column).append(' ').append(op).append(' ').append(lit);
                select.append(", ").append(column).append(" BETWEEN ").append(lit).append(" AND 0.01");
                select.append(", ").append(column).append(" IN (").append(lit).append(", 2.50, 1)");
                select.append(", ").append(column).append(" NOT IN (").append(lit).append(", 2.50, 1)");
                queries.add(select + " FROM t");
                for (String op : List.of("=", "<>", "<", ">=")) queries.add("SELECT id FROM t WHERE " + column + ' ' + op + ' ' + lit);
                queries.add("SELECT id FROM t WHERE " + column + " NOT BETWEEN " + lit + " AND 0.01");
                queries.add("SELECT id FROM t WHERE " + column + " NOT IN (" + lit + ", 0.0005, 2.50, 1)");
            }
        }
        queries.addAll(List.of(
                "SELECT id, COALESCE(d, i), COALESCE(i, d), COALESCE(d, e), COALESCE(e, d) FROM t",
                "SELECT id, COALESCE(d, b) FROM t WHERE id <> 10",
                "SELECT id, CASE WHEN f THEN d ELSE i END, CASE WHEN f THEN g ELSE d END FROM t",
                "SELECT id, d + g, d - e, d * 2, i + d, d * d FROM t WHERE id NOT IN (4, 5)",
                "SELECT id, COALESCE(g, 0.000001) FROM t WHERE id NOT IN (4, 5)",
                "SELECT id FROM t WHERE d BETWEEN 0.000001 AND 0.01",
                "SELECT id FROM t WHERE g = 0.000001 OR g <> 0.000001",
                "SELECT id, x < 1e-7, x = 0.5e0, i < 1.5e0, i = 2.0e0 FROM t",
                "SELECT id FROM t WHERE i < 3000000000",
                "SELECT id FROM t WHERE i > 2147483647.5"));
        return queries.stream();
    }

    @ParameterizedTest
    @MethodSource
    void exactNumbers(String sql) throws Exception {
        check(sql);
    }

    /** Casts of constants are folded at planning, casts of columns run in generated code: both must agree with DuckDB. */
    static Stream<String> casts() {
        List<String> queries = new ArrayList<>();
        for (String v : List.of("3.5e0", "2.5e0", "-2.5e0", "-3.5e0", "0.5e0", "-0.5e0", "89.5e0", "1e300", "2147483647.5e0",
                "-2147483648.5e0", "3e9", "9.3e18", "CAST('NaN' AS DOUBLE)")) {
            queries.add("SELECT CAST(" + v + " AS INTEGER)");
            queries.add("SELECT CAST(" + v + " AS BIGINT)");
            queries.add("SELECT CAST(" + v + " AS VARCHAR)");
        }
        for (String v : List.of("3.5", "2.5", "-2.5", "0.5", "-0.5", "0.05", "-0.05", "2147483647.5", "-2147483648.5",
                "123.456", "0.000", "1.25")) {
            queries.add("SELECT CAST(" + v + " AS INTEGER), CAST(" + v + " AS BIGINT), CAST(" + v + " AS VARCHAR), CAST("
                    + v + " AS DECIMAL(5,1)), CAST(" + v + " AS DOUBLE)");
        }
        queries.addAll(List.of(
                "SELECT id, CAST(x AS INTEGER), CAST(x AS BIGINT) FROM t WHERE id NOT IN (6)",
                "SELECT id, CAST(x AS INTEGER) FROM t",
                "SELECT id, CAST(d AS INTEGER), CAST(d AS BIGINT), CAST(e AS BIGINT), CAST(g AS DECIMAL(5,1)) FROM t WHERE id NOT IN (4, 5)",
                "SELECT id, CAST(d AS INTEGER) FROM t",
                "SELECT id, CAST(d AS VARCHAR), CAST(e AS VARCHAR), CAST(g AS VARCHAR), CAST(i AS VARCHAR), CAST(b AS VARCHAR) FROM t",
                "SELECT id, CAST(x AS VARCHAR), CAST(dt AS VARCHAR), CAST(f AS VARCHAR) FROM t",
                "SELECT CAST(DATE '2020-01-02' AS VARCHAR), CAST(true AS VARCHAR), CAST(false AS VARCHAR)",
                "SELECT CAST(100e0 AS VARCHAR), CAST(1e16 AS VARCHAR), CAST(1.5e-7 AS VARCHAR), CAST(0.0001e0 AS VARCHAR)",
                "SELECT id FROM t WHERE CAST(x AS INTEGER) = 90 OR CAST(x AS INTEGER) = 2 OR CAST(d AS INTEGER) = -3",
                // literals beyond Latin-1 and beyond 18 digits
                "SELECT id, s >= 'é✓', s || '✓', 'é✓' FROM t",
                "SELECT id FROM t WHERE s < 'é✓' AND s <> 'ü'",
                "SELECT CAST(9223372036854775807 AS VARCHAR), CAST(-9223372036854775808 AS VARCHAR)"));
        return queries.stream();
    }

    @ParameterizedTest
    @MethodSource
    void casts(String sql) throws Exception {
        check(sql);
    }

    static Stream<String> doubleOrder() {
        return Stream.of(
                "SELECT id, x FROM t ORDER BY x NULLS LAST, id",
                "SELECT id, x FROM t ORDER BY x DESC NULLS FIRST, id DESC",
                "SELECT id, x FROM t ORDER BY x NULLS LAST, id LIMIT 4",
                "SELECT x, COUNT(*) FROM t GROUP BY x",
                "SELECT MIN(x), MAX(x) FROM t",
                "SELECT f, MIN(x), MAX(x) FROM t GROUP BY f",
                "SELECT id FROM t WHERE x = 0.0",
                "SELECT id FROM t WHERE x = CAST('NaN' AS DOUBLE)",
                "SELECT id FROM t WHERE x > 1000");
    }

    @ParameterizedTest
    @MethodSource
    void doubleOrder(String sql) throws Exception {
        check(sql);
    }

    @Test
    void dataErrorsAreErrorsWithTheirSqlStateNeverRoundedOrWrappedValues() throws Exception {
        // DECIMAL(21,2): BIGINT's 19 digits and two decimals; 9223372036854775807.00 needs 21 of the engine's 18
        SQLException e = assertThrows(SQLException.class, () -> run(ASCAN.get("staging"), "SELECT COALESCE(d, b) FROM t WHERE id = 10"));
        assertEquals(true, e.getMessage().contains("value 9223372036854775807 is out of range for DECIMAL(18,2)"), e.getMessage());
        assertEquals("22003", e.getSQLState());
        SQLException cast = assertThrows(SQLException.class, () -> run(ASCAN.get("staging"), "SELECT CAST(3e9 AS INTEGER)"));
        assertEquals(true, cast.getMessage().contains("out of range for INTEGER"), cast.getMessage());
        assertEquals("22003", cast.getSQLState());
        for (String sql : List.of("SELECT COALESCE(CAST(NULL AS DECIMAL(12,2)), CAST(9223372036854775807 AS BIGINT))",
                "SELECT CAST(2147483647.5 AS INTEGER)", "SELECT CAST(2147483647.5e0 AS INTEGER)",
                "SELECT CAST(x AS INTEGER) FROM t WHERE id = 6", "SELECT CAST(b AS INTEGER) FROM t WHERE id = 4")) {
            assertEquals("22003", assertThrows(SQLException.class, () -> run(ASCAN.get("staging"), sql)).getSQLState(), sql);
        }
        assertEquals("22012", assertThrows(SQLException.class, () -> run(ASCAN.get("staging"), "SELECT i / 0 FROM t")).getSQLState());
        assertEquals("22018", assertThrows(SQLException.class, () -> run(ASCAN.get("staging"), "SELECT CAST(s AS INTEGER) FROM t"))
                .getSQLState());
    }

    private static Result run(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); var rs = s.executeQuery(sql)) {
            return Result.read(rs);
        }
    }

    /** Same result as DuckDB in every mode, or an error in every mode where DuckDB raises one. */
    static void check(String sql) throws Exception {
        Result expected;
        try {
            expected = run(duckdb, sql);
        } catch (SQLException duckError) {
            for (var mode : ASCAN.entrySet()) {
                try {
                    Result r = run(mode.getValue(), sql);
                    fail("mode=" + mode.getKey() + ": DuckDB raises " + duckError.getMessage().lines().findFirst().orElse("")
                            + " but ascan returns " + r.rows().size() + " rows for " + sql);
                } catch (SQLException expectedError) {
                    // both fail
                }
            }
            return;
        }
        QueryFile query = QueryFile.parse("semantics", "q", sql);
        for (var mode : ASCAN.entrySet()) {
            Result actual = run(mode.getValue(), sql);
            assertNull(ResultComparison.compare(query, actual, "ascan mode=" + mode.getKey(), expected, "duckdb"));
        }
    }
}
