package io.ascan.scan.policy;

import io.ascan.scan.SamplingCoordinator;
import static io.ascan.scan.ScanMode.DIRECT;
import static io.ascan.scan.ScanMode.PUSHDOWN;
import static io.ascan.scan.ScanMode.STAGING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.scan.ScanMode;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Policies on scripted throughput traces. */
class ModePolicyTest {
    static final PolicyConfig CONFIG = PolicyConfig.DEFAULTS.withNSample(100);
    static final int K = 8;   // warm-up: in-flight + output queue capacity
    static final int LAG = 6; // slices in flight

    static PolicySimulator.Trace constant(Map<ScanMode, Double> rates) {
        return (m, slice, since) -> rates.get(m);
    }

    static PolicySimulator adaptive(long slices, double noise, PolicyConfig config, PolicySimulator.Trace trace) {
        return new PolicySimulator(new ThroughputGuidedPolicy(config, new SamplingCoordinator()), slices, K, LAG, noise,
                config, trace);
    }

    @Test
    void staticPolicyNeverSwitches() {
        PolicySimulator sim = new PolicySimulator(new StaticPolicy(PUSHDOWN), 500, K, LAG, 0.3, CONFIG,
                constant(Map.of(DIRECT, 10.0, STAGING, 10.0, PUSHDOWN, 1.0))).run();
        assertEquals(500, sim.count(PUSHDOWN, 0, 500));
    }

    @Test
    void exploitsTheFastestModeAfterSampling() {
        PolicySimulator sim = adaptive(10_000, 0.05, CONFIG,
                constant(Map.of(DIRECT, 100.0, STAGING, 150.0, PUSHDOWN, 120.0))).run();
        long sampling = 3L * (CONFIG.nSample() + LAG); // completions trail assignments by LAG
        assertEquals(10_000 - sampling, sim.count(STAGING, sampling, 10_000), sim.notes.toString());
        assertTrue(sim.count(DIRECT, 0, 10_000) >= CONFIG.nSample() - K, "every mode was sampled");
        assertTrue(sim.count(PUSHDOWN, 0, 10_000) >= CONFIG.nSample() - K, "every mode was sampled");
        assertEquals(0, sim.notesContaining("drift"), sim.notes.toString());
        assertEquals(1, sim.notesContaining("exploit staging"), sim.notes.toString());
    }

    @Test
    void samplingRoundsTakeThePapersShareOfAScanButNeverLessThanAUsefulSample() {
        PolicyConfig c = PolicyConfig.DEFAULTS; // nSample 350, window 8, at most 25% a round
        // The paper's scale (~23k slices): nSample per mode, about 5% of the scan a round.
        assertEquals(350, SamplingBudget.of(c, 23_000, 3, 12).perMode());
        // 3,700 slices: 5% of the scan a round, not 3 x 350 = 28%.
        assertEquals(61, SamplingBudget.of(c, 3_700, 3, 12).perMode());
        // 370 slices: 5% would be 6 per mode, too few to measure: a sample takes warm-up + two windows (28).
        assertEquals(28, SamplingBudget.of(c, 370, 3, 12).perMode());
        // 60 slices: 20 per mode would exceed 25% of the scan: no sampling at all.
        assertTrue(!SamplingBudget.of(c, 60, 3, 12).sample());
    }

    @Test
    void noiseAloneDoesNotTriggerResampling() {
        PolicySimulator sim = adaptive(20_000, 0.10, CONFIG,
                constant(Map.of(DIRECT, 100.0, STAGING, 80.0, PUSHDOWN, 60.0))).run();
        assertEquals(0, sim.notesContaining("drift"), sim.notes.toString());
        assertTrue(sim.count(DIRECT, 1_000, 20_000) == 19_000);
    }

    @Test
    void burstsOfStalledSlicesAreNotDrift() {
        // Every 50 slices, six in a row take 20x longer (a pause that every worker waits out).
        PolicySimulator sim = adaptive(20_000, 0.10, CONFIG, (m, slice, since) -> {
            double rate = switch (m) {
                case DIRECT -> 100.0;
                case STAGING -> 80.0;
                case PUSHDOWN -> 60.0;
            };
            return slice % 50 < 6 ? rate / 20 : rate;
        }).run();
        assertEquals(0, sim.notesContaining("drift"), sim.notes.toString());
        assertEquals(1, sim.notesContaining("exploit direct"), sim.notes.toString());
    }

