package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.jdbc.ScanWarning;
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
 * The A-Scan paper's intra-query adaptation (V-D) on {@code gen taxi --phase-change}: the first
 * half of the trips is ~80% credit-card payments with ~1% Brooklyn drop-offs, the second half
 * ~15% and ~50%. The query filters credit-card trips (P) and sums six amounts only for Brooklyn
 * drop-offs (a CASE, so the STAGING loop reads the amounts only for those tuples). Over a slow
 * emulated interconnect the bytes each mode moves decide:
 *
 * <ul>
 *   <li>first half: STAGING reads payment_type, dolocationid and the amounts of ~0.8% of the
 *       tuples (~11 bytes a trip); PUSHDOWN ships the projection of the ~80% passing P (~42);
 *       DIRECT ships whole segments (~56);</li>
 *   <li>second half: PUSHDOWN ships ~15% (~8 bytes a trip) while STAGING now touches about half
 *       of the amounts' lines (~30): staging slows down, drift is detected, re-sampling finds
 *       pushdown.</li>
 * </ul>
 *
 * The scan times its slices by the emulated link's clock ({@code policy.clock=link}: the time the
 * bytes charged take at 5 MB/s), so what the policy measures is each mode's traffic, which a busy
 * machine does not change; on the wall clock, CPU contention stretched some slices and moved the
 * switches. Assertions are on the scan report's switches, never on time.
 */
class PhaseChangeTest {
    static final int ROWS = 1_000_000;
    static final int SLICE_ROWS = 1024;
    /** The same trips in 8 slices: too few for a sampling round, as at the default layout (4 M trips in 16 slices). */
    static final int COARSE_SLICE_ROWS = 131_072;
    @TempDir static Path scratch;
    static String url;
    static String coarseUrl;
    static String query;

