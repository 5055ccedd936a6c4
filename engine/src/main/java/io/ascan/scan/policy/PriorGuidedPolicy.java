package io.ascan.scan.policy;

import io.ascan.scan.SamplingCoordinator;
import io.ascan.scan.ScanMode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The default adaptive policy ({@code policy.kind=prior}): the paper's sample-exploit-resample loop
 * ({@link ThroughputGuidedPolicy}) made cheap enough for scans of a few hundred morsels.
 *
 * <ul>
 *   <li>A prior: what scans of the same table and predicate shape measured before
 *       ({@link io.ascan.scan.ScanMemory}), the modes it did not measure from the cost model
 *       (scaled to the measured ones), else a cost model of the bytes each mode moves and the threads that
 *       move them ({@link ModePrior}). Only the modes expected within {@link #MARGIN} of the best
 *       are sampled; when one mode is left, the scan starts in it without sampling. When every mode
 *       was measured on the shape before, the scan starts in the remembered best without sampling,
 *       and samples again only if that mode runs more than {@code delta} below what was remembered
 *       of it and another may beat it (as on drift, below); else it remembers what it runs at.</li>
 *   <li>Sampling: the candidates in order of their prior, each until it has a drift window of
 *       measurements after the warm-up, or less: a mode is dropped as soon as half a window says it
 *       runs below {@link #CLEARLY_WORSE} of a mode sampled before it, or when it has taken longer
 *       than such a mode would need, counted from its first completed slice (the time its pipeline
 *       needs to fill after the switch is not the mode's). A mode dropped on time keeps what was
 *       remembered of it: its figure is a bound the round decides with, not a measured rate. In a
 *       shape's first scan, the mode sampled first ran while the JIT compiled the pipelines: if it
 *       lost, it is sampled once more at the round's end; a mode the cost model expected no slower
 *       than the winner, dropped on time there, is remembered as unmeasured and sampled once in a
 *       later scan ({@link #recheckCold}).</li>
 *   <li>Exploiting the best measured mode, against a reference fixed once {@link #REFERENCE_WINDOWS}
 *       windows after the switch are measured (it does not follow the mode's later throughput): a recent
 *       throughput more than {@code delta} below it for a whole window is drift, and the other
 *       modes the prior does not bound at or below it (raised by {@code hysteresis}) are sampled, then
 *       the current one again (drift fires at a trough of its rate); it is kept unless another beats
 *       it by more than {@code hysteresis}, if the round fits in
 *       {@code maxSampleFraction} of the scan and half of what is left, and if another mode may win
 *       it: one not measured (nor remembered, nor bounded) below {@link #CLEARLY_WORSE} of the
 *       recent throughput, nor, until the slowdown lasts, of what the mode ran at over the scan (once
 *       it lasts {@link #REFERENCE_WINDOWS} windows, with their figures raised by as much as the
 *       current mode slowed: a phase change). A slowdown that
 *       leaves the current mode that far ahead is the data's (R passing a run of date-ordered
 *       slices) or the machine's, and a round would only cost.</li>
 *   <li>What the scan's first round measured is remembered for the next scan of the shape: the
 *       exploited mode at what it ran at over the scan, the others at most {@link #CLEARLY_WORSE}
 *       of that, or, if it did not sample, at their remembered ratio to it ({@link #close}). A scan
 *       that ran one mode and ended before its reference was fixed remembers that mode's last window.
 *       Two things make a later round the one remembered: its winner beat the mode the scan started in at
 *       that mode's reference (the memory ranked them wrong), or the remembered best ran more than
 *       {@link #REGIME_CHANGE} times faster than remembered, which starts a round (the figures came from a
 *       cold first scan, where every mode waits for the same reads).</li>
 * </ul>
 * Sampling takes the {@link SamplingCoordinator}'s turn, as in the paper; without it the scan
 * stays in its prior's best mode.
 */
public final class PriorGuidedPolicy extends SamplingPolicy {
    /** Modes expected within a factor 1 + MARGIN of the best are sampled: the cost model's CPU figures are rough, its link figures are not. */
    public static final double MARGIN = 1.0;
    /** A mode measured below this fraction of an earlier sampled mode is dropped. */
    public static final double CLEARLY_WORSE = 0.8;
    /**
     * Drift windows of the exploited mode measured before its reference is fixed. The first ones run
     * ahead of what the mode sustains, most at a scan's start: slices the ABM already holds, the
     * link's burst allowance and the queues' slack let morsels complete in microseconds (150,000
     * morsels/s measured in the second window of SSB q3.1, 1,000 to 3,000 after).
     */
    static final int REFERENCE_WINDOWS = 4;
    /**
     * A remembered best running more than this many times faster than remembered ran in other conditions when
     * the others were measured (a cold first scan), and is sampled against them again ({@link #checkRemembered}).
     */
    static final double REGIME_CHANGE = 2.5;
    /**
     * A first round's winner running more than this many times faster over the scan than in its sample ran the round
     * in other conditions (cold reads, code the JIT had not compiled): the others' figures, raised as much
     * ({@link #close}), are remembered as measured only cold ({@link io.ascan.scan.ScanMemory#cold}).
     */
    static final double COLD_RAISE = 2;
    /**
     * A mode measured only cold and remembered at no less than this fraction of the remembered best is sampled once
     * in a later scan ({@link #recheckCold}): its ratio to the best was measured while both waited for the same
     * reads, and may not hold hot (SSB SF 10 q3.1: pushdown sampled at 0.73 of direct cold, twice as fast hot; in
     * another quiet process at 0.47 of staging cold, sampled first while the JIT compiled, three times as fast hot).
     * Low, because the round is paid once per shape and is worth one scan's speed-up many times over.
     */
    static final double REACH = 0.3;

    private final ModePrior model;
    private final String shape;
    private double reference = Double.NaN;
    /**
     * The current mode's recent throughput when drift started the round, or its reference when a
     * remembered figure did (NaN otherwise): what the round compares the others with, without
     * sampling the current mode again.
     */
    private double driftRecent = Double.NaN;
    /** The current mode's remembered throughput, until the reference is checked against it; NaN otherwise. */
    private double rememberedRate = Double.NaN;
    /**
     * In a round a slow start against the remembered figures started: what the current mode was remembered at, which its
     * sample after the others counts at most (else its reference); NaN otherwise. A stall of the machine at a scan's start
     * took pushdown from its remembered 87 slices/s to 13; staging, sampled once the stall passed, won at 39.7, and was
     * remembered: four scans ran staging at half pushdown's rate (SSB SF 10 q3.1 at load 15).
     */
    private double currentCap = Double.NaN;
    /** Whether this round sampled a mode other than the current one (then a drift round measures the current one after it). */
    private boolean othersSampled;
    /** What {@link #overdue} found the mode it dropped slower than; NaN when it did not drop it. */
    private double overdueBound = Double.NaN;
    /** What the scan's first round measured (or its first mode's first window): what the next scan of the shape starts from. */
    private Map<ScanMode, Double> firstFigures;
    /** Whether the scan noted a drift it could not sample for (once). */
    private boolean driftUnsampled;
    /** Whether the mode {@link #firstFigures} are remembered against is set. */
    private boolean levelled;
    /** The mode {@link #firstFigures} are remembered against, and its first reference; null before. */
    private ScanMode levelledMode;
    private double levelledReference;
    /**
     * Its windows' medians while it was exploited after its reference was fixed, as seconds per
     * slice summed over the windows, and their count: its throughput over the scan.
     */
    private double steadySeconds;
    private int steadyWindows;
    /** Its measurement count when a window was last added to the sums. */
    private long steadyCounted;
    /** Each mode's windows while exploited with its reference fixed: its throughput over the scan ({@link #scanRate}). */
    private final Map<ScanMode, ScanRate> exploited = new EnumMap<>(ScanMode.class);
    /** The current mode's measurement count when a window was last added to {@link #exploited}. */
    private long exploitedCounted;
    /** The mode drift started the round from; null otherwise. */
    private ScanMode driftFrom;
    /** The morsel at which the current round started (its first assignment in a sampled mode). */
    private long roundStartedAt;
    /**
     * The mode that beat the current one's rate in a drift round but not what the current one ran at over the
     * scan ({@link #rate}), and its rate: the scan switches to it without another round if the current mode's
     * slowdown lasts {@link #REFERENCE_WINDOWS} windows after the round and it still beats it; null otherwise.
     */
    private ScanMode heldOff;
    private double heldOffRate;
    /** The latest throughput measured of each mode in this scan. */
    private final Map<ScanMode, Double> measured = new EnumMap<>(ScanMode.class);
    /**
     * The modes this round dropped on time: their figure in {@link #measured} is a bound the round
     * decides with, not a rate, and does not replace what was remembered of them (a mode whose
     * storage side fills slowly after a switch would otherwise be ranked below the mode it timed out
     * against in every later scan).
     */
    private final Set<ScanMode> timedOut = EnumSet.noneOf(ScanMode.class);
    /**
     * The latest rate of each mode: measured by this scan's samples (at most its bound where it timed out), the
     * rate drift left it at, or remembered when the scan started from memory. Drift starts a round only if another
     * mode may beat the current one by these ({@link #rival}).
     */
    private final Map<ScanMode, Double> known = new EnumMap<>(ScanMode.class);
    /** {@link ScanContext#nanoTime()} when the mode being sampled completed its first slice after the switch; -1 before. */
    private long filledAt = -1;
    /** Its completed slices at {@link #filledAt}. */
    private long filledCompleted;
    /** Whether the scan noted a drift that no other mode could beat (once). */
    private boolean driftUnrivalled;
    /** The remembered figures a scan started from without sampling; null when it did not. */
    private Map<ScanMode, Double> startedFrom;
    /** The modes among {@link #startedFrom} remembered as measured only cold. */
    private Set<ScanMode> startedCold = Set.of();
    /** The modes among {@link #startedFrom} remembered at a bound, never measured ({@link io.ascan.scan.ScanMemory#unmeasured}). */
    private Set<ScanMode> startedUnmeasured = Set.of();
    /** Whether this is the shape's first scan in this engine (nothing remembered of it when it started). */
    private boolean firstOfShape;
    /**
     * The modes the round {@link #firstFigures} come from dropped on time in a shape's first scan, which the cost model
     * expected no slower than the mode that won: remembered as unmeasured ({@link #recheckCold}).
     */
    private final Set<ScanMode> unmeasured = EnumSet.noneOf(ScanMode.class);
    /**
     * In a round the remembered figures started over a storage node because the current mode runs below its remembered
     * rate: what each other mode was remembered at, which its sample counts at most ({@link #sampled}); null otherwise.
     */
    private Map<ScanMode, Double> sampleCaps;
    /**
     * The current mode's latest full window before its reference is fixed: what a scan that ran one
     * mode without sampling remembers if it ends before {@link #REFERENCE_WINDOWS} windows ({@link #close}).
     */
    private double unlevelled = Double.NaN;
    /**
     * In a shape's first scan in this engine, the index in {@link #sampleOrder} at which the round's first mode is sampled
     * again if it lost ({@link #againFirst}); -1 otherwise.
     */
    private int firstAgainAt = -1;

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
        return roundFits(modes, remaining, ctx.warmupSlices());
    }

    private boolean roundFits(int modes, long remaining, int warmup) {
        return modes > 1 && (long) modes * (warmup + config.window()) <= config.maxSampleFraction() * remaining;
    }

    /** A round of two modes fits the scan: else it never samples, nor re-samples on drift. */
    @Override
    public boolean mayChange(int modes, long units, int warmup) {
        return roundFits(Math.min(modes, 2), units, warmup);
    }

    @Override
    void roundStarts(ScanContext ctx) {
        roundStartedAt = ctx.assignedSlices();
        othersSampled = false;
        overdueBound = Double.NaN;
        filledAt = -1;
        timedOut.clear();
        for (ScanMode m : sampleOrder) measured.remove(m); // a round compares what it measures, not older figures
        ctx.note("sampling " + sampleOrder + ", up to " + perMode(ctx) + " slices each");
    }

    @Override
    boolean sampleDone(ScanContext ctx, ScanMode m, long now) {
        if (m == current && !Double.isNaN(currentCap)) return ctx.stats(m).measured() >= config.window(); // the mode it ran
        return ctx.stats(m).measured() >= config.window() || clearlyWorse(ctx, m) || overdue(ctx, m, now);
    }

    @Override
    void sampled(ScanContext ctx, ScanMode m, ScanMode next) {
        if (m != current) othersSampled = true;
        remember(ctx, m, overdueBound);
        // measured again in a drift round: no more than its reference, which it may run ahead of after the switch
        double own = Double.isNaN(currentCap) ? reference : currentCap;
        if (m == current && measured.containsKey(m) && own > 0) measured.put(m, Math.min(measured.get(m), own));
        // and the others alike, where memory gives them a level (over a storage node, pull-up's first slices after a
        // switch ran at 119.6 and 128.2 slices/s against pushdown capped at its reference, 84.4 and 101.5; pull-up won
        // and ran at 64.9 and 68.5: SSB q1.2 at 10 Gbit/s, q2.2 unlimited)
        Double cap = sampleCaps == null || m == current ? null : sampleCaps.get(m);
        if (cap != null && measured.containsKey(m)) measured.put(m, Math.min(measured.get(m), cap));
        overdueBound = Double.NaN;
        filledAt = -1;
    }

    /**
     * A mode the prior bounds below {@link #CLEARLY_WORSE} of a mode measured (in this round, or the
     * current one's recent throughput that drift started it from) is not sampled: it cannot be the
     * better one (pull-up over a slow link, whose bytes alone take longer).
     */
    @Override
    boolean skip(ScanContext ctx, ScanMode m) {
        if (sampleIndex == firstAgainAt) return !againFirst(ctx, m);
        if (m == current && !Double.isNaN(driftRecent)) {
            // Over a storage node, measured again once another mode was: drift fires at a trough of the current
            // mode's rate, so the rate it fired at is biased low, and on a loaded machine a trough is often a
            // passing one (pushdown on SSB q2.1's uniform data at 10 Gbit/s: windows of 54 to 220 slices/s in one
            // scan); the mode sampled against it would win against the dip, not the mode. With R or without (TPC-H Q6
            // unlimited: pushdown's trough of 97.5 slices/s against its reference of 269 lost to pull-up's 145, which then
            // pulled up 726 of 877 slices, 2.2x pushdown's time). Not locally, where a mode's first slices after a switch
            // can run far ahead (the output queue's slack on cached slices), but in a round a slow start against the
            // remembered figure started, capped at that figure ({@link #currentCap}).
            if (othersSampled && (model.remote() || !Double.isNaN(currentCap))) return false;
            measured.put(m, driftRecent);
            // and its rate for the next drift's rivals: else a mode left on drift stays unknown, so a rival of every later
            // slowdown of the mode that beat it (TPC-H Q1 unlimited: pushdown, at 28 slices/s, sampled again against
            // pull-up at 74 in every round)
            known.put(m, capped(m, driftRecent));
            return true;
        }
        double best = Double.isNaN(driftRecent) ? 0 : driftRecent;
        for (int i = 0; i < sampleIndex; i++) best = Math.max(best, measured.getOrDefault(sampleOrder.get(i), 0.0));
        if (boundedBelow(m, best)) {
            ctx.note(String.format(Locale.ROOT, "%s not sampled: at most %.1f < %.0f%% of %.1f slices/s measured", m, model.bound(m),
                    100 * CLEARLY_WORSE, best));
            measured.put(m, model.bound(m));
            return true;
        }
        if (!cannotBeat(m, driftRecent)) return false;
        // not a figure of the round: a bound within the hysteresis of the current mode could win against its re-measurement
        ctx.note(String.format(Locale.ROOT, "%s not sampled: at most %.1f, which does not beat %s's %.1f slices/s by the %.0f%%"
                + " hysteresis", m, model.bound(m), current, driftRecent, 100 * config.hysteresis()));
        measured.remove(m);
        return true;
    }

    /**
     * Whether {@code first}, the mode a shape's first round sampled first, is sampled again at the round's end: when another
     * mode beat its sample and one more sample fits {@code maxSampleFraction} of the scan. It ran while the JIT compiled
     * the pipelines every mode then runs (SSB SF 10 q3.1, one process in eight: pushdown sampled first at 6.6 slices/s,
     * direct 22.8, staging 5.9; direct won and ran at 30 while pushdown runs several times faster hot). Direct's sample
     * was hot, so it ran less than {@link #COLD_RAISE} times faster over the scan, nothing was remembered as measured
     * only cold, pushdown was remembered below {@link #REACH}, and all ten scans of the process ran direct.
     */
    private boolean againFirst(ScanContext ctx, ScanMode first) {
        ScanMode winner = first;
        for (int i = 0; i < sampleIndex; i++) {
            ScanMode m = sampleOrder.get(i);
            if (measured.getOrDefault(m, 0.0) > measured.getOrDefault(winner, 0.0)) winner = m;
        }
        if (winner == first) return false;
        long left = ctx.totalSlices() - ctx.assignedSlices();
        if (sampledSlices() + perMode(ctx) > config.maxSampleFraction() * ctx.totalSlices() || 2L * perMode(ctx) > left) return false;
        ctx.note(String.format(Locale.ROOT, "%s sampled again: sampled first at %.1f slices/s, while the JIT compiled the scan's"
                + " pipelines, against %s's %.1f", first, measured.get(first), winner, measured.get(winner)));
        return true;
    }

    /**
     * Whether the model bounds {@code m} at or below {@code rate} raised by the hysteresis: a round that keeps
     * the current mode, running at {@code rate}, unless another beats it by more cannot switch to {@code m}
     * (its sample counts at most its bound), so sampling it only costs. Never without a bound or a rate.
     */
    private boolean cannotBeat(ScanMode m, double rate) {
        return model.bound(m) <= (1 + config.hysteresis()) * rate; // false when either is NaN
    }

    /** Whether the model bounds {@code m} below {@link #CLEARLY_WORSE} of {@code rate} (never without a bound or a rate). */
    private boolean boundedBelow(ScanMode m, double rate) {
        return model.bound(m) < CLEARLY_WORSE * rate; // false when either is NaN
    }

    /**
     * What {@code m} measured in this round; over a storage node, the mode drift started the round from
     * counts at least what it ran at over the scan (time-weighted: its slow windows weigh most). Drift
     * fires at a trough, and re-measured at once the mode can still be in it (TPC-H Q6 unlimited on a
     * loaded machine: pushdown's windows swung between 85 and 350 slices/s, re-measured at 92.8 it lost
     * to pull-up's 134.4, which then pulled up the rest of the scan at about half pushdown's rate); or
     * the machine slows every mode alike (TPC-H Q1 unlimited: pull-up re-measured at 39.8 lost to
     * pushdown's 42.9, 28 and 84 in the first round). A slowdown that outlasts the round is taken as the
     * mode's and switches without another round ({@link #exploit}).
     */
    @Override
    double rate(ScanContext ctx, ScanMode m) {
        double r = measured.getOrDefault(m, Double.NaN);
        if (m != driftFrom || !model.remote()) return r;
        double scan = scanRate(m);
        return Double.isNaN(r) || scan > r ? scan : r;
    }

    /** What {@code m} ran at while exploited with its reference fixed in this scan: NaN before a window. */
    private double scanRate(ScanMode m) {
        ScanRate r = exploited.get(m);
        return r == null ? Double.NaN : r.rate();
    }

    @Override
    void start(ScanContext ctx) {
        List<ScanMode> modes = ctx.modes();
        Map<ScanMode, Double> memory = coordinator == null ? null : coordinator.memory().get(shape);
        ModePrior remembered = memory == null ? null : ModePrior.of(memory, "remembered");
        firstOfShape = shape != null && memory == null;
        // Not a mode the model bounds (pull-up over a known link): its remembered figure is that bound, or
        // what the link gave; what beat it was one window of the others, which on data-dependent work (R
        // passing a run of date-ordered slices) can be a slow one, and exploiting without sampling would
        // never find out (SSB q1.1 at 1 Gbit/s pulled up every slice). The model's round samples afresh.
        ModePrior prior = remembered != null && remembered.best(modes) != null
                && Double.isNaN(model.bound(remembered.best(modes))) ? remembered.filledFrom(model, modes) : model;
        ScanMode best = prior.best(modes);
        current = best == null ? modes.getFirst() : best;
        List<ScanMode> candidates = prior.candidates(modes, MARGIN);
        ScanMode rememberedBest = remembered == null ? null : remembered.best(modes);
        if (prior == model && rememberedBest != null && rememberedBest != current && candidates.contains(rememberedBest)
                && remembered.of(current) < CLEARLY_WORSE * remembered.of(rememberedBest)) {
            // The model's round, but where the shape's last scan measured the model's best far behind the mode that won,
            // that mode is sampled first: the far slower one is then dropped after half a window or on time, where
            // sampled first it ran its whole sample (TPC-H Q1 unlimited: pushdown's 23 slices at 25 slices/s in every
            // scan, some 0.9 s of pull-up's 6). Not where they were close: a slow window of the data (aBoundedMode...).
            List<ScanMode> first = new ArrayList<>(candidates);
            first.remove(rememberedBest);
            first.addFirst(rememberedBest);
            candidates = first;
            current = rememberedBest;
        }
        String figures = prior.source() + " " + prior.format(modes);
        if (prior != model) for (ScanMode m : modes) if (!Double.isNaN(remembered.of(m))) known.put(m, remembered.of(m));
        if (remembered != null && prior != model && modes.stream().allMatch(m -> !Double.isNaN(remembered.of(m)))) {
            // Every mode was measured on this shape: a round would only measure them again (on a scan
            // of a few hundred morsels, a fifth of it in modes up to 2x slower, with a switch each).
            // The scan exploits the remembered best and samples only if that mode runs slower than
            // remembered (checkRemembered), or drifts.
            rememberedRate = remembered.of(current);
            startedFrom = memory;
            startedCold = coordinator.memory().cold(shape);
            startedUnmeasured = coordinator.memory().unmeasured(shape);
            ctx.note("prior (" + figures + "): " + current + ", every mode measured before, no sampling");
            phase = Phase.EXPLOITING;
        } else if (candidates.size() < 2) {
            ctx.note("prior (" + figures + "): " + current + " by more than " + pct(MARGIN) + ", no sampling");
            phase = Phase.EXPLOITING;
        } else if (!roundFits(ctx, planned(candidates, prior), ctx.totalSlices())) {
            ctx.note(String.format(Locale.ROOT, "no sampling: %d slices cannot fit %d modes x (warm-up %d + window %d) within"
                            + " %.0f%% of the scan; using %s (prior: %s)", ctx.totalSlices(), planned(candidates, prior),
                    ctx.warmupSlices(), config.window(), 100 * config.maxSampleFraction(), current, figures));
            phase = Phase.EXPLOITING;
        } else {
            ctx.note("prior (" + figures + "): sampling the modes within " + pct(MARGIN) + " of " + current);
            sampleOrder = candidates;
            if (firstOfShape) {
                // The shape's first scan in this engine: the mode sampled first runs while the JIT compiles the scan's freshly
                // generated pipelines, which the modes sampled after it find compiled. It is sampled again if it lost.
                sampleOrder = new ArrayList<>(candidates);
                sampleOrder.add(candidates.getFirst());
                firstAgainAt = candidates.size();
            }
            phase = Phase.WAITING;
        }
    }

    /**
     * The candidates a first round is expected to sample: not those whose bound is below
     * {@link #CLEARLY_WORSE} of what the prior expects of its best, which the round skips once that
     * mode measures as expected ({@link #skip}); if it measures slower, the round samples them and
     * takes more than planned.
     */
    private int planned(List<ScanMode> candidates, ModePrior prior) {
        double best = prior.of(current);
        int n = 0;
        for (ScanMode m : candidates) if (m == current || !boundedBelow(m, best)) n++;
        // At least one other: the best's figure is the model's guess, which a bound is no measurement against. Over a
        // storage node pushdown's guess ran 40-65x ahead of it (TPC-H Q1 unlimited: 1,800 slices/s modelled, 28
        // measured) and ruled out pull-up, bounded at the 126 slices/s measured of it, which ran at 139. A round
        // that finds the best as fast as guessed skips the bounded ones at no cost ({@link #skip}).
        return candidates.size() > 1 ? Math.max(2, n) : n;
    }

    private static String pct(double f) {
        return String.format(Locale.ROOT, "%.0f%%", 100 * f);
    }

    /**
     * The reference once {@link #REFERENCE_WINDOWS} windows of the current mode are measured: the
     * slower of the latest window and the tracker's baseline (an average of slice times, in which
     * the fast times of the start weigh little). Drift against it starts a new round.
     */
    @Override
    void exploit(ScanContext ctx) {
        if (ctx.activeMode() != current) return;
        ModeStats s = ctx.stats(current);
        if (!s.windowFull()) return;
        if (Double.isNaN(reference)) {
            unlevelled = capped(current, Double.isNaN(s.estimate()) ? s.recent() : Math.min(s.estimate(), s.recent()));
            if (s.measured() < (long) REFERENCE_WINDOWS * config.window()) return;
            reference = unlevelled;
            belowSince = -1;
            steadyCounted = s.measured();
            exploitedCounted = s.measured();
            level();
            checkRemembered(ctx);
            return;
        }
        if (current == levelledMode && s.measured() - steadyCounted >= config.window()) {
            steadySeconds += 1 / s.recent();
            steadyWindows++;
            steadyCounted = s.measured();
        }
        if (s.measured() - exploitedCounted >= config.window()) {
            exploited.computeIfAbsent(current, m -> new ScanRate()).add(s.recent());
            exploitedCounted = s.measured();
        }
        if (s.recent() >= (1 - config.delta()) * reference) {
            if (heldOff != null) ctx.note(String.format(Locale.ROOT, "%s back at %.1f slices/s: its slowdown passed", current, s.recent()));
            belowSince = -1;
            heldOff = null;
            return;
        }
        if (belowSince < 0) belowSince = s.measured();
        long slow = s.measured() - belowSince;
        if (slow < config.window()) return;
        boolean lasting = slow >= (long) REFERENCE_WINDOWS * config.window();
        if (heldOff != null) {
            // A round found heldOff faster than the current mode's trough, not than its rate over the scan: a slowdown
            // that outlasts the round is the mode's now, and what heldOff measured then decides without sampling again.
            if (!lasting) return;
            ScanMode to = heldOff;
            heldOff = null;
            if (heldOffRate > (1 + config.hysteresis()) * s.recent()) {
                ctx.note(String.format(Locale.ROOT, "%s at %.1f slices/s for %d windows after the round, below its reference %.1f:"
                        + " a lasting slowdown; exploit %s at the %.1f it measured", current, s.recent(), slow / config.window(),
                        reference, to, heldOffRate));
                known.put(current, capped(current, s.recent()));
                current = to;
                belowSince = -1;
                exploiting(ctx);
            } else {
                // not beaten: the level it runs at now is its reference, as after a round that measured it so
                ctx.note(String.format(Locale.ROOT, "%s at %.1f slices/s for %d windows after the round, not beaten by %s's %.1f;"
                        + " its reference is fixed again", current, s.recent(), slow / config.window(), to, heldOffRate));
                reference = Double.NaN;
                belowSince = -1;
            }
            return;
        }
        // Where every mode feeds the pipeline the same rows of a slice with the same kernels (over a storage node
        // with R), a slowdown of the data's (R passing a run of date-ordered slices) or of the machine's (the
        // CPUs they share) slows the others as much: they must beat what the current mode runs at without it.
        double against = model.rowsAlike() ? reference : s.recent();
        // Until the slowdown lasts, the others must also beat what the mode ran at over the scan: a window of 8 slices is
        // tens of ms, and on a loaded machine a mode's windows swing 4x around its rate (over a storage node, TPC-H Q6
        // unlimited: pushdown's from 85 to 350 slices/s; three rounds a scan, each keeping it, sampled pull-up at half its
        // rate; locally, SSB SF 10 q3.1: pushdown's from 62 to 690, and a round at each trough ran staging and direct,
        // remembered at a third and a fifth of it). A lasting one is the mode's rate now, against what the others may
        // gain from a phase change.
        double scan = scanRate(current);
        if (!lasting && scan > against) against = scan;
        if (rival(ctx, against, lasting ? reference / s.recent() : 1) == null) {
            // A slowdown for a few windows that leaves the current mode this far ahead of what the others ran at
            // is the data's (R passing a run of date-ordered slices) or the machine's, which slows every mode. One
            // that lasts may be a phase change that sped the others up (PhaseChangeTest's pushdown), by as much
            // as it slowed this one at most: it is sampled if that could make another mode win (not if the others
            // ran 20x slower, SSB q2.1's direct and staging against pushdown, whose samples cost twice the scan).
            if (!driftUnrivalled) {
                driftUnrivalled = true;
                ctx.note(String.format(Locale.ROOT, "%s at %.1f slices/s, below %.0f%% of its reference %.1f, but no other mode"
                        + " may beat %.1f; no round unless it lasts %d windows and another may win", current, s.recent(),
                        100 * (1 - config.delta()), reference, against, REFERENCE_WINDOWS));
            }
            return;
        }
        if (!resampleFits(ctx, s.recent())) return;
        ctx.note(String.format(Locale.ROOT, "drift on %s: recent %.1f < %.0f%% of reference %.1f slices/s; resampling",
                current, s.recent(), 100 * (1 - config.delta()), reference));
        driftRecent = s.recent();
        driftFrom = current;
        resampleAll(ctx);
    }

    /**
     * Notes which mode's reference the scan's figures are remembered against ({@link #close}): the
     * first one fixed after the first round (or the scan's start, if it did not sample).
     */
    private void level() {
        if (firstFigures == null) firstFigures = new EnumMap<>(Map.of(current, reference));
        if (!levelled) {
            levelledMode = current;
            levelledReference = reference;
        }
        levelled = true;
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
        if (Double.isNaN(remembered)) return;
        if (reference > REGIME_CHANGE * remembered) {
            // Measured in other conditions: the first scan of a process waits for the first reads and runs code the JIT
            // has not compiled, which every mode waits for alike (SSB SF 10 q3.1: 15-16 slices/s each, then 80 for direct
            // and 300 for pushdown once hot). Its ranking, and the others' figures relative to it, say nothing of this.
            if (!resampleFits(ctx, reference)) return;
            ctx.note(String.format(Locale.ROOT, "%s at %.1f slices/s, over %.0fx the %.1f remembered: the others' figures were"
                    + " measured in other conditions; resampling", current, reference, REGIME_CHANGE, remembered));
            firstFigures = null;
            driftRecent = reference;
            resampleAll(ctx);
            return;
        }
        if (reference >= (1 - config.delta()) * remembered) {
            // What earlier scans ran at over the whole scan is the steadier reference: a scan's start can run ahead.
            double now = reference;
            reference = Math.min(reference, remembered);
            recheckCold(ctx, remembered, now);
            return;
        }
        if (rival(ctx, reference) == null) {
            if (recheckCold(ctx, remembered, reference)) return;
            // Still ahead of what every other mode was remembered at: the remembered figure ran ahead (a
            // sample's, or levelled from one), not the mode behind. The scan remembers its reference instead.
            ctx.note(String.format(Locale.ROOT, "%s at %.1f slices/s, below %.0f%% of the %.1f remembered, but every other mode"
                    + " was remembered below %.0f%% of that; no round", current, reference, 100 * (1 - config.delta()), remembered,
                    100 * CLEARLY_WORSE));
            return;
        }
        if (!resampleFits(ctx, reference)) return;
        ctx.note(String.format(Locale.ROOT, "%s at %.1f slices/s, below %.0f%% of the %.1f remembered; resampling", current,
                reference, 100 * (1 - config.delta()), remembered));
        if (model.remote()) {
            // Only where the current mode is measured again after the others and capped (locally its reference stands
            // for it, and capping the others at their remembered figures would tie modes remembered at the same bound).
            sampleCaps = new EnumMap<>(ScanMode.class);
            for (Map.Entry<ScanMode, Double> e : startedFrom.entrySet()) {
                if (!startedCold.contains(e.getKey())) sampleCaps.put(e.getKey(), e.getValue());
            }
        }
        firstFigures = null; // the next scan starts from what this round measures
        driftRecent = reference; // as on drift: a mode bounded below the current one's rate is not sampled
        if (!model.remote()) currentCap = remembered;
        resampleAll(ctx);
    }

    /**
     * Samples once, against the current mode's reference, the modes remembered within {@link #REACH} of it that were
     * measured only cold: a round whose winner then ran more than {@link #COLD_RAISE} times faster than its sample
     * measured every mode before its reads were cached, and the others' ratios to it need not hold hot (SSB SF 10
     * q3.1: direct won at 57.1 slices/s against pushdown's 41.8, then ran at about 200, and every later scan started
     * in direct while pushdown, with R applied before the pipeline, runs twice as fast hot). What the round measures is
     * what the next scan starts from, no longer cold: one round per shape. The current mode is not sampled again: it
     * counts at {@code now}, the reference it measured (not lowered to the remembered figure, itself partly cold).
     * So are the modes the shape's first scan dropped on time where the cost model expected them no slower than the
     * winner, whatever their figure: a bound from the few slices they completed while cold, not a rate (SSB SF 10 q3.1 in a quiet bench process: pushdown dropped on time twice in
     * the first scan, remembered at 0.15 of direct, never sampled again, and nine scans ran direct at half its speed).
     * Returns whether the round starts.
     */
    private boolean recheckCold(ScanContext ctx, double remembered, double now) {
        if (startedCold.isEmpty() && startedUnmeasured.isEmpty()) return false;
        List<ScanMode> order = new ArrayList<>();
        for (ScanMode m : ctx.modes()) {
            Double r = startedFrom.get(m);
            if (m == current || r == null || cannotBeat(m, now)) continue;
            if (startedCold.contains(m) && r >= REACH * remembered || startedUnmeasured.contains(m)) order.add(m);
        }
        if (order.isEmpty() || !laterRoundFits(ctx, order.size())) return false;
        order.sort((a, b) -> Double.compare(startedFrom.get(b), startedFrom.get(a)));
        if (startedUnmeasured.stream().noneMatch(order::contains)) {
            ctx.note(String.format(Locale.ROOT, "%s remembered within %.0f%% of %s's %.1f slices/s, but measured only cold;"
                    + " sampling once", order, 100 * REACH, current, remembered));
        } else {
            ctx.note(String.format(Locale.ROOT, "%s remembered against %s's %.1f slices/s, but only cold or at what the shape's"
                    + " first scan gave it before dropping it on time; sampling once", order, current, remembered));
        }
        firstFigures = null; // the next scan starts from what this round measures
        driftRecent = now;
        order.add(current);
        sampleOrder = order;
        resample();
        return true;
    }

    /**
     * A mode other than the current one that may beat it running at {@code rate}: neither bounded
     * by the model at or below {@code rate} and the hysteresis ({@link #cannotBeat}) nor measured
     * ({@link #known}) below {@link #CLEARLY_WORSE} of it; null if none.
     */
    private ScanMode rival(ScanContext ctx, double rate) {
        return rival(ctx, rate, 1);
    }

    /** {@link #rival(ScanContext, double)} with the others' measured figures multiplied by {@code gain} (a phase change's at most). */
    private ScanMode rival(ScanContext ctx, double rate, double gain) {
        for (ScanMode m : ctx.modes()) {
            if (m == current || cannotBeat(m, rate)) continue;
            Double k = known.get(m);
            if (k == null || !(k * gain < CLEARLY_WORSE * rate)) return m;
        }
        return null;
    }

    /**
     * Whether a round from the current mode, running at {@code recent}, fits: it samples the other
     * modes but those the prior bounds so that they cannot beat {@code recent} ({@link #cannotBeat}), and takes
     * {@code recent} for the current one (measured over a whole window, not a sample's); like the
     * first round it takes at most {@code maxSampleFraction} of the scan, and at most half of what
     * is left, so that as much is exploited after it. A phase change halfway through 232 morsels
     * is found some 25 morsels later, with about 90 left: a round of one mode (23) fits.
     */
    private boolean resampleFits(ScanContext ctx, double recent) {
        int n = 0;
        for (ScanMode m : ctx.modes()) if (m != current && !cannotBeat(m, recent)) n++;
        boolean fits = laterRoundFits(ctx, n);
        if (!fits && !driftUnsampled) {
            long round = (long) n * perMode(ctx), remaining = ctx.totalSlices() - ctx.assignedSlices();
            driftUnsampled = true;
            ctx.note(String.format(Locale.ROOT, "%s at %.1f slices/s, below its reference, but a round of %d modes (%d slices) does"
                    + " not fit the %d left", current, recent, n, round, remaining));
        }
        return fits;
    }

    /** Whether a round of {@code n} modes besides the current one fits as {@link #resampleFits} says. */
    private boolean laterRoundFits(ScanContext ctx, int n) {
        long round = (long) n * perMode(ctx), remaining = ctx.totalSlices() - ctx.assignedSlices();
        return n > 0 && round <= config.maxSampleFraction() * ctx.totalSlices() && 2 * round <= remaining;
    }

    /** Every mode sampled again: the others by what they were last measured at (unmeasured first); the current one is not (see {@link #skip}). */
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
        if (!Double.isNaN(bound)) {
            r = Double.isNaN(r) ? bound : Math.min(r, bound);
            timedOut.add(m);
            // at most that: a rival only once the current mode runs below what it timed out against (not of every drift)
            known.put(m, capped(m, r));
        } else if (!Double.isNaN(r)) {
            timedOut.remove(m); // sampled again and measured (a shape's first round samples its first mode twice)
            known.put(m, capped(m, r));
        }
        if (!Double.isNaN(r)) measured.put(m, capped(m, r));
    }

    /**
     * {@code r}, measured of {@code m}, but no more than the prior's bound of it: a short sample
     * or the first windows can run ahead of what the link lets the mode sustain (a morsel of a
     * slice already loaded, the link's burst), and a figure above it would win the round, or be
     * the reference and remembered, for a mode that cannot keep it up.
     */
    private double capped(ScanMode m, double r) {
        double bound = model.bound(m);
        return Double.isNaN(bound) || Double.isNaN(r) ? r : Math.min(r, bound);
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
     * worth of morsels) drained ahead of it: then it is at least that much slower. The time counts
     * from {@code m}'s first completed slice: until then its pipeline is filling (pushdown's storage
     * side after a switch takes tens of ms, longer than a fast mode's deadline of 20 ms), and a
     * drop before it would measure the fill, not the mode. Its bound is also what it completed in
     * that time, plus one: where the earlier mode is many times faster, 80% of it says nothing, and
     * a later scan would take the dropped mode for a rival at every dip of the one it exploits
     * (TPC-H q02's partsupp at SF 10: direct and staging, cut at 80% of pushdown, sampled again at
     * nearly every scan on a loaded machine).
     */
    private boolean overdue(ScanContext ctx, ScanMode m, long now) {
        overdueBound = Double.NaN;
        if (filledAt < 0) {
            if (ctx.stats(m).completed() == 0) return false;
            filledAt = now;
            filledCompleted = ctx.stats(m).completed();
        }
        int k = ctx.warmupSlices();
        double morsels = k + (k + Math.max(1, config.window() / 2)) / CLEARLY_WORSE;
        double elapsed = (now - filledAt) / 1e9;
        for (int i = 0; i < sampleIndex; i++) {
            ScanMode earlier = sampleOrder.get(i);
            Double r = measured.get(earlier);
            if (r != null && elapsed > Math.max(morsels / r, ThroughputGuidedPolicy.MIN_OVERDUE_SECONDS)) {
                overdueBound = Math.min(CLEARLY_WORSE * r, (ctx.stats(m).completed() - filledCompleted + 1) / elapsed);
                ctx.note(String.format(Locale.ROOT, "%s dropped: %.1f ms without half a window (%.1f ms after filling), the time"
                        + " %s at %.1f slices/s needs for %.0f slices", m, (now - sampleStart) / 1e6, elapsed * 1e3, earlier, r, morsels));
                return true;
            }
        }
        return false;
    }

    @Override
    void exploiting(ScanContext ctx) {
        sampleCaps = null;
        currentCap = Double.NaN;
        firstAgainAt = -1; // the first round only
        if (firstFigures != null && levelledMode != null && current != levelledMode && roundStartedAt < ctx.totalSlices() / 2
                && measured.getOrDefault(current, 0.0) > (1 + config.hysteresis()) * levelledReference) {
            // A later round's winner beat the mode the figures are levelled against at its reference, not only at the
            // slowdown that started the round: what the scan started from ranked them wrong, and the next scan would
            // start in the loser again (SSB q3.1: direct, remembered from a cold first scan, at 80 slices/s; pushdown
            // measured at 317 on drift, and every later scan started in direct). This round is what it remembers.
            // Not a round in the scan's second half: it measured the modes on other data than the next scan starts
            // with. The phase-change query's drift round found pushdown at 1,838 morsels/s in the second half against
            // staging's reference of 1,320 in the first; remembered as the best, pushdown started the next scan's first
            // half at 344, and the scans alternated between the two (docs/benchmarks.md, round 19).
            firstFigures = null;
            startedFrom = null;
        }
        if (firstFigures == null) {
            firstFigures = new EnumMap<>(measured);
            // a bound, not a rate: a mode remembered before keeps that figure (ScanMemory merges); one never measured takes it
            Map<ScanMode, Double> before = coordinator.memory().get(shape);
            // (unless it was measured only cold: a bound measured now says more than a figure scaled from that)
            Set<ScanMode> cold = coordinator.memory().cold(shape);
            // (nor a bound: dropped on time again, now hot, the mode is slower than that, and is not sampled once more)
            Set<ScanMode> bounds = coordinator.memory().unmeasured(shape);
            if (before != null) {
                firstFigures.keySet().removeIf(m -> timedOut.contains(m) && before.containsKey(m) && !cold.contains(m)
                        && !bounds.contains(m));
            }
            unmeasured.clear();
            if (firstOfShape) {
                // Only where the cost model expected it no slower than the winner: a mode it expected behind, dropped on time,
                // is as expected (TPC-H q02's partsupp: direct and staging at 1/20 of pushdown), and a round would only cost.
                for (ScanMode m : timedOut) if (model.of(m) >= model.of(current)) unmeasured.add(m);
            }
            levelled = false;
            levelledMode = null;
            steadySeconds = 0;
            steadyWindows = 0;
        }
        exploitedCounted = ctx.stats(current).measured();
        ScanMode from = driftFrom;
        driftFrom = null;
        driftRecent = Double.NaN;
        heldOff = null;
        if (from == current && model.remote()) {
            // Kept on its rate over the scan against a faster sample: its slowdown is counted again from here against
            // the same reference, and the mode that beat its trough is taken if the slowdown lasts.
            double now = measured.getOrDefault(current, Double.NaN);
            for (ScanMode m : sampleOrder) {
                Double r = measured.get(m);
                if (m != current && !timedOut.contains(m) && r != null && r > (1 + config.hysteresis()) * now
                        && (heldOff == null || r > heldOffRate)) {
                    heldOff = m;
                    heldOffRate = r;
                }
            }
        }
        if (heldOff != null) {
            ctx.note(String.format(Locale.ROOT, "keeping %s at %.1f slices/s over the scan: %s's %.1f beats its %.1f now, a trough"
                    + " unless it lasts %d windows", current, scanRate(current), heldOff, heldOffRate, measured.get(current),
                    REFERENCE_WINDOWS));
            belowSince = ctx.stats(current).measured();
            steadyCounted = exploitedCounted;
            return;
        }
        reference = Double.NaN;
    }

    /**
     * Releases the sampling turn; remembers what the scan measured first (a phase change later in
     * the scan is for drift to find again, not for the next scan to start from). The exploited
     * mode's figure is what it ran at over the scan, not its sample nor its reference: both are
     * taken early, and a sample runs ahead (150,000 morsels/s at a scan's start; direct's on cached
     * slices with the output queue's slack, 229,034 slices/s sampled on SSB q3.2 against 1,625
     * sustained), as the start of date-ordered data with R on the date can (q3.2's pushdown: 3,721
     * against 1,790 to 1,941 later). The others' samples lost the round, and are remembered at most at
     * {@link #CLEARLY_WORSE} of that figure; not scaled by how far the winner's sample ran ahead,
     * which says nothing of theirs (scaled by 1/141, q3.2's pushdown was remembered at nothing
     * against direct and never sampled again). Raised by as much as the winner's sample fell short of
     * that figure: each loser at its sample's ratio to the winner's sample.
     * A scan that started from remembered figures and sampled nothing keeps the others' ratios to
     * its mode: it ran slower or faster than remembered with the machine or the data, as they would
     * have (else a loaded run lowers the winner alone, and the next scan takes the others for rivals
     * and samples modes 20x slower: SSB q2.1's direct and staging).
     */
    /** Throughput over windows: their count over the sum of their seconds per slice. */
    private static final class ScanRate {
        private double seconds;
        private int windows;

        void add(double rate) {
            seconds += 1 / rate;
            windows++;
        }

        double rate() {
            return windows / seconds;
        }
    }

    @Override
    public void close() {
        super.close();
        if (shape == null) return;
        if (firstFigures == null && startedFrom == null && !Double.isNaN(unlevelled)) {
            // One mode, no round, too short for a reference: what it ran at is still a measurement, which makes the
            // next scan's prior a remembered one (the model's other modes scaled to it) instead of the model alone.
            firstFigures = new EnumMap<>(Map.of(current, unlevelled));
        }
        if (firstFigures == null) return;
        Set<ScanMode> cold = EnumSet.noneOf(ScanMode.class);
        if (levelledMode != null) {
            double sustained = capped(levelledMode, steadyWindows > 0 ? steadyWindows / steadySeconds : levelledReference);
            Double sampled = firstFigures.get(levelledMode);
            // Raised by as much as the winner ran faster over the scan than in its sample: the others were sampled in the
            // same conditions (SSB SF 10 q3.1's cold first round: direct 57.1, pushdown 41.8; raised only to direct's
            // reference, still cold, pushdown was remembered at 0.20 of what direct ran at, and never sampled again).
            double raise = sampled == null || !(sampled > 0) ? 1 : Math.max(1, sustained / sampled);
            firstFigures.replaceAll((m, r) -> m == levelledMode ? sustained : Math.min(r * raise, CLEARLY_WORSE * sustained));
            firstFigures.put(levelledMode, sustained);
            // The losers are measured cold when the winner ran more than COLD_RAISE faster than its sample, and in a
            // shape's first rounds in a process, which run while the JIT still compiles the code each mode runs, the
            // losers' as much as the winner's (SSB SF 10 q3.1 served by its workers: pushdown sampled at
            // 255, 378 and 563 slices/s in the first three scans against direct's 470, then ran at 1,150-1,300, and a
            // process whose third scan remembered direct ahead ran direct at a third of that).
            if (raise > COLD_RAISE || firstFigures.size() > 1 && coordinator.memory().young(shape)) {
                for (ScanMode m : firstFigures.keySet()) if (m != levelledMode) cold.add(m);
            }
            Double was = startedFrom == null ? null : startedFrom.get(levelledMode);
            if (firstFigures.size() == 1 && was != null && was > 0) {
                for (Map.Entry<ScanMode, Double> e : startedFrom.entrySet()) {
                    if (e.getKey() == levelledMode) continue;
                    firstFigures.put(e.getKey(), capped(e.getKey(), e.getValue() * sustained / was));
                    if (startedCold.contains(e.getKey())) cold.add(e.getKey()); // its ratio kept: as cold as before
                    if (startedUnmeasured.contains(e.getKey())) unmeasured.add(e.getKey()); // and still a bound
                }
            }
        }
        coordinator.memory().put(shape, firstFigures, cold, unmeasured);
    }
}
