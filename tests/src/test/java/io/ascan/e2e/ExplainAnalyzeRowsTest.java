package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * EXPLAIN ANALYZE's rows per operator: each pipeline as it ran, every stage with the rows it
 * passed on, equal to DuckDB's COUNT(*) of the same sub-plan over the same data (the small
 * fixture, in multi-slice tables), in every scan mode.
 */
class ExplainAnalyzeRowsTest {
    @TempDir static Path dir;
    static Connection duckdb;

    @BeforeAll
    static void data() throws Exception {
        SmallFixture.writeAscan(dir.resolve("db"));
        duckdb = DriverManager.getConnection("jdbc:duckdb:");
        SmallFixture.loadDuckDb(duckdb);
    }

    @AfterAll
    static void close() throws SQLException {
        duckdb.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"direct", "staging", "pushdown", "adaptive"})
    void scanFilterAndAggregateRowsAreTheSubPlansCounts(String mode) throws SQLException {
        String text = explainAnalyze(mode, "SELECT k, COUNT(*) AS n FROM ta WHERE i > 2 GROUP BY k");
        assertEquals(count("SELECT COUNT(*) FROM ta WHERE i > 2"), rowsAfter(text, "AdaptiveScan\\(ta, "), text);
        assertEquals(count("SELECT COUNT(*) FROM (SELECT k FROM ta WHERE i > 2 GROUP BY k)"), rowsAfter(text, "Groups\\("), text);
        assertTrue(text.contains("Execution: " + count("SELECT COUNT(*) FROM (SELECT k FROM ta WHERE i > 2 GROUP BY k)") + " rows"), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"direct", "pushdown", "adaptive"})
    void joinRowsAreTheJoinsCount(String mode) throws SQLException {
        String join = "FROM ta JOIN tb ON ta.k = tb.k WHERE tb.i > 0";
        String text = explainAnalyze(mode, "SELECT ta.id, tb.id " + join);
        assertEquals(count("SELECT COUNT(*) " + join), rowsAfter(text, "HashJoinProbe\\("), text);
        assertEquals(count("SELECT COUNT(*) FROM tb WHERE i > 0"), rowsAfter(text, "AdaptiveScan\\(tb, "), text);
    }

    @Test
    void topKPassesOnItsFetch() throws SQLException {
        String text = explainAnalyze("direct", "SELECT id FROM ta WHERE i > 0 ORDER BY id LIMIT 3");
        assertEquals(count("SELECT COUNT(*) FROM ta WHERE i > 0"), rowsAfter(text, "AdaptiveScan\\(ta, "), text);
        assertEquals(3, rowsAfter(text, "Sorted\\("), text);
    }

    @Test
    void explainIsExplainPlanFor() throws SQLException {
        String q = "SELECT k, COUNT(*) FROM ta GROUP BY k";
        assertEquals(lines("direct", "EXPLAIN PLAN FOR " + q), lines("direct", "EXPLAIN " + q));
        assertTrue(String.join("\n", lines("direct", "explain " + q)).contains("pipeline 0: AdaptiveScan(ta"));
    }

    /** The rows the stage whose description starts with {@code stage} (a regex) passed on, in the one pipeline it is in. */
    private static long rowsAfter(String text, String stage) {
        Matcher m = Pattern.compile("(?:: |-> )" + stage + ".*?\\) \\[(\\d+) rows\\]").matcher(text);
        assertTrue(m.find(), "no stage " + stage + " with rows in\n" + text);
        long rows = Long.parseLong(m.group(1));
        assertTrue(!m.find(), "stage " + stage + " appears twice in\n" + text);
        return rows;
    }

    private static long count(String sql) throws SQLException {
        try (Statement s = duckdb.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String explainAnalyze(String mode, String sql) throws SQLException {
        return String.join("\n", lines(mode, "EXPLAIN ANALYZE " + sql));
    }

    private static List<String> lines(String mode, String sql) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + dir.resolve("db") + "?mode=" + mode);
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) lines.add(rs.getString(1));
        }
        return lines;
    }
}
