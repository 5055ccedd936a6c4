package io.ascan.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.gen.GenRunner;
import io.ascan.gen.TpchGenerator;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ascan bench cscan} end to end on tiny data: TPC-H SF 0.01 lineitem and a small overlap
 * table, two streams of two queries under every policy, no disk emulation. Every policy answers
 * every query as the query does alone (the runner's check), and the files hold a row per policy
 * run and query.
 */
class CscanBenchTest {
    @TempDir Path dir;
    @TempDir Path out;

    @Test
    void everyPolicyRunsEveryQueryAndAnswersAsAlone() throws Exception {
        PrintWriter quiet = new PrintWriter(new StringWriter());
        new GenRunner(dir, 1, false, quiet, quiet, false).withSliceRows(2_000).run(List.of(new TpchGenerator(0.01).lineitem()));
        CscanData.writeOverlap(Catalog.open(dir), 20_000, 2_000);
        CscanPlan plan = new CscanPlan(CscanPlan.POLICIES, 2, 2, 0, 7, CscanPlan.PERCENTS, 0, 0, 1,
                List.of(List.of("ABC", "BCD")), 20_000, 40, List.of("normal", "relevance"), true);
        StringWriter log = new StringWriter();
        CscanRunner.Outcome o = new CscanRunner(plan, dir, Map.of(), new PrintWriter(log)).run();
        assertEquals(List.of(), o.mismatches(), log.toString());

        CscanResults.write(out, plan, o, "test data");
        List<String> queries = Files.readAllLines(out.resolve(CscanResults.QUERIES));
        assertEquals(CscanResults.QUERIES_HEADER, queries.getFirst());
        Map<String, Integer> perRun = new HashMap<>();
        for (String line : queries.subList(1, queries.size())) {
            String[] f = line.split(",");
            perRun.merge(f[0] + " " + f[1], 1, Integer::sum);
            assertEquals("true", f[f.length - 1], line); // answer_ok
            long rows = Long.parseLong(f[14]);
            assertTrue(rows > 0, line);
            if (f[0].equals(CscanRunner.TPCH)) assertFalse(f[13].isEmpty(), "normalized latency: " + line);
        }
        Map<String, Integer> expected = new HashMap<>();
        for (String p : CscanPlan.POLICIES) expected.put("tpch " + p, 4);
        expected.put("ABC+BCD normal", 4);
        expected.put("ABC+BCD relevance", 4);
        assertEquals(expected, perRun);
        List<String> policies = Files.readAllLines(out.resolve(CscanResults.POLICIES));
        assertEquals(1 + 4 + 2, policies.size(), String.join("\n", policies));
        for (String line : policies.subList(1, policies.size())) {
            assertTrue(Long.parseLong(line.split(",")[8]) > 0, "every run loads chunks: " + line);
        }
        String summary = Files.readString(out.resolve("summary.md"));
        assertTrue(summary.contains("relevance ÷ the others"), summary);
        assertTrue(summary.contains("Every query's answer equals its answer run alone."), summary);
        assertTrue(Files.size(out.resolve("cscan-fig5-latency-vs-stream-time.png")) > 0);
        assertTrue(Files.size(out.resolve("cscan-fig4-loads-relevance.svg")) > 0);
    }

    @Test
    void answersCompareAsTextOrAsNearlyEqualNumbers() {
        assertTrue(CscanRunner.sameAnswer("A\t1.50\t25.522005853257343\n", "A\t1.50\t25.52200585325734\n"));
        assertFalse(CscanRunner.sameAnswer("A\t1.50\n", "A\t1.51\n"));
        assertFalse(CscanRunner.sameAnswer("A\t1.50\n", "B\t1.50\n"));
        assertFalse(CscanRunner.sameAnswer("A\t1.50\n", "A\t1.50\nN\t2\n"));
    }
}
