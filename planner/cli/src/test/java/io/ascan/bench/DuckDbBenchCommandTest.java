package io.ascan.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.bench.BenchFiles.Csv;
import io.ascan.bench.harness.Stats;
import io.ascan.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ascan bench duckdb} on tiny SSB data, hot only (dropping the page cache would disturb the machine). */
class DuckDbBenchCommandTest {
    @TempDir Path scratch;

    @Test
    void bothEnginesEveryQueryTheSameRowsAndASummaryRecomputedFromTheCsv() throws Exception {
        Path out = scratch.resolve("out");
        CliRun r = CliRun.of("bench", "duckdb", "--workload", "ssb", "--sf", "0.01", "--dir", scratch.resolve("ssb").toString(),
                "--out", out.toString(), "--runs", "1", "--temperature", "hot", "--threads", "2", "--queries", "q1.1,q3.2,q4.3");
        assertEquals(0, r.exit(), r.err());
        Csv csv = Csv.read(out.resolve("results.csv"));
        assertEquals("workload,query,engine,temperature,run,millis,rows", csv.header());
        List<String> queries = List.of("q1.1", "q3.2", "q4.3");
        assertEquals(queries.size() * 2, csv.rows().size());
        String summary = Files.readString(out.resolve("summary.md"));
        List<Double> ratios = new ArrayList<>();
        for (String q : queries) {
            Map<String, String> a = row(csv, q, "ascan"), d = row(csv, q, "duckdb");
            assertEquals(a.get("rows"), d.get("rows"), q + ": the same data gives the same result rows");
            assertEquals("hot", a.get("temperature"));
            double ratio = Double.parseDouble(a.get("millis")) / Double.parseDouble(d.get("millis"));
            List<String> cells = BenchFiles.tableRow(summary, "## hot", q);
            assertEquals(ratio, BenchFiles.number(cells.get(3)), Math.max(0.002, ratio * 0.002), q);
            ratios.add(ratio);
        }
        java.util.regex.Matcher geo = java.util.regex.Pattern.compile("Geometric mean of ascan ÷ duckdb \\(hot\\): ([0-9.]+)").matcher(summary);
        assertTrue(geo.find(), summary);
        double g = Stats.geomean(ratios);
        assertEquals(g, Double.parseDouble(geo.group(1)), Math.max(0.002, g * 0.002), "the CSV's times are rounded to µs");
        assertTrue(!summary.contains("## cold"), "cold was not asked for");
        assertTrue(r.err().contains("ssb q4.3 duckdb hot run 1/1:"), r.err());
        // every ascan execution, warm-ups included, with its scans' reports: q4.3 scans lineorder and four dimensions
        String scans = Files.readString(out.resolve("ascan-scans.log"));
        for (String q : queries) {
            for (int w = 1; w <= 5; w++) assertTrue(scans.contains("== ssb " + q + " hot warm-up " + w + ": "), q + " warm-up " + w);
            assertTrue(scans.contains("== ssb " + q + " hot run 1: "), q);
        }
        String q43 = scans.substring(scans.indexOf("== ssb q4.3 hot run 1: "));
        for (String table : List.of("lineorder", "dwdate", "customer", "supplier", "part")) {
            assertTrue(q43.contains("AdaptiveScan " + table + " ["), table + " in\n" + q43);
        }
    }

    static Map<String, String> row(Csv csv, String q, String engine) {
        return csv.rows().stream().filter(m -> m.get("query").equals(q) && m.get("engine").equals(engine)).findFirst().orElseThrow();
    }
}
