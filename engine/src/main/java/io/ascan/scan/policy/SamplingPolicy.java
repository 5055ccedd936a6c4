package io.ascan.scan.policy;

import io.ascan.scan.SamplingCoordinator;
import io.ascan.scan.ScanMode;
import java.util.List;
import java.util.Locale;

/**
 * The sample-exploit-resample loop the adaptive policies share (A-Scan paper III-D): a round samples
 * the modes of {@link #sampleOrder} one at a time, each until the policy says its sample is done,
 * then exploits the best measured one (keeping the mode it resampled from unless another beats it by
 * more than {@code hysteresis}); exploiting, the policy decides when to sample again. A round needs
 * the {@link SamplingCoordinator}'s turn; without it the scan stays in its current mode and asks
 * again on the next slice. What differs per policy: how a scan starts, which modes a round samples
 * in which order, when a sample is done, what a mode measured, and what ends exploiting.
 */
abstract sealed class SamplingPolicy implements ModePolicy permits PriorGuidedPolicy, ThroughputGuidedPolicy {
    enum Phase { START, WAITING, SAMPLING, EXPLOITING }

    final PolicyConfig config;
    final SamplingCoordinator coordinator;
    Phase phase = Phase.START;
    /** The modes of the current (or next) round, in the order it samples them. */
    List<ScanMode> sampleOrder;
    int sampleIndex;
    /** {@link ScanContext#nanoTime()} when the mode being sampled was switched to. */
    long sampleStart;
    /** The mode exploited, or the one the scan starts in. */
    ScanMode current;
    /** The mode exploited before this round, or null: the scan's first round. */
    ScanMode beforeResampling;
    /** The measurement count at which the exploited mode's throughput fell below the drift threshold; -1 when it is not. */
    long belowSince = -1;
    private long sampledSlices;

    SamplingPolicy(PolicyConfig config, SamplingCoordinator coordinator) {
        this.config = config;
        this.coordinator = coordinator;
    }

    @Override
    public final ScanMode selectMode(ScanContext ctx) {
        if (phase == Phase.START) start(ctx);
        if (phase == Phase.EXPLOITING) exploit(ctx);
        if (phase == Phase.WAITING) {
            if (!coordinator.tryAcquire(this)) return current;
            phase = Phase.SAMPLING;
            sampleIndex = 0;
            sampleStart = ctx.nanoTime();
            roundStarts(ctx);
        }
        if (phase == Phase.SAMPLING) {
            long now = ctx.nanoTime();
            if (!skipAhead(ctx)) {
                finishSampling(ctx);
                return current;
            }
            ScanMode m = sampleOrder.get(sampleIndex);
            if (ctx.activeMode() == m && sampleDone(ctx, m, now)) {
                sampled(ctx, m, ++sampleIndex < sampleOrder.size() ? sampleOrder.get(sampleIndex) : null);
                if (!skipAhead(ctx)) {
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

    /** The scan's first slice: sets {@link #current} and the phase, EXPLOITING or WAITING (for a round of {@link #sampleOrder}). */
    abstract void start(ScanContext ctx);

    /** Called for every slice while exploiting {@link #current}: may start a round ({@link #resample()}). */
    abstract void exploit(ScanContext ctx);

    /** A round got the sampling turn and starts now (sets {@link #sampleOrder} if not set yet). */
    abstract void roundStarts(ScanContext ctx);

    /** Whether the sample of {@code m}, the active mode, is done. */
    abstract boolean sampleDone(ScanContext ctx, ScanMode m, long now);

    /**
     * Moves past the modes of the round that {@link #skip} rules out (never the active one).
     * Returns whether a mode is left to sample.
     */
    private boolean skipAhead(ScanContext ctx) {
        while (sampleIndex < sampleOrder.size()) {
            ScanMode m = sampleOrder.get(sampleIndex);
            if (ctx.activeMode() == m || !skip(ctx, m)) return true;
            sampleIndex++;
        }
        return false;
    }

    /** Whether the round need not sample {@code m}, the next in its order: it cannot beat what was measured. */
    boolean skip(ScanContext ctx, ScanMode m) {
        return false;
    }

    /** The sample of {@code m} is done; {@code next} is sampled next (unless skipped), or null: the round ends. */
    void sampled(ScanContext ctx, ScanMode m, ScanMode next) {}

    /** What {@code m} was measured at in this round, in slices per second; NaN: not measured. */
    abstract double rate(ScanContext ctx, ScanMode m);

    /** The round ended and {@link #current} is exploited from now on. */
    void exploiting(ScanContext ctx) {}

    /** Samples again, once the sampling turn is free; the current mode is kept unless beaten by more than the hysteresis. */
    final void resample() {
        beforeResampling = current;
        phase = Phase.WAITING;
    }

    private void finishSampling(ScanContext ctx) {
        ScanMode best = null;
        double bestRate = -1;
        StringBuilder rates = new StringBuilder();
        for (ScanMode m : ctx.modes()) {
            if (!sampleOrder.contains(m)) continue;
            double r = rate(ctx, m);
            rates.append(String.format(Locale.ROOT, " %s=%.1f", m, r));
            if (!Double.isNaN(r) && r > bestRate) {
                best = m;
                bestRate = r;
            }
        }
        if (best == null) best = current == null ? ctx.modes().getFirst() : current;
        String reason = "best of" + rates + " slices/s";
        if (beforeResampling != null && best != beforeResampling) {
            double previous = rate(ctx, beforeResampling);
            if (!Double.isNaN(previous) && bestRate <= previous * (1 + config.hysteresis())) {
                reason = String.format(Locale.ROOT, "keeping %s: %s is within the %.0f%% hysteresis (%s)", beforeResampling, best,
                        100 * config.hysteresis(), rates.toString().trim());
                best = beforeResampling;
            }
        }
        ctx.note("exploit " + best + ": " + reason);
        current = best;
        beforeResampling = null;
        belowSince = -1;
        phase = Phase.EXPLOITING;
        coordinator.release(this);
        exploiting(ctx);
    }

    /** Slices assigned while sampling, for the sampling fraction statistic. */
    @Override
    public final long sampledSlices() {
        return sampledSlices;
    }

    @Override
    public void close() {
        coordinator.release(this);
    }

    @Override
    public final String name() {
        return "adaptive";
    }
}
