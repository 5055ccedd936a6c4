package io.ascan.scan.policy;

import io.ascan.scan.SamplingCoordinator;
import io.ascan.scan.ScanMode;
import java.util.List;
import java.util.Locale;

/**
 * The A-Scan policy (paper III-D, IV-D): sample each mode in isolation, exploit the one with the
 * highest end-to-end throughput, and resample when its recent throughput drifts more than
 * {@code delta} below its estimate.
 *
 * <ul>
 *   <li>SAMPLING: modes one at a time, the active one last; a mode's sample ends when it has the budget's
 *       number of measurements after warm-up (completions, not assignments, so slices still in
 *       flight are waited for rather than cut off), or early, once it has a full window and runs
 *       at less than {@link #DOMINATED} of a mode sampled before it in the round: more slices
 *       would only confirm a loss, at that mode's price. A mode far slower than that is cut on time
 *       already, before its window fills (see {@link #overdue}). The order does not change which mode
 *       wins, only what the round costs, so the first round starts with the mode the scan
 *       expects to win (pushdown when there is something to push down), which lets it cut the
 *       others short.</li>
 *   <li>EXPLOITING: every slice to the best mode; drift is a recent throughput more than delta below
 *       the estimate for a whole window of measurements.</li>
 *   <li>Resampling only while a round stays within {@code maxSampleFraction} of the slices still
 *       to assign (the bound the first round has on the whole scan: on a short scan, a round of
 *       slower modes costs more than a late switch can win back), and with hysteresis: the
 *       previous mode is kept unless the best alternative beats it by more than
 *       {@code hysteresis}.</li>
 *   <li>Sampling needs the {@link SamplingCoordinator}'s turn; without it the scan stays in its
 *       current mode (the first mode before any sample) and asks again on the next slice.</li>
 * </ul>
 */
public final class ThroughputGuidedPolicy extends SamplingPolicy {
    /** A mode sampled at less than this fraction of an earlier mode's throughput in the round is cut short. */
    public static final double DOMINATED = 0.5;

    /**
     * A mode is never cut on time before this long: its first slices may run a variant the JIT has
     * not compiled yet, which on a fast scan (tens of microseconds per slice) outlasts the bound.
     */
    static final double MIN_OVERDUE_SECONDS = 0.020;

    private final ScanMode sampleFirst;
    private final ScanMode unsampledStart;
    private SamplingBudget budget;

    public ThroughputGuidedPolicy(PolicyConfig config, SamplingCoordinator coordinator) {
        this(config, coordinator, null);
    }

    /** @param sampleFirst the mode the first round samples first (expected to win), or null: the scan's order */
    public ThroughputGuidedPolicy(PolicyConfig config, SamplingCoordinator coordinator, ScanMode sampleFirst) {
        this(config, coordinator, sampleFirst, null);
    }

    /**
     * @param unsampledStart the mode a scan too short to sample runs in (the scan's estimate of
     *     the winner), or null: the first of the scan's modes
     */
    public ThroughputGuidedPolicy(PolicyConfig config, SamplingCoordinator coordinator, ScanMode sampleFirst,
                                  ScanMode unsampledStart) {
        super(config, coordinator);
        this.sampleFirst = sampleFirst;
        this.unsampledStart = unsampledStart;
    }

    @Override
    public boolean mayChange(int modes, long units, int warmup) {
        return SamplingBudget.of(config, units, modes, warmup).sample();
    }

    @Override
    void start(ScanContext ctx) {
        List<ScanMode> modes = ctx.modes();
        budget = SamplingBudget.of(config, ctx.totalSlices(), modes.size(), ctx.warmupSlices());
        current = modes.getFirst();
        if (!budget.sample()) {
            if (unsampledStart != null && modes.contains(unsampledStart)) current = unsampledStart;
            ctx.note(String.format(Locale.ROOT, "no sampling: %d slices cannot fit %d modes x (warm-up %d + window %d)"
                    + " within %.0f%% of the scan; using %s%s", ctx.totalSlices(), modes.size(), ctx.warmupSlices(),
                    config.window(), 100 * config.maxSampleFraction(), current,
                    current == unsampledStart ? " (the scan's estimate)" : ""));
            phase = Phase.EXPLOITING;
            return;
        }
        phase = Phase.WAITING;
    }

    @Override
    void exploit(ScanContext ctx) {
        if (!driftedEnough(ctx)) return;
        ModeStats s = ctx.stats(current);
        ctx.note(String.format(Locale.ROOT, "drift on %s: recent %.1f < %.0f%% of estimate %.1f slices/s; resampling",
                current, s.recent(), 100 * (1 - config.delta()), s.estimate()));
        resample();
    }

