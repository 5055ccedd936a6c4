package io.ascan.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.exec.QueryOptions;
import io.ascan.scan.policy.PolicyConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How flags, experiment presets and engine defaults combine into a plan, and which combinations are refused. */
class PlanRequestTest {
    static PlanRequest experiment(String fig) {
        PlanRequest r = new PlanRequest();
        r.experiment = fig;
        return r;
    }

    @Test
    void customRunTakesTheEngineDefaultsAndAllStrategies() {
        PlanRequest r = new PlanRequest();
        r.workload = "taxi";
        ExperimentPlan p = r.resolve(false);
        assertEquals(Workload.TAXI.queries(), p.queries());
        assertEquals(List.of("direct", "staging", "pushdown", "adaptive", "backpressure"), p.variants().stream().map(Variant::strategy).toList());
        Configuration c = p.variants().getFirst().config();
        assertEquals(new Configuration(QueryOptions.DEFAULTS.storageThreads(), QueryOptions.DEFAULTS.computeThreads(), 0, false), c);
        assertEquals(new PolicyParams(PolicyConfig.DEFAULTS.nSample(), PolicyConfig.DEFAULTS.delta()), p.variants().get(3).policy());
        assertEquals("10000000 rows", p.size().describe());
        assertEquals(PlanRequest.DEFAULT_RUNS, p.runs());
        assertFalse(p.timeline());
        assertEquals(Workload.TAXI.queries().size() * 5 * (PlanRequest.DEFAULT_RUNS + 1), p.executions());
    }

    @Test
    void furtherEngineSettingsPassThrough() {
        ExperimentPlan p = with("ssb", r -> r.settings = java.util.Map.of("cache.bytes", "0", "policy.alpha", "0.3")).resolve(false);
        assertEquals(java.util.Map.of("cache.bytes", "0", "policy.alpha", "0.3"), p.settings());
        assertTrue(with("ssb", r -> { }).resolve(false).settings().isEmpty());
    }

    @Test
    void phaseIsQueryT32WithATimeline() {
        PlanRequest r = new PlanRequest();
        r.workload = "phase";
        r.rows = "20000";
        ExperimentPlan p = r.resolve(false);
        assertEquals(List.of("p1"), p.queries());
        assertTrue(p.timeline());
        assertTrue(p.workload().sql("p1").contains("CASE WHEN dolocationid IN"));
    }

    @Test
    void fig8CrossesStorageAndComputeThreadsAndEmulatesTheLinkOnOneNode() {
        ExperimentPlan p = experiment("fig8").resolve(false);
        assertEquals(Workload.SSB, p.workload());
        assertEquals(List.of("q3.2", "q4.3"), p.queries());
        assertEquals(4, p.configurations().size());
        assertEquals(16, p.variants().size());
        assertTrue(p.configurations().stream().allMatch(c -> c.interconnect() == Experiment.EMULATED_LINK));
        assertTrue(experiment("fig8").resolve(true).configurations().stream().allMatch(c -> c.interconnect() == 0),
                "a machine with a real storage-compute boundary needs no emulated one");
    }

    @Test
    void fig6bRunsTheStaticsOnceAndAdaptiveOverTheGrid() {
        ExperimentPlan p = experiment("fig6b").resolve(false);
        assertEquals(Workload.PHASE, p.workload());
        assertTrue(p.policyGrid());
        assertEquals(3, p.variants().stream().filter(v -> v.policy() == null).count());
        assertEquals(25, p.variants().stream().filter(v -> v.policy() != null).count());
        assertEquals(Experiment.PHASE_SLICE_ROWS, p.sliceRows());
        assertTrue(p.variants().contains(new Variant("adaptive", p.configurations().getFirst(), new PolicyParams(350, 0.15))),
                "the grid holds the engine's defaults, so the main table can show adaptive");
    }

    @Test
    void fig9RunsEveryConfigurationWithAndWithoutTheHog() {
        ExperimentPlan p = experiment("fig9").resolve(false);
        assertEquals(8, p.configurations().size());
        assertEquals(4, p.configurations().stream().filter(Configuration::hog).count());
    }

