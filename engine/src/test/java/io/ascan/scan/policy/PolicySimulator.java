package io.ascan.scan.policy;

import io.ascan.scan.ScanMode;
import io.ascan.scan.adaptive.ThroughputTracker;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Predicate;

/**
 * Drives a {@link ModePolicy} with a scripted throughput trace: slices are assigned one by one and
 * complete {@code lag} assignments later (slices in flight), each taking 1/rate seconds with
 * multiplicative uniform noise, one after another: the simulated clock advances by each slice's time
 * as it completes (one worker per mode, only the active mode's slices in flight). Records the mode of every slice and the policy's notes.
 */
final class PolicySimulator implements ScanContext {
    /** Rate of a mode in slices/s at a slice, given completions since the mode's activation. */
    interface Trace {
        double rate(ScanMode mode, long slice, long sinceActivation);
    }

    private record InFlight(ScanMode mode, long epoch, long slice, long sinceActivation) {}

    final List<ScanMode> modes;
    final long total;
    final int warmup;
    final int lag;
    final double noise;
    final ModePolicy policy;
    final Trace trace;
    final ThroughputTracker tracker;
    final SplittableRandom random = new SplittableRandom(42);
    final List<ScanMode> assigned = new ArrayList<>();
    final List<String> notes = new ArrayList<>();
    final List<Long> noteSlices = new ArrayList<>();
    Predicate<ScanMode> queueFull = m -> false;
    private final ArrayDeque<InFlight> inFlight = new ArrayDeque<>();
    private final Map<ScanMode, Long> completedSinceActivation = new EnumMap<>(ScanMode.class);
    private ScanMode active;
    private long step;
    private long clock; // simulated nanoseconds

    PolicySimulator(ModePolicy policy, long total, int warmup, int lag, double noise, PolicyConfig config, Trace trace) {
        this(policy, List.of(ScanMode.values()), total, warmup, lag, noise, config, trace);
    }

    /** A scan offering {@code modes} only (over a storage node: direct and pushdown). */
    PolicySimulator(ModePolicy policy, List<ScanMode> modes, long total, int warmup, int lag, double noise, PolicyConfig config,
                    Trace trace) {
        this.modes = List.copyOf(modes);
        this.policy = policy;
        this.total = total;
        this.warmup = warmup;
        this.lag = lag;
        this.noise = noise;
        this.trace = trace;
        Map<ScanMode, Integer> workers = new EnumMap<>(ScanMode.class);
        for (ScanMode m : modes) workers.put(m, 1);
        this.tracker = new ThroughputTracker(workers, warmup, config.window(), config.alpha());
    }

    /** Assigns the next slice; returns false when the scan is done. */
    boolean step() {
        if (step == total) {
            while (!inFlight.isEmpty()) complete();
            policy.close();
            return false;
        }
        ScanMode m = policy.selectMode(this);
        if (m != active) {
            tracker.activate(m);
            completedSinceActivation.put(m, 0L);
            active = m;
        }
        inFlight.add(new InFlight(m, tracker.epoch(m), step, completedSinceActivation.get(m)));
        completedSinceActivation.merge(m, 1L, Long::sum);
        assigned.add(m);
        step++;
        if (inFlight.size() > lag) complete();
        return true;
    }

    PolicySimulator run() {
        while (step()) { /* until done */ }
        return this;
    }

    private void complete() {
        InFlight f = inFlight.poll();
        double rate = trace.rate(f.mode, f.slice, f.sinceActivation);
        double jitter = 1 + noise * (2 * random.nextDouble() - 1);
        long nanos = (long) (1e9 / rate * jitter);
        clock += nanos;
        tracker.record(f.mode, f.epoch, 0, nanos);
    }

    long count(ScanMode m, long from, long to) {
        long n = 0;
        for (long i = from; i < to; i++) if (assigned.get((int) i) == m) n++;
        return n;
    }

    long notesContaining(String s) {
        return notes.stream().filter(n -> n.contains(s)).count();
    }

    @Override public List<ScanMode> modes() { return modes; }
    @Override public long totalSlices() { return total; }
    @Override public long assignedSlices() { return step; }
    @Override public ScanMode activeMode() { return active; }
    @Override public ModeStats stats(ScanMode mode) { return tracker.stats(mode); }
    @Override public int warmupSlices() { return warmup; }
    @Override public long nanoTime() { return clock; }
    @Override public boolean inputQueueFull(ScanMode mode) { return queueFull.test(mode); }

    @Override
    public void note(String event) {
        notes.add(event);
        noteSlices.add(step);
    }
}
