package io.ascan.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.bench.BenchFiles.Csv;
import io.ascan.bench.harness.ResultFiles;
import io.ascan.bench.harness.Stats;
import io.ascan.jdbc.ScanWarning;
import io.ascan.planner.BenchmarkQueries;
import io.ascan.scan.ScanReport;
import io.ascan.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ascan bench ascan} end to end on tiny SSB data it generates itself: two queries, three
 * strategies, two storage-thread settings, two runs. Checks the files against each other and
 * against the engine: the CSV's shape, its figures against scan reports taken through JDBC, the
 * summary's numbers recomputed from the CSV, the plots as images.
 */
class AscanBenchCommandTest {
    static final List<String> QUERIES = List.of("q1.1", "q2.1");
    static final List<String> STRATEGIES = List.of("direct", "staging", "adaptive");
    static final List<String> STORAGE_THREADS = List.of("1", "2");
    static final int RUNS = 2;

    @TempDir static Path scratch;
    static Path data;
    static Path out;
    static CliRun run;
    static Csv results;

    @BeforeAll
    static void bench() throws Exception {
        data = scratch.resolve("ssb");
        out = scratch.resolve("out");
        run = CliRun.of("bench", "ascan", "--workload", "ssb", "--sf", "0.01", "--dir", data.toString(), "--out", out.toString(),
                "--queries", String.join(",", QUERIES), "--strategies", String.join(",", STRATEGIES),
                "--storage-threads", String.join(",", STORAGE_THREADS), "--compute-threads", "2", "--runs", "" + RUNS);
        assertEquals(0, run.exit(), run.err());
        results = Csv.read(out.resolve(ResultFiles.RESULTS));
    }

    @Test
    void generatesTheDataWhenAbsent() throws Exception {
        assertTrue(run.err().contains("generating ssb SF 0.01 into"), run.err());
        assertEquals(List.of("customer", "dwdate", "lineorder", "part", "supplier"), io.ascan.catalog.Catalog.open(data).tableNames());
    }

    @Test
    void resultsCsvHasExactlyTheIssueColumnsAndOneRowPerQueryStrategyConfigurationAndRun() throws Exception {
        assertEquals("workload,query,strategy,storage_threads,interconnect,run,millis,rows,slices_direct,slices_staging,"
                + "slices_pushdown,switches,sampling_fraction,bytes_moved", results.header());
        assertEquals(QUERIES.size() * STRATEGIES.size() * STORAGE_THREADS.size() * RUNS, results.rows().size());
        Set<List<String>> seen = new HashSet<>();
        for (Map<String, String> r : results.rows()) {
            assertEquals("ssb", r.get("workload"));
            assertEquals("0", r.get("interconnect"), "no link emulated unless asked");
            assertTrue(seen.add(List.of(r.get("query"), r.get("strategy"), r.get("storage_threads"), r.get("run"))), "duplicate " + r);
        }
        for (String q : QUERIES) for (String s : STRATEGIES) for (String st : STORAGE_THREADS) for (int run = 1; run <= RUNS; run++) {
            assertTrue(seen.contains(List.of(q, s, st, "" + run)), q + " " + s + " st" + st + " run " + run + " missing");
        }
        Csv full = Csv.read(out.resolve(ResultFiles.RESULTS_FULL));
        assertEquals(results.header() + "," + ResultFiles.FULL_EXTRA, full.header());
        assertEquals(results.rows().size(), full.rows().size());
        for (int i = 0; i < full.rows().size(); i++) {
            Map<String, String> f = full.rows().get(i);
            for (String col : results.rows().get(i).keySet()) assertEquals(results.rows().get(i).get(col), f.get(col), "row " + i);
            assertEquals("2", f.get("compute_threads"));
            assertEquals("off", f.get("hog"));
            assertEquals(f.get("strategy").equals("adaptive"), !f.get("nsample").isEmpty(), "policy parameters only for adaptive: " + f);
        }
    }