    @Test
    void sustainedDriftTriggersResamplingAndASwitch() {
        // Phase change at slice 3000: staging wins before, pushdown after (paper V-D, Fig. 6a).
        PolicySimulator sim = adaptive(6_000, 0.05, CONFIG, (m, slice, since) -> {
            boolean first = slice < 3_000;
            return switch (m) {
                case DIRECT -> 50.0;
                case STAGING -> first ? 150.0 : 60.0;
                case PUSHDOWN -> first ? 100.0 : 140.0;
            };
        }).run();
        assertEquals(1, sim.notesContaining("drift on staging"), sim.notes.toString());
        assertTrue(sim.count(STAGING, 500, 3_000) == 2_500, "staging during phase one");
        assertTrue(sim.count(PUSHDOWN, 3_000, 6_000) > 2_500, "pushdown during phase two: " + sim.count(PUSHDOWN, 3_000, 6_000));
        int drift = sim.notes.indexOf(sim.notes.stream().filter(n -> n.startsWith("drift")).findFirst().orElseThrow());
        long detectedAt = sim.noteSlices.get(drift);
        assertTrue(detectedAt > 3_000 && detectedAt < 3_000 + LAG + K + 3 * CONFIG.window(),
                "drift detected soon after the change, at slice " + detectedAt);
    }

    @Test
    void warmUpCompletionsAreNotMeasured() {
        // Pushdown's first k completions after each activation are 3x slower (waiting behind the
        // previous mode's backlog, about k of its slices); in steady state it is the fastest.
        // Counting the warm-up would make it lose.
        PolicySimulator sim = adaptive(3_000, 0.02, CONFIG, (m, slice, since) -> switch (m) {
            case DIRECT -> 100.0;
            case STAGING -> 90.0;
            case PUSHDOWN -> since < K ? 40.0 : 130.0;
        }).run();
        assertEquals(1, sim.notesContaining("exploit pushdown"), sim.notes.toString());
    }

    @Test
    void hysteresisKeepsTheCurrentModeForMarginalGains() {
        PolicySimulator sim = adaptive(8_000, 0.01, CONFIG, (m, slice, since) -> {
            boolean first = slice < 2_000;
            return switch (m) {
                case DIRECT -> first ? 100.0 : 70.0;   // drifts down 30%...
                case STAGING -> 50.0;
                case PUSHDOWN -> first ? 40.0 : 72.0;  // ...and pushdown is now only 3% better
            };
        }).run();
        assertEquals(1, sim.notesContaining("drift on direct"), sim.notes.toString());
        assertEquals(1, sim.notesContaining("keeping direct"), sim.notes.toString());
        assertTrue(sim.count(DIRECT, 3_000, 8_000) == 5_000);
    }

    @Test
    void smallTablesAreNotSampled() {
        PolicySimulator sim = adaptive(40, 0.0, CONFIG,
                constant(Map.of(DIRECT, 10.0, STAGING, 20.0, PUSHDOWN, 30.0))).run();
        assertEquals(1, sim.notesContaining("no sampling"), sim.notes.toString());
        assertEquals(40, sim.count(DIRECT, 0, 40));
    }

    @Test
    void aScanTooSmallToSampleRunsInTheModeItEstimates() {
        // No round fits 49 slices; the scan's estimate (pushdown, for a selective R) replaces the first mode.
        PolicySimulator sim = new PolicySimulator(new ThroughputGuidedPolicy(CONFIG, new SamplingCoordinator(), PUSHDOWN,
                PUSHDOWN), 49, K, LAG, 0.0, CONFIG, constant(Map.of(DIRECT, 30.0, STAGING, 20.0, PUSHDOWN, 10.0))).run();
        assertEquals(1, sim.notesContaining("using pushdown (the scan's estimate)"), sim.notes.toString());
        assertEquals(49, sim.count(PUSHDOWN, 0, 49));
        // A scan long enough to sample measures instead: the estimate does not decide.
        PolicySimulator sampled = new PolicySimulator(new ThroughputGuidedPolicy(CONFIG, new SamplingCoordinator(), PUSHDOWN,
                PUSHDOWN), 2_000, K, LAG, 0.0, CONFIG, constant(Map.of(DIRECT, 30.0, STAGING, 20.0, PUSHDOWN, 10.0))).run();
        assertEquals(0, sampled.notesContaining("no sampling"), sampled.notes.toString());
        assertTrue(sampled.count(DIRECT, 1_000, 2_000) == 1_000, sampled.notes.toString());
    }

