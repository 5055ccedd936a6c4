package io.ascan.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.bench.BenchFiles.Csv;
import io.ascan.bench.harness.RemoteReport;
import io.ascan.bench.harness.Stats;
import io.ascan.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ascan bench remote} on tiny SSB data with the node in the test's JVM on loopback (no
 * namespace: that needs root and shapes a real link; docs/storage-node.md says how it was checked),
 * one link emulated by the token bucket and one without a limit.
 */
class RemoteBenchCommandTest {
    @TempDir Path scratch;

    @Test
    void everyModeAtEveryLinkAnswersAsTheLocalEngineAndTheSummaryFollowsTheCsv() throws Exception {
        Path data = scratch.resolve("ssb"), out = scratch.resolve("out");
        CliRun gen = CliRun.of("gen", "ssb", "--sf", "0.01", "--dir", data.toString());
        assertEquals(0, gen.exit(), gen.err());
        List<String> queries = List.of("q1.1", "q3.2");
        CliRun r = CliRun.of("bench", "remote", "--dir", data.toString(), "--out", out.toString(), "--node", "in-process",
                "--queries", String.join(",", queries), "--links", "10gbit,none", "--runs", "1", "--stream-runs", "1");
        assertEquals(0, r.exit(), r.err());

        Csv csv = Csv.read(out.resolve("results.csv"));
        assertEquals(RemoteReport.RESULTS_HEADER, csv.header());
        assertEquals(queries.size() * 3 * 2, csv.rows().size(), "a row per query, mode and link");
        for (Map<String, String> row : csv.rows()) {
            assertEquals("same", row.get("answer"), "every mode answers as the local engine: " + row);
            assertEquals(row.get("link").equals("none") ? "none" : "token-bucket", row.get("shaping"), row.toString());
            assertTrue(Long.parseLong(row.get("bytes_network")) > 0, "bytes over the network are counted: " + row);
            long direct = Long.parseLong(row.get("slices_direct")), pushdown = Long.parseLong(row.get("slices_pushdown"));
            switch (row.get("mode")) {
                case "direct" -> assertTrue(direct > 0 && pushdown == 0, row.toString());
                case "pushdown" -> assertTrue(direct == 0 && pushdown > 0, row.toString());
                default -> assertTrue(direct + pushdown > 0, row.toString());
            }
        }
        for (String q : queries) {
            List<Map<String, String>> rows = csv.rows().stream().filter(m -> m.get("query").equals(q)).toList();
            assertEquals(1, rows.stream().map(m -> m.get("rows")).distinct().count(), q + ": the same row count in every mode");
        }

        String summary = Files.readString(out.resolve("summary.md"));
        for (String link : List.of("10gbit", "none")) {
            for (String q : queries) {
                List<String> cells = BenchFiles.tableRow(summary, "## link " + link + (link.equals("none") ? " (no limit)"
                        : " (emulated by the compute side's token bucket, interconnect.bandwidth)"), q);
                double direct = millis(csv, q, "direct", link), pushdown = millis(csv, q, "pushdown", link);
                double adaptive = millis(csv, q, "adaptive", link);
                double ratio = adaptive / Math.min(direct, pushdown);
                assertEquals(ratio, BenchFiles.number(cells.get(4)), Math.max(0.002, ratio * 0.01), q + " " + link + ": adaptive ÷ best");
            }
        }

        Csv streaming = Csv.read(out.resolve("streaming.csv"));
        assertEquals(RemoteReport.STREAMING_HEADER, streaming.header());
        assertEquals(List.of("loopback", "local"), streaming.rows().stream().map(m -> m.get("source")).toList());
        assertEquals(1, streaming.rows().stream().map(m -> m.get("segment_bytes")).distinct().count(), "the same table both ways");
        assertTrue(Long.parseLong(streaming.rows().getFirst().get("moved_bytes")) >= Long.parseLong(streaming.rows().getFirst().get("segment_bytes")),
                "over the network every segment moves, plus the requests");
        for (String f : List.of("remote-times-10gbit.png", "remote-times-none.svg", "remote-bytes.png")) assertTrue(Files.isRegularFile(out.resolve(f)), f);
        BenchFiles.assertPng(out.resolve("remote-times-none.png"));
    }

    @Test
    void refusesStagingAnUnknownRateAndNoNode() {
        String out = scratch.resolve("o").toString();
        CliRun r = CliRun.of("bench", "remote", "--url", "grpc://127.0.0.1:1", "--out", out, "--modes", "staging");
        assertTrue(r.exit() != 0 && r.err().contains("a storage node offers no staging"), r.err());
        CliRun l = CliRun.of("bench", "remote", "--url", "grpc://127.0.0.1:1", "--out", out, "--links", "fast");
        assertTrue(l.exit() != 0 && l.err().contains("--links takes rates such as 1gbit"), l.err());
        CliRun d = CliRun.of("bench", "remote", "--out", out);
        assertTrue(d.exit() != 0 && d.err().contains("give --dir"), d.err());
    }

    private static double millis(Csv csv, String q, String mode, String link) {
        return Stats.median(csv.rows().stream().filter(m -> m.get("query").equals(q) && m.get("mode").equals(mode) && m.get("link").equals(link))
                .map(m -> Double.parseDouble(m.get("millis"))).toList());
    }
}
