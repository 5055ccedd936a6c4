package io.ascan.scan.adaptive;

import io.ascan.scan.ScanMode;
import io.ascan.scan.ScanReport;
import io.ascan.scan.abm.CScan;
import io.ascan.scan.abm.SliceLease;
import io.ascan.format.SliceMeta;
import io.ascan.scan.policy.ModePolicy;
import io.ascan.scan.policy.ModeStats;
import io.ascan.scan.policy.ScanContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The AdaptiveScan's control loop (A-Scan paper IV-C): for each slice, it refreshes the routing
 * context, asks the policy for a mode and enqueues the slice on that mode's input queue, blocking
 * while the queue is full. Each slice is assigned exactly once: in scan order, or, for a scan
 * registered with the Active Buffer Manager, in the order its {@link CScan} hands them out. A change of mode
 * activates the mode in the {@link ThroughputTracker} (new epoch, warm-up restarts) and is
 * recorded with the policy's notes as its reason. Runs on one thread; closes every input queue
 * when it stops, however it stops.
 */
public final class Scheduler implements ScanContext {
    private final List<SliceMeta> slices;
    private final List<ScanMode> modes;
    private final ModePolicy policy;
    private final Map<ScanMode, InputQueue> inputs;
    private final ThroughputTracker tracker;
    private final ScanFigures figures;
    private final List<String> pending = new ArrayList<>();
    private ScanMode active;
    private long assigned;
    private volatile boolean stopped;
    private final LongSupplier clock;
    private CScan cscan;
    /** The policy clock's time spent waiting for the ABM to make a slice ready: that clock stops meanwhile. */
    private volatile long abmWaitNanos;
    private CScan.Check cancelled = () -> { };

    /**
     * @param modes  the modes this scan runs (the policy's choices must be among them), in sampling order
     * @param inputs one input queue per mode
     */
    public Scheduler(List<SliceMeta> slices, List<ScanMode> modes, ModePolicy policy, Map<ScanMode, InputQueue> inputs,
                     ThroughputTracker tracker, ScanFigures figures) {
        this(slices, modes, policy, inputs, tracker, figures, System::nanoTime);
    }

    /** @param clock the policy's clock ({@link #nanoTime()}): the wall clock, or the emulated link's */
    public Scheduler(List<SliceMeta> slices, List<ScanMode> modes, ModePolicy policy, Map<ScanMode, InputQueue> inputs,
                     ThroughputTracker tracker, ScanFigures figures, LongSupplier clock) {
        this.clock = clock;
        this.slices = slices;
        this.modes = List.copyOf(modes);
        this.policy = policy;
        this.inputs = inputs;
        this.tracker = tracker;
        this.figures = figures;
    }

    /**
     * Takes the slices from {@code cscan} in the order the ABM serves them instead of in scan
     * order; {@code cancelled} runs while it waits (it throws when the query is cancelled).
     */
    public void cooperate(CScan cscan, CScan.Check cancelled) {
        this.cscan = cscan;
        this.cancelled = cancelled;
    }

    /** Assigns no further slice: the pipeline needs no more rows (a LIMIT is satisfied). */
    public void stop() {
        stopped = true;
        if (cscan != null) cscan.stop();
    }

    /** Assigns every slice (until {@link #stop()}); returns when the last one is enqueued. */
    public void run() throws Exception {
        try {
            if (cscan != null) {
                runCooperative();
                return;
            }
            for (int i = 0; i < slices.size() && !stopped; i++) {
                SliceAssignment a = assign(i);
                inputs.get(a.mode()).put(a);
            }
            if (!stopped) assigned = slices.size();
        } finally {
            for (InputQueue q : inputs.values()) q.close();
        }
    }

    private void runCooperative() throws Exception {
        long i = 0;
        while (!stopped) {
            long waitStart = clock.getAsLong();
            SliceLease l = cscan.next(cancelled);
            abmWaitNanos += clock.getAsLong() - waitStart;
            if (l == null) break;
            try {
                SliceAssignment a = assign(i++, l.slice(), l);
                inputs.get(a.mode()).put(a);
            } catch (InterruptedException | RuntimeException e) {
                l.close();
                throw e;
            }
        }
        if (!stopped) assigned = slices.size();
    }

    /**
     * Slice {@code i}'s mode, as the policy chooses it now, with the switch it makes recorded.
     * {@link #run()} enqueues it; a scan small enough to run on its caller's thread materializes
     * it there (and calls this in slice order, then {@link #finished()}).
     */
    public SliceAssignment assign(int i) {
        return assign(i, slices.get(i), null);
    }

    private SliceAssignment assign(long i, SliceMeta slice, SliceLease lease) {
        assigned = i;
        pending.clear();
        ScanMode m = policy.selectMode(this);
        if (!inputs.containsKey(m)) {
            throw new IllegalStateException("policy " + policy.name() + " chose " + m + ", which this scan does not run "
                    + "(modes: " + modes + ")");
        }
        long now = figures.now();
        if (m != active) {
            tracker.activate(m);
            String reason = pending.isEmpty() ? "chosen by the " + policy.name() + " policy" : String.join("; ", pending);
            figures.switched(new ScanReport.Switch(i, now, active, m, reason));
            active = m;
        }
        figures.assigned(i, now, m, policy.sampledSlices());
        return new SliceAssignment(i, slice, m, tracker.epoch(m), lease);
    }

    /** Every slice was assigned through {@link #assign} (the caller ran the scan itself). */
    public void finished() {
        assigned = slices.size();
    }

    @Override
    public List<ScanMode> modes() {
        return modes;
    }

    @Override
    public long totalSlices() {
        return slices.size();
    }

    @Override
    public long assignedSlices() {
        return assigned;
    }

    @Override
    public ScanMode activeMode() {
        return active;
    }

    @Override
    public ModeStats stats(ScanMode mode) {
        return tracker.stats(mode);
    }

    @Override
    public int warmupSlices() {
        return tracker.warmup();
    }

    /**
     * The policy's clock, stopped while the scan waits for the ABM: a wait for a shared load is not
     * the active mode's doing, so it must not use up a sampling round's time limits (the slice
     * times the throughput signal is made of exclude it already: they start at dequeue).
     */
    @Override
    public long nanoTime() {
        return clock.getAsLong() - abmWaitNanos;
    }

    @Override
    public boolean inputQueueFull(ScanMode mode) {
        InputQueue q = inputs.get(mode);
        return q == null || q.full();
    }

    @Override
    public void note(String event) {
        pending.add(event);
        figures.note(assigned, figures.now(), event);
    }
}