    @Test
    void aScanTooSmallToSampleNeverResamplesOnDrift() {
        // 88 slices (TPC-H SF 1 lineitem): no round fits; the last slices of a scan run slower as
        // the workers drain, which must not start a round the scan cannot afford.
        PolicySimulator sim = adaptive(88, 0.0, CONFIG, (m, slice, since) -> slice < 40 ? 100.0 : 10.0).run();
        assertEquals(1, sim.notesContaining("no sampling"), sim.notes.toString());
        assertEquals(0, sim.notesContaining("drift"), sim.notes.toString());
        assertEquals(88, sim.count(DIRECT, 0, 88));
    }

    @Test
    void samplingStaysABoundedFractionOfMidSizedScans() {
        // ~230 slices: SSB SF 10 lineorder with 2 MiB segments. nSample=350 would exceed the scan.
        long slices = 230;
        PolicySimulator sim = new PolicySimulator(new ThroughputGuidedPolicy(PolicyConfig.DEFAULTS, new SamplingCoordinator()),
                slices, 4, 2, 0.02, PolicyConfig.DEFAULTS, constant(Map.of(DIRECT, 10.0, STAGING, 20.0, PUSHDOWN, 30.0))).run();
        long notPushdown = sim.count(DIRECT, 0, slices) + sim.count(STAGING, 0, slices);
        assertTrue(notPushdown <= 0.25 * slices, "sampling took " + notPushdown + " of " + slices + " slices");
        assertTrue(sim.count(PUSHDOWN, 0, slices) > 0.7 * slices);
    }

    @Test
    void aModeFarSlowerThanOneSampledBeforeItIsCutShort() {
        // Pushdown first (the scan expects it to win); direct and staging run at a third of it.
        PolicySimulator sim = new PolicySimulator(new ThroughputGuidedPolicy(CONFIG, new SamplingCoordinator(), PUSHDOWN),
                10_000, K, LAG, 0.05, CONFIG, constant(Map.of(DIRECT, 30.0, STAGING, 35.0, PUSHDOWN, 100.0))).run();
        assertEquals(1, sim.notesContaining("direct cut short"), sim.notes.toString());
        assertEquals(1, sim.notesContaining("staging cut short"), sim.notes.toString());
        assertEquals(1, sim.notesContaining("exploit pushdown"), sim.notes.toString());
        // A cut sample stops after warm-up plus one window (and the slices still in flight), not after nSample.
        long cut = K + CONFIG.window() + LAG + 1;
        assertTrue(sim.count(DIRECT, 0, 10_000) <= cut, "direct got " + sim.count(DIRECT, 0, 10_000));
        assertTrue(sim.count(STAGING, 0, 10_000) <= cut, "staging got " + sim.count(STAGING, 0, 10_000));
        assertTrue(sim.count(PUSHDOWN, 0, CONFIG.nSample()) == CONFIG.nSample(), "pushdown was sampled first");
    }

    @Test
    void aModeManyTimesSlowerIsCutOnTimeBeforeItsWindowFills() {
        // A selective star join: direct and staging move every row and run 15x slower than pushdown.
        PolicySimulator sim = new PolicySimulator(new ThroughputGuidedPolicy(CONFIG, new SamplingCoordinator(), PUSHDOWN),
                10_000, K, LAG, 0.05, CONFIG, constant(Map.of(DIRECT, 6.0, STAGING, 7.0, PUSHDOWN, 100.0))).run();
        assertEquals(1, sim.notesContaining("direct cut short: no full window"), sim.notes.toString());
        assertEquals(1, sim.notesContaining("staging cut short: no full window"), sim.notes.toString());
        assertEquals(1, sim.notesContaining("exploit pushdown"), sim.notes.toString());
        // Cut within the warm-up: fewer slices than warm-up plus window (the measured cut's minimum).
        assertTrue(sim.count(DIRECT, 0, 10_000) < K + CONFIG.window(), "direct got " + sim.count(DIRECT, 0, 10_000));
        assertTrue(sim.count(STAGING, 0, 10_000) < K + CONFIG.window(), "staging got " + sim.count(STAGING, 0, 10_000));
    }

