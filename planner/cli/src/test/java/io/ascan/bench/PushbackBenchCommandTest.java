package io.ascan.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.bench.BenchFiles.Csv;
import io.ascan.bench.harness.PushbackReport;
import io.ascan.bench.harness.Stats;
import io.ascan.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ascan bench pushback} on tiny TPC-H data: two powers, every strategy, the concurrent pair. */
class PushbackBenchCommandTest {
    @TempDir Path scratch;

    @Test
    void everyStrategyAnswersAsTheLocalEngineAndTheSummaryFollowsTheCsv() throws Exception {
        Path data = scratch.resolve("tpch"), out = scratch.resolve("out");
        CliRun gen = CliRun.of("gen", "tpch", "--sf", "0.01", "--dir", data.toString());
        assertEquals(0, gen.exit(), gen.err());
        List<String> queries = List.of("q12", "q14");
        CliRun r = CliRun.of("bench", "pushback", "--dir", data.toString(), "--out", out.toString(), "--queries", String.join(",", queries),
                "--powers", "1,0.1", "--runs", "1", "--concurrent-runs", "1", "--link", "1gbit");
        assertEquals(0, r.exit(), r.err());

        Csv csv = Csv.read(out.resolve("results.csv"));
        assertEquals(PushbackReport.RESULTS_HEADER, csv.header());
        assertEquals(queries.size() * 5 * 2, csv.rows().size(), "a row per query, strategy and power");
        for (Map<String, String> row : csv.rows()) {
            assertEquals("same", row.get("answer"), "every strategy answers as the local engine: " + row);
            long requested = Long.parseLong(row.get("requested")), admitted = Long.parseLong(row.get("admitted"));
            long pushedBack = Long.parseLong(row.get("pushed_back"));
            assertEquals(requested, admitted + pushedBack, row.toString());
            assertTrue(Long.parseLong(row.get("bytes_network")) > 0, row.toString());
            switch (row.get("strategy")) {
                case "no-pushdown" -> assertEquals(0, requested, row.toString());
                case "eager" -> assertTrue(requested > 0 && pushedBack == 0, row.toString());
                case "pushback" -> assertTrue(requested > 0, row.toString());
                case "adaptive" -> assertEquals(0, pushedBack, "the node admits every request: " + row);
                default -> { } // both: the scan's policy and the arbiter decide

            }
        }
        String summary = Files.readString(out.resolve("summary.md"));
        for (String q : queries) {
            List<String> cells = cells(summary, "## Fig. 18", "0.100", q);
            double ratio = millis(csv, "0.100", "eager", q) / millis(csv, "0.100", "no-pushdown", q);
            assertEquals(ratio, BenchFiles.number(cells.get(3)), Math.max(0.002, ratio * 0.01), q + ": eager ÷ none");
            List<String> fig19 = cells(summary, "## Fig. 19", "1", q);
            double k = millis(csv, "1", "no-pushdown", q) / millis(csv, "1", "eager", q);
            assertEquals(k, BenchFiles.number(fig19.get(2)), Math.max(0.002, k * 0.01), q + ": k");
        }
        Csv concurrent = Csv.read(out.resolve("concurrent.csv"));
        assertEquals(PushbackReport.CONCURRENT_HEADER, concurrent.header());
        assertEquals(2 * 2 * 2, concurrent.rows().size(), "a row per power, arbiter and query of the pair");
        for (Map<String, String> row : concurrent.rows()) assertEquals("same", row.get("answer"), row.toString());
        assertTrue(summary.contains("## Fig. 22-23"), summary);
    }

    @Test
    void refusesAnUnknownStrategyAndPower() {
        String dir = scratch.toString(), out = scratch.resolve("o").toString();
        CliRun s = CliRun.of("bench", "pushback", "--dir", dir, "--out", out, "--strategies", "lazy");
        assertTrue(s.exit() != 0 && s.err().contains("--strategies takes no-pushdown, eager"), s.err());
        CliRun p = CliRun.of("bench", "pushback", "--dir", dir, "--out", out, "--powers", "1.5");
        assertTrue(p.exit() != 0 && p.err().contains("--powers are fractions in (0, 1]"), p.err());
    }

    /** The cells of the row of {@code power} and {@code query} under {@code heading}. */
    private static List<String> cells(String markdown, String heading, String power, String query) {
        int start = markdown.indexOf("\n" + heading);
        assertTrue(start >= 0, heading + " in\n" + markdown);
        int end = markdown.indexOf("\n## ", start + 1);
        for (String line : markdown.substring(start, end < 0 ? markdown.length() : end).split("\n")) {
            if (!line.startsWith("| ")) continue;
            List<String> c = Arrays.stream(line.substring(1, line.length() - 1).split("\\|")).map(String::strip).toList();
            if (c.get(0).equals(power) && c.get(1).equals(query)) return c;
        }
        throw new AssertionError("no row " + power + " " + query + " under " + heading + " in\n" + markdown);
    }

    private static double millis(Csv csv, String power, String strategy, String q) {
        return Stats.median(csv.rows().stream().filter(m -> m.get("power").equals(power) && m.get("strategy").equals(strategy)
                && m.get("query").equals(q)).map(m -> Double.parseDouble(m.get("millis"))).toList());
    }
}
