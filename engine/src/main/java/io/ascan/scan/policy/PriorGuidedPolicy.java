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
 *       are sampled; when one mode is left, the scan starts in it without sampling. When every mode
 *       was measured on the shape before, the scan starts in the remembered best without sampling,
 *       and samples again only if that mode runs more than {@code delta} below what was remembered
 *       of it.</li>
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
public final class PriorGuidedPolicy extends SamplingPolicy {
    /** Modes expected within a factor 1 + MARGIN of the best are sampled: the cost model's CPU figures are rough, its link figures are not. */
    public static final double MARGIN = 1.0;
    /** A mode measured below this fraction of an earlier sampled mode is dropped. */
    public static final double CLEARLY_WORSE = 0.8;

    private final ModePrior model;
    private final String shape;
    private double reference = Double.NaN;
    /** The current mode's recent throughput when drift started the round (NaN otherwise). */
    private double driftRecent = Double.NaN;
    /** The current mode's remembered throughput, until the reference is checked against it; NaN otherwise. */
    private double rememberedRate = Double.NaN;
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
        super(config, coordinator);
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
    void roundStarts(ScanContext ctx) {
        overdueBound = Double.NaN;
        for (ScanMode m : sampleOrder) measured.remove(m); // a round compares what it measures, not older figures
        ctx.note("sampling " + sampleOrder + ", up to " + perMode(ctx) + " slices each");
    }

    @Override
    boolean sampleDone(ScanContext ctx, ScanMode m, long now) {
        return ctx.stats(m).measured() >= config.window() || clearlyWorse(ctx, m) || overdue(ctx, m, now);
    }

    @Override
    void sampled(ScanContext ctx, ScanMode m, ScanMode next) {
        remember(ctx, m, overdueBound);
        overdueBound = Double.NaN;
    }

    /**
     * A mode the prior bounds below {@link #CLEARLY_WORSE} of a mode measured (in this round, or the
     * current one's recent throughput that drift started it from) is not sampled: it cannot be the
     * better one (pull-up over a slow link, whose bytes alone take longer).
     */
    @Override
    boolean skip(ScanContext ctx, ScanMode m) {
        double bound = model.bound(m), best = Double.isNaN(driftRecent) ? 0 : driftRecent;
        for (int i = 0; i < sampleIndex; i++) best = Math.max(best, measured.getOrDefault(sampleOrder.get(i), 0.0));
        if (Double.isNaN(bound) || bound >= CLEARLY_WORSE * best) return false;
        ctx.note(String.format(Locale.ROOT, "%s not sampled: at most %.1f < %.0f%% of %.1f slices/s measured", m, bound,
                100 * CLEARLY_WORSE, best));
        measured.put(m, bound);
        return true;
    }

    @Override
    double rate(ScanContext ctx, ScanMode m) {
        return measured.getOrDefault(m, Double.NaN);
    }

    @Override
    void start(ScanContext ctx) {
        List<ScanMode> modes = ctx.modes();
        Map<ScanMode, Double> memory = coordinator == null ? null : coordinator.memory().get(shape);
        ModePrior remembered = memory == null ? null : ModePrior.of(memory, "remembered");
        // Not a mode the model bounds (pull-up over a known link): its remembered figure is that bound, or
        // what the link gave; what beat it was one window of the others, which on data-dependent work (R
        // passing a run of date-ordered slices) can be a slow one, and exploiting without sampling would
        // never find out (SSB q1.1 at 1 Gbit/s pulled up every slice). The model's round samples afresh.
        ModePrior prior = remembered != null && remembered.best(modes) != null
                && Double.isNaN(model.bound(remembered.best(modes))) ? remembered : model;
        ScanMode best = prior.best(modes);
        current = best == null ? modes.getFirst() : best;
        List<ScanMode> candidates = prior.candidates(modes, MARGIN);
        String figures = prior.source() + " " + prior.format(modes);
        if (prior == remembered && modes.stream().allMatch(m -> !Double.isNaN(remembered.of(m)))) {
            // Every mode was measured on this shape: a round would only measure them again (on a scan
            // of a few hundred morsels, a fifth of it in modes up to 2x slower, with a switch each).
            // The scan exploits the remembered best and samples only if that mode runs slower than
            // remembered (checkRemembered), or drifts.
            rememberedRate = remembered.of(current);
            ctx.note("prior (" + figures + "): " + current + ", every mode measured before, no sampling");
            phase = Phase.EXPLOITING;
        } else if (candidates.size() < 2) {
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

    private static String pct(double f) {
        return String.format(Locale.ROOT, "%.0f%%", 100 * f);
    }

    /** The reference once the current mode's first window is measured; drift against it starts a new round. */
    @Override
    void exploit(ScanContext ctx) {
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
            checkRemembered(ctx);
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
        driftRecent = s.recent();
        resampleAll(ctx);
    }

    /**
     * A scan that started from remembered figures without sampling checks them once, against the
     * reference it fixed: a mode running more than {@code delta} below what it was remembered at
     * no longer says the others are slower (the data or the machine changed), so every mode is
     * sampled again, as on drift.
     */
    private void checkRemembered(ScanContext ctx) {
        double remembered = rememberedRate;
        rememberedRate = Double.NaN;
        if (Double.isNaN(remembered) || reference >= (1 - config.delta()) * remembered) return;
        long remaining = ctx.totalSlices() - ctx.assignedSlices();
        if (!roundFits(ctx, ctx.modes().size(), remaining)) return;
        ctx.note(String.format(Locale.ROOT, "%s at %.1f slices/s, below %.0f%% of the %.1f remembered; resampling", current,
                reference, 100 * (1 - config.delta()), remembered));
        firstFigures = null; // the next scan starts from what this round measures
        driftRecent = reference; // as on drift: a mode bounded below the current one's rate is not sampled
        resampleAll(ctx);
    }

    /** Every mode sampled again: the others by what they were last measured at (unmeasured first), the current one last. */
    private void resampleAll(ScanContext ctx) {
        List<ScanMode> order = new ArrayList<>(ctx.modes());
        order.remove(current);
        order.sort((a, b) -> Double.compare(measured.getOrDefault(b, Double.MAX_VALUE), measured.getOrDefault(a, Double.MAX_VALUE)));
        order.add(current);
        sampleOrder = order;
        resample();
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

    @Override
    void exploiting(ScanContext ctx) {
        if (firstFigures == null) firstFigures = new EnumMap<>(measured);
        reference = Double.NaN;
        driftRecent = Double.NaN;
    }

    /**
     * Releases the sampling turn; remembers what the scan measured first (a phase change later in
     * the scan is for drift to find again, not for the next scan to start from).
     */
    @Override
    public void close() {
        super.close();
        if (shape != null && firstFigures != null) coordinator.memory().put(shape, firstFigures);
    }
}