    @Test
    void aModeJustUnderTheMarginIsMeasuredNotCutOnTime() {
        // Direct at 45% of pushdown, behind a backlog of pushdown slices: slower than DOMINATED, but
        // not by enough for the time bound; it is cut only once its window is measured.
        PolicySimulator sim = new PolicySimulator(new ThroughputGuidedPolicy(CONFIG, new SamplingCoordinator(), PUSHDOWN),
                10_000, K, LAG, 0.0, CONFIG, constant(Map.of(DIRECT, 45.0, STAGING, 80.0, PUSHDOWN, 100.0))).run();
        assertEquals(0, sim.notesContaining("no full window"), sim.notes.toString());
        assertEquals(1, sim.notesContaining("direct cut short"), sim.notes.toString());
        assertEquals(1, sim.notesContaining("exploit pushdown"), sim.notes.toString());
    }

    @Test
    void aModeWithinTheMarginGetsItsFullSampleAndCanStillWin() {
        // Staging is the slowest but above half of every mode before it: it is sampled in full. Direct wins.
        PolicySimulator sim = new PolicySimulator(new ThroughputGuidedPolicy(CONFIG, new SamplingCoordinator(), PUSHDOWN),
                10_000, K, LAG, 0.05, CONFIG, constant(Map.of(DIRECT, 150.0, STAGING, 85.0, PUSHDOWN, 100.0))).run();
        assertEquals(0, sim.notesContaining("cut short"), sim.notes.toString());
        assertTrue(sim.count(STAGING, 0, 10_000) >= CONFIG.nSample(), "staging got " + sim.count(STAGING, 0, 10_000));
        assertEquals(1, sim.notesContaining("exploit direct"), sim.notes.toString());
    }

    @Test
    void noResamplingWhenARoundWouldExceedItsShareOfTheRestOfTheScan() {
        // 1,000 slices: 24 per mode (warm-up + two windows), a round of 72 fits 25% of the rest only
        // while 288 slices remain. Pushdown halves at slice 780; the drift shows some 25 slices later,
        // when twice a round would still fit in what is left, but a round would cost more than a
        // late switch can gain: the scan keeps its mode.
        PolicySimulator sim = adaptive(1_000, 0.02, CONFIG, (m, slice, since) -> switch (m) {
            case DIRECT -> 40.0;
            case STAGING -> 30.0;
            case PUSHDOWN -> slice < 780 ? 100.0 : 50.0;
        }).run();
        assertEquals(0, sim.notesContaining("drift"), sim.notes.toString());
        assertEquals(1_000 - 100, sim.count(PUSHDOWN, 100, 1_000));
    }

    @Test
    void concurrentScansSampleOneAtATime() {
        SamplingCoordinator shared = new SamplingCoordinator();
        PolicySimulator.Trace trace = constant(Map.of(DIRECT, 50.0, STAGING, 100.0, PUSHDOWN, 70.0));
        PolicySimulator a = new PolicySimulator(new ThroughputGuidedPolicy(CONFIG, shared), 3_000, K, LAG, 0.02, CONFIG, trace);
        PolicySimulator b = new PolicySimulator(new ThroughputGuidedPolicy(CONFIG, shared), 3_000, K, LAG, 0.02, CONFIG, trace);
        long steps = 0;
        long bFirstSampling = -1, aExploit = -1;
        while (true) {
            boolean more = a.step() | b.step();
            steps++;
            if (aExploit < 0 && a.notesContaining("exploit") > 0) aExploit = steps;
            if (bFirstSampling < 0 && b.notesContaining("sampling") > 0) bFirstSampling = steps;
            if (!more) break;
        }
        assertTrue(aExploit > 0 && bFirstSampling >= aExploit, "b sampled at step " + bFirstSampling
                + ", after a finished sampling at step " + aExploit);
        assertTrue(b.count(DIRECT, 0, aExploit - 1) == aExploit - 1, "b held its initial mode while a sampled");
        assertEquals(1, b.notesContaining("exploit staging"), b.notes.toString());
    }

    @Test
    void backPressureRoutesOnlyToQueuesWithRoom() {
        PolicySimulator sim = new PolicySimulator(new BackPressurePolicy(1), 3_000, K, LAG, 0, CONFIG,
                constant(Map.of(DIRECT, 1.0, STAGING, 1.0, PUSHDOWN, 1.0)));
        sim.queueFull = m -> m == STAGING;
        sim.run();
        assertEquals(0, sim.count(STAGING, 0, 3_000));
        long direct = sim.count(DIRECT, 0, 3_000);
        assertTrue(direct > 1_300 && direct < 1_700, "random between the two open queues: " + direct);
    }

    @Test
    void badConfigurationIsRejectedWithItsName() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> PolicyConfig.DEFAULTS.withDelta(1.5));
        assertTrue(e.getMessage().contains("policy.delta"), e.getMessage());
    }
}
