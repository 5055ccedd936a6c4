package io.ascan.scan.policy;

import io.ascan.scan.SamplingCoordinator;
import io.ascan.scan.ScanMode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The default adaptive policy ({@code policy.kind=prior}): the paper's sample-exploit-resample loop
 * ({@link ThroughputGuidedPolicy}) made cheap enough for scans of a few hundred morsels.
 *
 * <ul>
 *   <li>A prior: what scans of the same table and predicate shape measured before
 *       ({@link io.ascan.scan.ScanMemory}), else a cost model of the bytes each mode moves and the threads that
 *       move them ({@link ModePrior}). Only the modes expected within {@link #MARGIN} of the best
 *       are sampled; when one mode is left, the scan starts in it without sampling.</li>
 *   <li>Sampling: the candidates in order of their prior, each until it has a drift window of
 *       measurements after the warm-up, or less: a mode is dropped as soon as half a window says it
 *       runs below {@link #CLEARLY_WORSE} of a mode sampled before it, or when it has taken longer
 *       than such a mode would need.</li>
 *   <li>Exploiting the best measured mode, against a reference fixed once its second window after
 *       the switch is measured (it does not follow the mode's later throughput): a recent
 *       throughput more than {@code delta} below it for a whole window is drift, and every mode
 *       is sampled again (the current one last, kept unless another beats it by more than
 *       {@code hysteresis}), if the round fits in {@code maxSampleFraction} of what is left.</li>
 *   <li>What the first round measured (or the first window of a scan that did not sample) is
 *       remembered for the next scan of the shape.</li>
 * </ul>
 * Sampling takes the {@link SamplingCoordinator}'s turn, as in the paper; without it the scan
 * stays in its prior's best mode.
 */
public final class PriorGuidedPolicy implements ModePolicy {
    /** Modes expected within a factor 1 + MARGIN of the best are sampled: the cost model's CPU figures are rough, its link figures are not. */
    public static final double MARGIN = 1.0;
    /** A mode measured below this fraction of an earlier sampled mode is dropped. */
    public static final double CLEARLY_WORSE = 0.8;

    private enum Phase { START, WAITING, SAMPLING, EXPLOITING }

    private final PolicyConfig config;
    private final SamplingCoordinator coordinator;
    private final ModePrior model;
    private final String shape;
    private Phase phase = Phase.START;
    private List<ScanMode> sampleOrder;
    private int sampleIndex;
    private long sampleStart;
    private ScanMode current;
    private ScanMode beforeResampling;
    private double reference = Double.NaN;
    /** The current mode's recent throughput when drift started the round (NaN in the first round). */
    private double driftRecent = Double.NaN;
    private long belowSince = -1;
    private long sampledSlices;
    /** What {@link #overdue} found the mode it dropped slower than; NaN when it did not drop it. */
    private double overdueBound = Double.NaN;
    /** What the scan's first round measured (or its first mode's first window): what the next scan of the shape starts from. */
    private Map<ScanMode, Double> firstFigures;
    /** The latest throughput measured of each mode in this scan. */
    private final Map<ScanMode, Double> measured = new EnumMap<>(ScanMode.class);

    /**
     * @param model the cost model's prior (may be {@link ModePrior#NONE})
     * @param shape the scan's table and predicate shape for the {@link io.ascan.scan.ScanMemory}, or null: nothing remembered
     */
    public PriorGuidedPolicy(PolicyConfig config, SamplingCoordinator coordinator, ModePrior model, String shape) {
        this.config = config;
        this.coordinator = coordinator;
        this.model = model;
        this.shape = shape;
    }

    /** Morsels one mode's sample takes at most: the warm-up, then one drift window. */
    private int perMode(ScanContext ctx) {
        return ctx.warmupSlices() + config.window();
    }

    private boolean roundFits(ScanContext ctx, int modes, long remaining) {
        return modes > 1 && (long) modes * perMode(ctx) <= config.maxSampleFraction() * remaining;
    }

    @Override
    public ScanMode selectMode(ScanContext ctx) {
        List<ScanMode> modes = ctx.modes();
        if (phase == Phase.START) start(ctx, modes);
        if (phase == Phase.EXPLOITING) exploit(ctx);
        if (phase == Phase.WAITING) {
            if (!coordinator.tryAcquire(this)) return current;
            phase = Phase.SAMPLING;
            sampleIndex = 0;
            overdueBound = Double.NaN;
            for (ScanMode m : sampleOrder) measured.remove(m); // a round compares what it measures, not older figures
            sampleStart = ctx.nanoTime();
            ctx.note("sampling " + sampleOrder + ", up to " + perMode(ctx) + " slices each");
        }
        if (phase == Phase.SAMPLING) {
            long now = ctx.nanoTime();
            if (skipBounded(ctx)) {
                finishSampling(ctx);
                return current;
            }
            ScanMode m = sampleOrder.get(sampleIndex);
            if (ctx.activeMode() == m && (ctx.stats(m).measured() >= config.window() || clearlyWorse(ctx, m) || overdue(ctx, m, now))) {
                remember(ctx, m, overdueBound);
                overdueBound = Double.NaN;
                ++sampleIndex;
                if (skipBounded(ctx)) {
                    finishSampling(ctx);
                    return current;
                }
                m = sampleOrder.get(sampleIndex);
                sampleStart = now;
            }
            sampledSlices++;
            return m;
        }
        return current;
    }

    private void start(ScanContext ctx, List<ScanMode> modes) {
        Map<ScanMode, Double> memory = coordinator == null ? null : coordinator.memory().get(shape);
        ModePrior remembered = memory == null ? null : ModePrior.of(memory, "remembered");
        ModePrior prior = remembered != null && remembered.best(modes) != null ? remembered : model;
        ScanMode best = prior.best(modes);
        current = best == null ? modes.getFirst() : best;
        List<ScanMode> candidates = prior.candidates(modes, MARGIN);
        String figures = prior.source() + " " + prior.format(modes);
        if (candidates.size() < 2) {
            ctx.note("prior (" + figures + "): " + current + " by more than " + pct(MARGIN) + ", no sampling");
            phase = Phase.EXPLOITING;
        } else if (!roundFits(ctx, candidates.size(), ctx.totalSlices())) {
            ctx.note(String.format(Locale.ROOT, "no sampling: %d slices cannot fit %d modes x (warm-up %d + window %d) within"
                            + " %.0f%% of the scan; using %s (prior: %s)", ctx.totalSlices(), candidates.size(), ctx.warmupSlices(),
                    config.window(), 100 * config.maxSampleFraction(), current, figures));
            phase = Phase.EXPLOITING;
        } else {
            ctx.note("prior (" + figures + "): sampling the modes within " + pct(MARGIN) + " of " + current);
            sampleOrder = candidates;
            phase = Phase.WAITING;
        }
    }

    /**
     * Moves past the modes of the round the prior bounds below {@link #CLEARLY_WORSE} of a mode
     * measured (in this round, or the current one's recent throughput that drift started it from):
     * sampling them cannot find a better mode (pull-up over a slow link, whose bytes alone take
     * longer). Returns whether the round is over.
     */
    private boolean skipBounded(ScanContext ctx) {
        while (sampleIndex < sampleOrder.size()) {
            ScanMode m = sampleOrder.get(sampleIndex);
            double bound = model.bound(m), best = Double.isNaN(driftRecent) ? 0 : driftRecent;
            for (int i = 0; i < sampleIndex; i++) best = Math.max(best, measured.getOrDefault(sampleOrder.get(i), 0.0));
            if (Double.isNaN(bound) || bound >= CLEARLY_WORSE * best || ctx.activeMode() == m) return false;
            ctx.note(String.format(Locale.ROOT, "%s not sampled: at most %.1f < %.0f%% of %.1f slices/s measured", m, bound,
                    100 * CLEARLY_WORSE, best));
            measured.put(m, bound);
            sampleIndex++;
        }
        return true;
    }

    private static String pct(double f) {
        return String.format(Locale.ROOT, "%.0f%%", 100 * f);
    }

    /** The reference once the current mode's first window is measured; drift against it starts a new round. */
    private void exploit(ScanContext ctx) {
        if (ctx.activeMode() != current) return;
        ModeStats s = ctx.stats(current);
        if (!s.windowFull()) return;
        if (Double.isNaN(reference)) {
            // The first window after a switch runs ahead (the queues still hold the last mode's
            // slack), so the reference is the second.
            if (s.measured() < 2L * config.window()) return;
            reference = s.recent();
            belowSince = -1;
            if (firstFigures == null) firstFigures = new EnumMap<>(Map.of(current, reference));
            return;
        }
        if (s.recent() >= (1 - config.delta()) * reference) {
            belowSince = -1;
            return;
        }
        if (belowSince < 0) belowSince = s.measured();
        if (s.measured() - belowSince < config.window()) return;
        long remaining = ctx.totalSlices() - ctx.assignedSlices();
        if (!roundFits(ctx, ctx.modes().size(), remaining)) return;
        ctx.note(String.format(Locale.ROOT, "drift on %s: recent %.1f < %.0f%% of reference %.1f slices/s; resampling",
                current, s.recent(), 100 * (1 - config.delta()), reference));
        beforeResampling = current;
        driftRecent = s.recent();
        // the others by what they were last measured at (unmeasured first: nothing rules them out), the current one last
        List<ScanMode> order = new ArrayList<>(ctx.modes());
        order.remove(current);
        order.sort((a, b) -> Double.compare(measured.getOrDefault(b, Double.MAX_VALUE), measured.getOrDefault(a, Double.MAX_VALUE)));
        order.add(current);
        sampleOrder = order;
        phase = Phase.WAITING;
    }

    /**
     * Keeps the throughput {@code m} was measured at in this round; a mode dropped on time is
     * slower than {@code bound} (its few measurements, if any, say less than that).
     */
    private void remember(ScanContext ctx, ScanMode m, double bound) {
        double r = ctx.stats(m).throughput();
        if (!Double.isNaN(bound)) r = Double.isNaN(r) ? bound : Math.min(r, bound);
        if (!Double.isNaN(r)) measured.put(m, r);
    }

    /** Whether {@code m}, with half a window measured, runs below {@link #CLEARLY_WORSE} of a mode sampled before it. */
    private boolean clearlyWorse(ScanContext ctx, ScanMode m) {
        ModeStats s = ctx.stats(m);
        if (s.measured() < Math.max(1, config.window() / 2)) return false;
        for (int i = 0; i < sampleIndex; i++) {
            ScanMode earlier = sampleOrder.get(i);
            Double best = measured.get(earlier);
            if (best != null && s.throughput() < CLEARLY_WORSE * best) {
                ctx.note(String.format(Locale.ROOT, "%s dropped: %.1f < %.0f%% of %s's %.1f slices/s", m, s.throughput(),
                        100 * CLEARLY_WORSE, earlier, best));
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code m} has run longer than an earlier sampled mode would need, at
     * {@link #CLEARLY_WORSE} of its throughput, for the warm-up and half a window (the point
     * where {@link #clearlyWorse} would decide), after that mode's backlog (at most a warm-up's
     * worth of morsels) drained ahead of it: then it is at least that much slower.
     */
    private boolean overdue(ScanContext ctx, ScanMode m, long now) {
        overdueBound = Double.NaN;
        int k = ctx.warmupSlices();
        double morsels = k + (k + Math.max(1, config.window() / 2)) / CLEARLY_WORSE;
        double elapsed = (now - sampleStart) / 1e9;
        for (int i = 0; i < sampleIndex; i++) {
            ScanMode earlier = sampleOrder.get(i);
            Double r = measured.get(earlier);
            if (r != null && elapsed > Math.max(morsels / r, ThroughputGuidedPolicy.MIN_OVERDUE_SECONDS)) {
                overdueBound = CLEARLY_WORSE * r;
                ctx.note(String.format(Locale.ROOT, "%s dropped: %.1f ms without half a window, the time %s at %.1f slices/s"
                        + " needs for %.0f slices", m, elapsed * 1e3, earlier, r, morsels));
                return true;
            }
        }
        return false;
    }

    private void finishSampling(ScanContext ctx) {
        ScanMode best = null;
        double bestRate = -1;
        StringBuilder rates = new StringBuilder();
        for (ScanMode m : sampleOrder) {
            Double r = measured.get(m);
            if (r == null) continue;
            rates.append(String.format(Locale.ROOT, " %s=%.1f", m, r));
            if (r > bestRate) {
                best = m;
                bestRate = r;
            }
        }
        if (best == null) best = current;
        String reason = "best of" + rates + " slices/s";
        if (beforeResampling != null && best != beforeResampling && measured.containsKey(beforeResampling)
                && bestRate <= measured.get(beforeResampling) * (1 + config.hysteresis())) {
            reason = String.format(Locale.ROOT, "keeping %s: %s is within the %.0f%% hysteresis (%s)", beforeResampling, best,
                    100 * config.hysteresis(), rates.toString().trim());
            best = beforeResampling;
        }
        ctx.note("exploit " + best + ": " + reason);
        if (firstFigures == null) firstFigures = new EnumMap<>(measured);
        current = best;
        beforeResampling = null;
        driftRecent = Double.NaN;
        reference = Double.NaN;
        belowSince = -1;
        phase = Phase.EXPLOITING;
        coordinator.release(this);
    }

    @Override
    public long sampledSlices() {
        return sampledSlices;
    }

    /**
     * Releases the sampling turn; remembers what the scan measured first (a phase change later in
     * the scan is for drift to find again, not for the next scan to start from).
     */
    @Override
    public void close() {
        coordinator.release(this);
        if (shape != null && firstFigures != null) coordinator.memory().put(shape, firstFigures);
    }

    @Override
    public String name() {
        return "adaptive";
    }
}