    @Test
    void explicitFlagsOverrideAPreset() {
        PlanRequest r = experiment("fig7");
        r.queries = List.of("T3.1");
        r.strategies = List.of("direct", "backpressure");
        r.interconnect = List.of(0L, 1_000_000_000L);
        r.runs = 5;
        ExperimentPlan p = r.resolve(false);
        assertEquals(List.of("t3.1"), p.queries());
        assertEquals(2 * 2 * 2, p.variants().size(), "2 storage threads (preset) x 2 links x 2 strategies");
        assertEquals(5, p.runs());
        assertEquals("fig7", p.experiment());
    }

    @Test
    void inconsistentRequestsNameTheFlag() {
        assertMessage(() -> new PlanRequest().resolve(false), "give --workload (ssb, taxi or phase) or --experiment");
        assertMessage(() -> experiment("fig10").resolve(false), "--experiment must be one of fig4, fig5, fig6a, fig6b, fig7, fig8, fig9");
        PlanRequest conflict = experiment("fig4");
        conflict.workload = "taxi";
        assertMessage(() -> conflict.resolve(false), "--experiment fig4 runs the ssb workload, not taxi");
        assertMessage(() -> with("taxi", r -> r.sf = "1").resolve(false), "--sf sizes ssb; the taxi workload is sized with --rows");
        assertMessage(() -> with("ssb", r -> r.rows = "10").resolve(false), "--rows sizes taxi and phase; ssb is sized with --sf");
        assertMessage(() -> with("ssb", r -> r.sf = "-1").resolve(false), "--sf must be positive, got -1");
        assertMessage(() -> with("taxi", r -> r.rows = "1.5").resolve(false), "--rows must be a whole number, got 1.5");
        assertMessage(() -> with("ssb", r -> r.sf = "abc").resolve(false), "--sf must be a number, got 'abc'");
        assertMessage(() -> with("ssb", r -> r.strategies = List.of("direct", "turbo")).resolve(false),
                "--strategies: unknown strategy 'turbo' (known: adaptive, direct, staging, pushdown, backpressure)");
        assertMessage(() -> with("ssb", r -> r.strategies = List.of("direct", "direct")).resolve(false), "--strategies: 'direct' is listed twice");
        assertMessage(() -> with("ssb", r -> r.queries = List.of("q9.9")).resolve(false), "--queries: ssb has no query 'q9.9'");
        assertMessage(() -> with("ssb", r -> r.storageThreads = List.of(0)).resolve(false), "--storage-threads must be at least 1, got 0");
        assertMessage(() -> with("ssb", r -> r.computeThreads = List.of(-2)).resolve(false), "--compute-threads must be at least 1, got -2");
        assertMessage(() -> with("ssb", r -> r.interconnect = List.of(-5L)).resolve(false), "--interconnect must not be negative");
        assertMessage(() -> with("ssb", r -> r.delta = List.of(1.5)).resolve(false), "--delta must be in (0, 1), got 1.5");
        assertMessage(() -> with("ssb", r -> r.nSample = List.of(0)).resolve(false), "--nsample must be at least 1, got 0");
        assertMessage(() -> with("ssb", r -> {
            r.strategies = List.of("direct");
            r.nSample = List.of(100);
        }).resolve(false), "--nsample and --delta tune the adaptive strategy, which --strategies leaves out");
        assertMessage(() -> with("ssb", r -> r.hog = List.of("maybe")).resolve(false), "--hog takes on and/or off, got 'maybe'");
        assertMessage(() -> with("ssb", r -> r.runs = 0).resolve(false), "--runs must be at least 1, got 0");
        assertMessage(() -> with("ssb", r -> r.sliceRows = -1).resolve(false), "--slice-rows must not be negative, got -1");
        assertMessage(() -> with("ssb", r -> r.settings = java.util.Map.of("mode", "direct")).resolve(false),
                "--set mode: the harness sets mode from its own flags");
        assertMessage(() -> with("ssb", r -> r.settings = java.util.Map.of("cache.byte", "0")).resolve(false), "unknown setting 'cache.byte'");
    }

    static PlanRequest with(String workload, java.util.function.Consumer<PlanRequest> set) {
        PlanRequest r = new PlanRequest();
        r.workload = workload;
        set.accept(r);
        return r;
    }

    static void assertMessage(org.junit.jupiter.api.function.Executable e, String expected) {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, e);
        assertTrue(x.getMessage().contains(expected), "expected '" + expected + "' in: " + x.getMessage());
    }
}