    @Override
    void roundStarts(ScanContext ctx) {
        sampleOrder = samplingOrder(ctx.modes(), ctx.activeMode(), sampleFirst);
        ctx.note("sampling " + sampleOrder + ", " + budget.perMode() + " slices each");
    }

    @Override
    boolean sampleDone(ScanContext ctx, ScanMode m, long now) {
        return ctx.stats(m).measured() >= budget.measurementsPerMode(ctx.warmupSlices()) || dominated(ctx, m) || overdue(ctx, m, now);
    }

    @Override
    void sampled(ScanContext ctx, ScanMode m, ScanMode next) {
        if (next == null) return;
        double rate = ctx.stats(m).throughput();
        ctx.note(Double.isNaN(rate) ? m + " unmeasured; next " + next
                : String.format(Locale.ROOT, "%s sampled at %.1f slices/s; next %s", m, rate, next));
    }

    @Override
    double rate(ScanContext ctx, ScanMode m) {
        return ctx.stats(m).throughput();
    }

    /**
     * The active mode goes last: its statistics restart only when it is activated again, and a
     * sample must not mix in measurements from before the round. Before any mode ran, {@code first}
     * (if given) goes first.
     */
    private static List<ScanMode> samplingOrder(List<ScanMode> modes, ScanMode active, ScanMode first) {
        List<ScanMode> order = new java.util.ArrayList<>(modes);
        if (active != null && modes.contains(active)) {
            order.remove(active);
            order.add(active);
        } else if (first != null && modes.contains(first)) {
            order.remove(first);
            order.addFirst(first);
        }
        return order;
    }

    /**
     * Whether mode {@code m}, with a full window measured, runs at less than {@link #DOMINATED} of
     * a mode sampled earlier in this round; notes the cut.
     */
    private boolean dominated(ScanContext ctx, ScanMode m) {
        ModeStats s = ctx.stats(m);
        if (!s.windowFull()) return false;
        for (int i = 0; i < sampleIndex; i++) {
            ScanMode earlier = sampleOrder.get(i);
            double best = ctx.stats(earlier).throughput();
            if (!Double.isNaN(best) && s.throughput() < DOMINATED * best) {
                ctx.note(String.format(Locale.ROOT, "%s cut short: %.1f < %.0f%% of %s's %.1f slices/s", m, s.throughput(),
                        100 * DOMINATED, earlier, best));
                return true;
            }
        }
        return false;
    }

    /**
     * Whether mode {@code m} is still short of a full window after far longer than it would need
     * at {@link #DOMINATED} of an earlier mode's measured throughput {@code r}: waiting for its
     * window would only confirm the loss at its price (on selective star joins a mode that moves
     * every row can be 10-20x slower than pushdown). At {@code DOMINATED r}, m fills warm-up plus
     * window ({@code k + w} completions) within {@code (k + w) / (DOMINATED r)} once the earlier
     * mode's backlog (at most k slices in flight or queued, {@code k / r}) has drained ahead of
     * it; the bound is their sum. Notes the cut.
     */
    private boolean overdue(ScanContext ctx, ScanMode m, long now) {
        if (ctx.stats(m).windowFull()) return false; // measured: dominated() decides
        int k = ctx.warmupSlices();
        double slices = k + (k + config.window()) / DOMINATED;
        double elapsed = (now - sampleStart) / 1e9;
        for (int i = 0; i < sampleIndex; i++) {
            ScanMode earlier = sampleOrder.get(i);
            double r = ctx.stats(earlier).throughput();
            if (!Double.isNaN(r) && elapsed > Math.max(slices / r, MIN_OVERDUE_SECONDS)) {
                ctx.note(String.format(Locale.ROOT, "%s cut short: no full window after %.1f ms, the time %s at %.1f"
                        + " slices/s needs for %.0f slices", m, elapsed * 1e3, earlier, r, slices));
                return true;
            }
        }
        return false;
    }

    /**
     * Drift counts once the recent throughput has stayed more than delta below the estimate for a
     * whole window of new measurements: a stall shorter than that (a pause, a burst of other work
     * on the machine) is noise, a phase change is not.
     */
    private boolean driftedEnough(ScanContext ctx) {
        if (!budget.sample() || ctx.activeMode() != current) return false; // too short a scan for any round
        ModeStats s = ctx.stats(current);
        if (!s.windowFull() || Double.isNaN(s.estimate()) || s.recent() >= (1 - config.delta()) * s.estimate()) {
            belowSince = -1;
            return false;
        }
        if (belowSince < 0) belowSince = s.measured();
        if (s.measured() - belowSince < config.window()) return false;
        long remaining = ctx.totalSlices() - ctx.assignedSlices();
        return budget.roundSlices(ctx.modes().size()) <= config.maxSampleFraction() * remaining;
    }
}
