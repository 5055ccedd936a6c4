package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.ascan.jdbc.ScanWarning;
import io.ascan.planner.BenchmarkQueries;
import io.ascan.scan.ScanMode;
import io.ascan.scan.ScanReport;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scan observability through JDBC: EXPLAIN ANALYZE runs the query and prints its plan and each
 * AdaptiveScan's report; a plain query's reports arrive as {@link ScanWarning}s whose figures
 * add up (every slice in exactly one mode, rows equal to what the scan delivered).
 */
class ExplainAnalyzeTest {
    @TempDir static Path scratch;
    static String url;

    @BeforeAll
    static void data() {
        Path db = scratch.resolve("ssb");
        Workload.cli("gen", "ssb", "--sf", "0.01", "--dir", db.toString(), "--threads", "2");
        url = "jdbc:ascan:" + db;
    }

    @Test
    void explainAnalyzeShowsPlanAndScanReports() throws SQLException {
        String q = BenchmarkQueries.text("ssb", "q2.1");
        List<String> lines = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("explain  analyze " + q)) {
            assertEquals("PLAN", rs.getMetaData().getColumnLabel(1));
            while (rs.next()) lines.add(rs.getString(1));
        }
        String text = String.join("\n", lines);
        int rows;
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(q)) {
            rows = 0;
            while (rs.next()) rows++;
        }
        assertTrue(text.contains("AdaptiveScan(lineorder"), text);                  // the plan
        assertTrue(text.contains("Execution: " + rows + " rows"), text);              // what ran
        for (String table : List.of("lineorder", "dwdate", "part", "supplier")) {
            assertTrue(text.contains("AdaptiveScan " + table + " ["), table + " has no report in\n" + text);
        }
        assertTrue(text.contains("R: bloom("), "the probe-side scan lists its runtime filters:\n" + text);
    }

    @Test
    void theFactScanGetsARuntimeFilterFromEveryJoinAboveItAndPushdownOrdersThem() throws SQLException {
        // q2.1 probes part (1 category of 25) with lineorder, then supplier (1 region of 5) with that
        // join's output: the supplier join's filter reaches the scan through the part join.
        List<String> lines = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url + "?mode=pushdown"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("EXPLAIN ANALYZE " + BenchmarkQueries.text("ssb", "q2.1"))) {
            while (rs.next()) lines.add(rs.getString(1));
        }
        String text = String.join("\n", lines);
        java.util.function.Function<String, String> line = key -> lines.stream().filter(l -> l.contains("R: bloom(" + key))
                .findFirst().orElseThrow(() -> new AssertionError("no runtime filter on " + key + " in\n" + text));
        assertTrue(line.apply("lo_partkey").endsWith("applied 1."), text);
        assertTrue(line.apply("lo_suppkey").endsWith("applied 2."), text);
    }

    @Test
    void scanReportsArriveAsWarnings() throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            long count;
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM lineorder WHERE lo_quantity < 10")) {
                rs.next();
                count = rs.getLong(1);
                assertTrue(!rs.next());
            }
            List<ScanReport> reports = new ArrayList<>();
            for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
                if (w instanceof ScanWarning sw) {
                    reports.add(sw.report());
                    assertEquals(sw.report().format(), sw.getMessage(), "the warning's message is the report's text");
                }
            }
            assertEquals(1, reports.size(), "one scan, one report");
            ScanReport r = reports.getFirst();
            assertEquals("lineorder", r.table());
            long perMode = 0;
            for (ScanMode m : ScanMode.values()) perMode += r.slicesIn(m);
            assertEquals(r.slices(), perMode, "every slice is materialized in exactly one mode: " + r.format());
            assertEquals(r.slices(), r.timeline().size(), r.format());
            assertTrue(r.rows() >= count, "the scan delivered at least the rows that passed P: " + r.format());
            assertTrue(r.bytesMoved() > 0, r.format());
        }
    }

    @Test
    void explainAnalyzeOfAnExplainIsAnError() throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("EXPLAIN ANALYZE EXPLAIN PLAN FOR SELECT 1"));
            assertTrue(e.getMessage().contains("EXPLAIN ANALYZE takes a query"), e.getMessage());
        }
    }
}