    @BeforeAll
    static void data() throws SQLException {
        Path db = scratch.resolve("taxi");
        Workload.cli("gen", "taxi", "--rows", Integer.toString(ROWS), "--phase-change", "--slice-rows",
                Integer.toString(SLICE_ROWS), "--dir", db.toString(), "--threads", "2");
        url = "jdbc:ascan:" + db;
        Path coarse = scratch.resolve("coarse");
        Workload.cli("gen", "taxi", "--rows", Integer.toString(ROWS), "--phase-change", "--slice-rows",
                Integer.toString(COARSE_SLICE_ROWS), "--dir", coarse.toString(), "--threads", "2");
        coarseUrl = "jdbc:ascan:" + coarse;
        List<String> brooklyn = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT locationid FROM zones WHERE borough = 'Brooklyn'")) {
            while (rs.next()) brooklyn.add(Integer.toString(rs.getInt(1)));
        }
        query = "SELECT count(*) AS trips, SUM(CASE WHEN dolocationid IN (" + String.join(", ", brooklyn) + ") "
                + "THEN fare_amount + tip_amount + tolls_amount + extra + mta_tax + total_amount ELSE 0 END) AS brooklyn "
                + "FROM trips WHERE payment_type = 1";
    }

    /** Runs the query; returns its rows (as text) and adds the trips scan's report to {@code reports}. */
    static List<String> run(String settings, List<ScanReport> reports) throws SQLException {
        return run(url, settings, reports);
    }

    static List<String> run(String url, String settings, List<ScanReport> reports) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url + settings); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery(query)) {
                while (rs.next()) rows.add(rs.getLong(1) + " " + Math.round(rs.getDouble(2) * 100));
            }
            for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
                if (w instanceof ScanWarning sw && sw.report().table().equals("trips")) reports.add(sw.report());
            }
        }
        return rows;
    }

    @Test
    void adaptiveSwitchesFromStagingToPushdownWhenThePhaseChanges() throws SQLException {
        List<ScanReport> reports = new ArrayList<>();
        // 5 MB/s, timed by the link's clock: a slice's time is the bytes it moves.
        // Small samples and a short output queue (warm-up k = 4 in flight + 4) fit several rounds in 977 slices.
        List<String> adaptive = run("?mode=adaptive&policy.kind=throughput&interconnect.bandwidth=5000000&policy.clock=link"
                + "&storage.threads=1&policy.nSample=24&scan.outputQueue=4", reports);
        assertEquals(run("?mode=direct", new ArrayList<>()), adaptive, "same result as a direct scan");
        ScanReport r = reports.getFirst();
        String report = r.format();
        long boundary = r.slices() / 2; // the phases split the table's rows in half

        ScanReport.Note firstExploit = r.notes().stream().filter(n -> n.text().startsWith("exploit")).findFirst().orElseThrow();
        assertTrue(firstExploit.slice() < boundary && firstExploit.text().startsWith("exploit staging"),
                "the first half is staging's: " + report);
        List<ScanReport.Switch> toPushdown = r.switches().stream()
                .filter(s -> s.to() == ScanMode.PUSHDOWN && s.slice() > boundary && s.reason().contains("exploit pushdown")).toList();
        assertTrue(!toPushdown.isEmpty(), "after the phase change the scan switched to exploit pushdown: " + report);
        assertTrue(r.notes().stream().anyMatch(n -> n.text().startsWith("drift on staging")),
                "re-sampling followed a drift of staging's throughput: " + report);
        assertEquals(ScanMode.PUSHDOWN, r.timeline().getLast().mode(), "the scan ended in pushdown: " + report);
        assertTrue(r.slicesIn(ScanMode.STAGING) > 0 && r.slicesIn(ScanMode.PUSHDOWN) > 0, report);
    }

    /**
     * The default policy ({@code policy.kind=prior}) on the same query: its prior rules direct
     * out (it moves whole segments over the slow link), it samples staging and pushdown, exploits
     * staging in the first half and, on drift against the reference it fixed there, switches to
     * pushdown in the second.
     */
    @Test
    void thePriorGuidedPolicySwitchesToo() throws SQLException {
        List<ScanReport> reports = new ArrayList<>();
        List<String> adaptive = run("?mode=adaptive&interconnect.bandwidth=5000000&policy.clock=link&storage.threads=1"
                + "&scan.outputQueue=4", reports);
        assertEquals(run("?mode=direct", new ArrayList<>()), adaptive, "same result as a direct scan");
        ScanReport r = reports.getFirst();
        String report = r.format();
        long boundary = r.slices() / 2;
        assertTrue(r.timeline().stream().filter(a -> a.slice() < boundary / 2).allMatch(a -> a.mode() != ScanMode.DIRECT)
                || r.slicesIn(ScanMode.DIRECT) < r.slices() / 20, "direct at most briefly: " + report);
        assertTrue(r.notes().stream().anyMatch(n -> n.slice() < boundary && n.text().startsWith("exploit staging")),
                "the first half is staging's: " + report);
        assertTrue(r.notes().stream().anyMatch(n -> n.slice() > boundary && n.text().startsWith("drift on staging")), report);
        assertTrue(r.switches().stream().anyMatch(s -> s.to() == ScanMode.PUSHDOWN && s.slice() > boundary), report);
        assertEquals(ScanMode.PUSHDOWN, r.timeline().getLast().mode(), "the scan ended in pushdown: " + report);
        // scan.morselRows=auto, the default: 977 slices fit a round, so they are not split
        assertEquals(977, r.slices(), report);
        assertTrue(r.notes().stream().noneMatch(n -> n.text().startsWith("morsels of")), report);
    }

    /**
     * At a coarse layout (8 slices, as the default layout's 16 for 4 M trips) whole slices are too
     * few for a round: {@code scan.morselRows=auto}, the default, splits them into morsels over the
     * slow link, and the scan samples and switches to pushdown after the phase change as on the fine
     * layout. Without a link, or over one so fast that the scan takes a few milliseconds, the scan keeps
     * its whole slices.
     */
    @Test
    void autoMorselsLetACoarseLayoutAdapt() throws SQLException {
        List<ScanReport> reports = new ArrayList<>();
        List<String> adaptive = run(coarseUrl, "?mode=adaptive&interconnect.bandwidth=5000000&policy.clock=link&storage.threads=1"
                + "&scan.outputQueue=4", reports);
        assertEquals(run("?mode=direct", new ArrayList<>()), adaptive, "same result as a direct scan");
        ScanReport r = reports.getFirst();
        String report = r.format();
        assertTrue(r.notes().stream().anyMatch(n -> n.text().startsWith("morsels of") && n.text().contains("scan.morselRows=auto")),
                report);
        assertTrue(r.slices() >= 8 * 16, "at least 16 morsels a slice: " + report);
        assertEquals(r.slices(), r.slicesDone(), report);
        long boundary = r.slices() / 2;
        assertTrue(r.notes().stream().anyMatch(n -> n.text().startsWith("sampling")), "it samples: " + report);
        assertTrue(r.switches().stream().anyMatch(s -> s.to() == ScanMode.PUSHDOWN && s.slice() > boundary), report);
        assertEquals(ScanMode.PUSHDOWN, r.timeline().getLast().mode(), "the scan ended in pushdown: " + report);

        reports.clear();
        assertEquals(adaptive, run(coarseUrl, "?mode=adaptive", reports), "same result without a link");
        assertEquals(8, reports.getFirst().slices(), "whole slices without a link: " + reports.getFirst().format());
        // Over a 20 GB/s link the scan takes a few ms: its morsels' hand-offs would cost more than choosing gains.
        reports.clear();
        assertEquals(adaptive, run(coarseUrl, "?mode=adaptive&interconnect.bandwidth=20000000000&storage.threads=1", reports));
        assertEquals(8, reports.getFirst().slices(), "whole slices for a short scan: " + reports.getFirst().format());
    }
}
