package io.ascan.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.bench.BenchFiles.Csv;
import io.ascan.bench.harness.Experiment;
import io.ascan.bench.harness.ResultFiles;
import io.ascan.testing.CliRun;
import io.ascan.topology.Topology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The phase-change experiments (Fig. 6a with its timeline, Fig. 6b's grid) on a few thousand trips. */
class PhaseExperimentTest {
    @TempDir static Path scratch;
    static Path data;

    @BeforeAll
    static void data() {
        data = scratch.resolve("phase");
    }

    static CliRun run(String out, String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("bench", "ascan", "--rows", "20000", "--dir", data.toString(),
                "--out", scratch.resolve(out).toString(), "--runs", "1"));
        args.addAll(List.of(extra));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        return r;
    }

    @Test
    void fig6aWritesEachRunsModeTimeline() throws Exception {
        run("6a", "--experiment", "fig6a", "--strategies", "direct,adaptive");
        Path out = scratch.resolve("6a");
        Csv results = Csv.read(out.resolve(ResultFiles.RESULTS));
        assertEquals(2, results.rows().size());
        long link = Topology.detect(-1, -1).multiNode() ? 0 : Experiment.EMULATED_LINK;
        Csv timeline = Csv.read(out.resolve(ResultFiles.TIMELINE));
        assertEquals(ResultFiles.TIMELINE_HEADER, timeline.header());
        for (Map<String, String> r : results.rows()) {
            assertEquals("phase", r.get("workload"));
            assertEquals("p1", r.get("query"));
            assertEquals("" + link, r.get("interconnect"));
            Map<String, Long> perMode = new HashMap<>();
            for (Map<String, String> t : timeline.rows()) {
                if (t.get("strategy").equals(r.get("strategy")) && t.get("run").equals(r.get("run"))) {
                    perMode.merge(t.get("mode"), 1L, Long::sum);
                    assertTrue(Double.parseDouble(t.get("ms")) >= 0, t.toString());
                }
            }
            for (String mode : List.of("direct", "staging", "pushdown")) {
                assertEquals(Long.parseLong(r.get("slices_" + mode)), perMode.getOrDefault(mode, 0L),
                        "the timeline has one row per slice, in the mode results.csv counts: " + r);
            }
        }
        BenchFiles.assertPng(out.resolve("timeline-adaptive.png"));
        BenchFiles.assertSvg(out.resolve("timeline-adaptive.svg"));
        BenchFiles.assertPng(out.resolve("normalised.png"));
        String summary = Files.readString(out.resolve("summary.md"));
        assertTrue(summary.startsWith("# ascan bench ascan: phase, 20000 rows (fig6a)"), summary);
        assertTrue(summary.contains("(slices of " + Experiment.PHASE_SLICE_ROWS + " rows)"), summary);
    }

    @Test
    void fig6bSummarisesAndPlotsThePolicyGrid() throws Exception {
        run("6b", "--experiment", "fig6b", "--strategies", "staging,adaptive", "--nsample", "50,350", "--delta", "0.1,0.15");
        Path out = scratch.resolve("6b");
        Csv full = Csv.read(out.resolve(ResultFiles.RESULTS_FULL));
        assertEquals(1 + 4, full.rows().size(), "staging once, adaptive per grid cell");
        assertEquals(4, full.rows().stream().filter(r -> !r.get("nsample").isEmpty()).map(r -> r.get("nsample") + "/" + r.get("delta")).distinct().count());
        String summary = Files.readString(out.resolve("summary.md"));
        double staging = Double.parseDouble(full.rows().stream().filter(r -> r.get("strategy").equals("staging")).findFirst().orElseThrow().get("millis"));
        for (Map<String, String> r : full.rows()) {
            if (r.get("nsample").isEmpty()) continue;
            List<String> row = BenchFiles.tableRow(summary, null, r.get("nsample"));
            int column = r.get("delta").equals("0.1") ? 1 : 2;
            assertEquals(Double.parseDouble(r.get("millis")) / staging, BenchFiles.number(row.get(column)), 0.002,
                    "grid cell = adaptive ÷ oracle (staging, the only static strategy): " + r);
        }
        BenchFiles.assertPng(out.resolve("sensitivity-p1.png"));
        BenchFiles.assertSvg(out.resolve("sensitivity-p1.svg"));
    }
}