    /** Rows and slices as an independent client sees them: JDBC, its ScanWarnings, direct mode. */
    @Test
    void figuresAgreeWithTheEnginesOwnScanReports() throws Exception {
        for (String q : QUERIES) {
            long rows = 0, slices = 0, bytes = 0;
            try (Connection c = DriverManager.getConnection("jdbc:ascan:" + data + "?mode=direct");
                 Statement s = c.createStatement()) {
                try (ResultSet rs = s.executeQuery(BenchmarkQueries.text("ssb", q))) {
                    while (rs.next()) rows++;
                }
                for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
                    if (w instanceof ScanWarning sw) {
                        ScanReport r = sw.report();
                        slices += r.slices();
                        bytes += r.bytesMoved();
                    }
                }
            }
            assertTrue(rows > 0 && slices > 0, q);
            for (Map<String, String> r : results.rows()) {
                if (!r.get("query").equals(q)) continue;
                assertEquals(rows, Long.parseLong(r.get("rows")), "result rows of " + r);
                long perMode = Long.parseLong(r.get("slices_direct")) + Long.parseLong(r.get("slices_staging"))
                        + Long.parseLong(r.get("slices_pushdown"));
                assertEquals(slices, perMode, "every slice of every scan in exactly one mode: " + r);
                double sampling = Double.parseDouble(r.get("sampling_fraction"));
                assertTrue(sampling >= 0 && sampling <= 1, r.toString());
                assertTrue(Long.parseLong(r.get("switches")) >= 0, r.toString());
                assertTrue(Double.parseDouble(r.get("millis")) > 0, r.toString());
                if (r.get("strategy").equals("direct")) {
                    assertEquals(slices, Long.parseLong(r.get("slices_direct")), r.toString());
                    assertEquals("0", r.get("switches"), r.toString());
                    assertEquals(bytes, Long.parseLong(r.get("bytes_moved")), "direct moves whole segments: " + r);
                }
            }
        }
    }

    @Test
    void summaryNumbersAreTheMediansRatiosAndGeometricMeansOfTheCsv() throws Exception {
        String summary = Files.readString(out.resolve("summary.md"));
        assertTrue(run.out().endsWith(summary), "the summary also goes to stdout, after the generator's report");
        Map<List<String>, List<Double>> millis = new HashMap<>();
        for (Map<String, String> r : results.rows()) {
            millis.computeIfAbsent(List.of(r.get("query"), r.get("strategy"), r.get("storage_threads")), k -> new ArrayList<>())
                    .add(Double.parseDouble(r.get("millis")));
        }
        for (String st : STORAGE_THREADS) {
            String heading = "## st" + st + " ct2";
            List<Double> stagingRatios = new ArrayList<>(), adaptiveToOracle = new ArrayList<>();
            for (String q : QUERIES) {
                double direct = Stats.median(millis.get(List.of(q, "direct", st)));
                double staging = Stats.median(millis.get(List.of(q, "staging", st)));
                double adaptive = Stats.median(millis.get(List.of(q, "adaptive", st)));
                double oracle = Math.min(direct, staging);
                List<String> cells = BenchFiles.tableRow(summary, heading, q);
                // query | direct ms | direct ÷ direct | staging ÷ direct | adaptive ÷ direct | oracle ÷ direct | oracle | adaptive ÷ oracle
                assertEquals(8, cells.size(), cells.toString());
                assertEquals(direct, BenchFiles.number(cells.get(1)), 0.06, q + " direct ms");
                assertEquals(1.0, BenchFiles.number(cells.get(2)), 1e-9);
                assertEquals(staging / direct, BenchFiles.number(cells.get(3)), 0.002, q + " staging / direct");
                assertEquals(adaptive / direct, BenchFiles.number(cells.get(4)), 0.002, q + " adaptive / direct");
                assertEquals(oracle / direct, BenchFiles.number(cells.get(5)), 0.002, q + " oracle / direct");
                assertEquals(direct <= staging ? "direct" : "staging", cells.get(6), q + " oracle");
                assertEquals(adaptive / oracle, BenchFiles.number(cells.get(7)), 0.002, q + " adaptive / oracle");
                stagingRatios.add(staging / direct);
                adaptiveToOracle.add(adaptive / oracle);
            }
            List<String> geo = BenchFiles.tableRow(summary, heading, "**geomean**");
            assertEquals(Stats.geomean(stagingRatios), BenchFiles.number(geo.get(3).replace("**", "")), 0.002);
            assertEquals(Stats.geomean(adaptiveToOracle), BenchFiles.number(geo.get(7).replace("**", "")), 0.002);
        }
        assertTrue(summary.contains("## Configurations compared"), "two configurations are compared side by side");
    }

    @Test
    void plotsArePngAndSvgNextToTheCsv() throws Exception {
        List<String> expected = new ArrayList<>();
        for (String st : STORAGE_THREADS) expected.add("normalised-st" + st + "-ct2");
        for (String q : QUERIES) expected.add("configs-" + q);
        for (String name : expected) {
            BenchFiles.assertPng(out.resolve(name + ".png"));
            BenchFiles.assertSvg(out.resolve(name + ".svg"));
        }
        assertTrue(run.err().contains("wrote results.csv, results-full.csv, summary.md"), run.err());
    }

    @Test
    void progressNamesQueryStrategyRunAndElapsedTime() {
        long lines = run.err().lines().filter(l -> l.matches("\\[ *\\d+/\\d+ \\d+:\\d\\d:\\d\\d] ssb q\\d\\.\\d \\w+ \\[st\\d ct2] (warm-up|run \\d/2): .* ms, \\d+ rows")).count();
        assertEquals((long) QUERIES.size() * STRATEGIES.size() * STORAGE_THREADS.size() * (RUNS + 1), lines, run.err());
        assertTrue(run.err().contains("ssb q2.1 staging [st2 ct2] run 2/2:"), run.err());
    }

    @Test
    void dataOfAnotherSizeIsRefusedNotSilentlyMeasured() {
        CliRun other = CliRun.of("bench", "ascan", "--workload", "ssb", "--sf", "0.02", "--dir", data.toString(),
                "--out", scratch.resolve("other").toString(), "--queries", "q1.1", "--strategies", "direct", "--runs", "1");
        assertEquals(2, other.exit(), other.err());
        assertTrue(other.err().contains("holds ssb SF 0.01 data, not ssb SF 0.02"), other.err());
    }
}
