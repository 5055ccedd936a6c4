package io.ascan.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.bench.BenchFiles.Csv;
import io.ascan.bench.harness.HybridReport;
import io.ascan.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ascan bench hybrid} at a tiny scale: SSB at SF 0.01 in slices of 2,048 rows, a few queries
 * per configuration. Every configuration's answers equal the local engine's; the routes follow the
 * modes; the summary's ratios follow the CSV; the bitmaps move fewer bytes than pushdown.
 */
class HybridBenchCommandTest {
    @TempDir Path scratch;

    @Test
    void everyFigureRunsAndAnswersAsTheLocalEngine() throws Exception {
        Path data = scratch.resolve("ssb"), out = scratch.resolve("out");
        CliRun gen = CliRun.of("gen", "ssb", "--sf", "0.01", "--slice-rows", "2048", "--dir", data.toString());
        assertEquals(0, gen.exit(), gen.err());
        CliRun r = CliRun.of("bench", "hybrid", "--dir", data.toString(), "--out", out.toString(), "--figures", "13a,17,25",
                "--queries", "4", "--warmup", "2", "--cache-sizes", "64k,4m", "--cache", "256k", "--thetas", "0.5,2.0",
                "--theta", "2.0", "--bitmap-runs", "1", "--link", "10gbit");
        assertEquals(0, r.exit(), r.err());

        Csv csv = Csv.read(out.resolve("results.csv"));
        assertEquals(HybridReport.RESULTS_HEADER, csv.header());
        // 13a: pullup, pushdown-only, then caching-only and hybrid per size; 17: four policies per θ (hybrid/lfu/256k at 2.0 is not 13a's)
        assertEquals((2 + 2 * 2 + 4 * 2) * 4, csv.rows().size(), "a row per timed query of each configuration");
        for (Map<String, String> row : csv.rows()) {
            assertEquals("same", row.get("answer"), row.toString());
            long cached = Long.parseLong(row.get("slices_cached")), pushdown = Long.parseLong(row.get("slices_pushdown"));
            long pullup = Long.parseLong(row.get("slices_pullup"));
            switch (row.get("mode")) {
                case "pullup" -> assertEquals(0, cached + pushdown, row.toString());
                case "pushdown-only" -> assertEquals(0, cached + pullup, row.toString());
                case "caching-only" -> assertEquals(0, pushdown, row.toString());
                default -> {}
            }
            assertEquals(0, Long.parseLong(row.get("slices_bitmap")), "the workload figures exchange no bitmaps: " + row);
        }

        Csv bitmaps = Csv.read(out.resolve("bitmaps.csv"));
        assertEquals(HybridReport.BITMAPS_HEADER, bitmaps.header());
        assertEquals(2 * 3 * 2, bitmaps.rows().size(), "per direction and selectivity one pushdown and one bitmap run");
        for (Map<String, String> row : bitmaps.rows()) {
            assertEquals("same", row.get("answer"), row.toString());
            boolean bitmap = row.get("route").equals("bitmap");
            assertEquals(bitmap, Long.parseLong(row.get("slices_bitmap")) > 0, row.toString());
            assertEquals(bitmap, Long.parseLong(row.get("slices_pushdown")) == 0, row.toString());
        }
        // 90% selected, the projection cached: a bitmap of rows/8 bytes instead of four columns' selected tuples
        assertTrue(bytes(bitmaps, "storage", "46", "bitmap") * 10 < bytes(bitmaps, "storage", "46", "pushdown"), bitmaps.rows().toString());

        String summary = Files.readString(out.resolve("summary.md"));
        for (String h : List.of("## Fig. 13a", "## Fig. 17", "## Fig. 25-like", "load average")) assertTrue(summary.contains(h), h);
        List<String> fig17 = BenchFiles.tableRow(summary, null, "2.00");
        double ratio = seconds(csv, "wlfu") / seconds(csv, "lfu");
        assertEquals(ratio, BenchFiles.number(fig17.get(5)), Math.max(0.002, ratio * 0.01), "WLFU ÷ LFU at θ 2.0: " + fig17);
        for (String f : List.of("hybrid-fig13a.png", "hybrid-fig17.svg", "hybrid-fig25.png")) assertTrue(Files.isRegularFile(out.resolve(f)), f);
        BenchFiles.assertPng(out.resolve("hybrid-fig13a.png"));
    }

    @Test
    void refusesUnknownFiguresAndSettingsItSetsItself() {
        String out = scratch.resolve("o").toString();
        CliRun f = CliRun.of("bench", "hybrid", "--dir", scratch.toString(), "--out", out, "--figures", "99");
        assertTrue(f.exit() != 0 && f.err().contains("lineorder"), f.err()); // no data: refused before anything runs
    }

    /** Fig. 17's hybrid run of {@code policy} at θ 2.0: the timed queries' total. */
    private static double seconds(Csv csv, String policy) {
        return csv.rows().stream().filter(m -> m.get("mode").equals("hybrid") && m.get("policy").equals(policy)
                && m.get("cache_bytes").equals("262144") && m.get("theta").equals("2.00"))
                .mapToDouble(m -> Double.parseDouble(m.get("millis"))).sum() / 1e3;
    }

    private static long bytes(Csv csv, String direction, String bound, String route) {
        return csv.rows().stream().filter(m -> m.get("direction").equals(direction) && m.get("quantity_bound").equals(bound)
                && m.get("route").equals(route)).mapToLong(m -> Long.parseLong(m.get("bytes_network"))).findFirst().orElseThrow();
    }
}
