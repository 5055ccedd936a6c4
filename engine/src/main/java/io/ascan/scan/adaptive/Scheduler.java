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
 * The AdaptiveScan's control loop (A-Scan paper IV-C): for each {@link Morsel}, it refreshes the
 * routing context, asks the policy for a mode and enqueues the morsel on that mode's input queue,
 * blocking while the queue is full. Each morsel is assigned exactly once: slices in scan order (the
 * morsels of a few slices at a time taking turns, {@link Morsel#interleaved}), or, for a scan
 * registered with the Active Buffer Manager, slice by slice in the order its {@link CScan} hands
 * them out. The policy's "slices" are morsels. A change of mode
 * activates the mode in the {@link ThroughputTracker} (new epoch, warm-up restarts) and is
 * recorded with the policy's notes as its reason. Runs on one thread; closes every input queue
 * when it stops, however it stops.
 */
public final class Scheduler implements ScanContext {
    private final List<SliceMeta> slices;
    private final int morselRows;
    /** The morsels in assignment order, for a scan that reads on its own. */
    private final List<Morsel> morsels;
    private final long totalMorsels;
    /** Per mode, the slices it serves morsels from; empty when every slice is one morsel. */
    private final Map<ScanMode, LoadedSlices> loaded;
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
        this(slices, modes, policy, inputs, tracker, figures, clock, 0, Map.of(), 1);
    }

    /**
     * @param morselRows rows per morsel ({@link Morsel#split}; 0: whole slices)
     * @param loaded     per mode, where it loads the slices it serves morsels from (needed when morselRows &gt; 0)
     * @param interleave slices whose morsels take turns (the most workers a mode has)
     */
    public Scheduler(List<SliceMeta> slices, List<ScanMode> modes, ModePolicy policy, Map<ScanMode, InputQueue> inputs,
                     ThroughputTracker tracker, ScanFigures figures, LongSupplier clock, int morselRows,
                     Map<ScanMode, LoadedSlices> loaded, int interleave) {
        this.clock = clock;
        this.slices = slices;
        this.morselRows = morselRows;
        this.morsels = Morsel.interleaved(slices, morselRows, interleave);
        this.totalMorsels = morsels.size();
        this.loaded = loaded;
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
            for (int i = 0; i < morsels.size() && !stopped; i++) {
                SliceAssignment a = assign(i, morsels.get(i), null);
                inputs.get(a.mode()).put(a);
            }
            if (!stopped) assigned = totalMorsels;
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
            List<Morsel> split = Morsel.split(l.slice(), morselRows);
            SliceAssignment.Claim claim = new SliceAssignment.Claim(l, split.size());
            try {
                for (Morsel m : split) {
                    SliceAssignment a = assign(i++, m, claim);
                    inputs.get(a.mode()).put(a);
                }
            } catch (InterruptedException | RuntimeException e) {
                claim.abandon();
                throw e;
            }
        }
        if (!stopped) assigned = totalMorsels;
    }

    /**
     * Slice {@code i}'s mode, as the policy chooses it now, with the switch it makes recorded.
     * {@link #run()} enqueues it; a scan small enough to run on its caller's thread materializes
     * it there (and calls this in slice order, then {@link #finished()}; its slices are not split).
     */
    public SliceAssignment assign(int i) {
        return assign(i, Morsel.of(slices.get(i)), null);
    }

    /**
     * Slice {@code i}'s mode for a scan whose compute workers take their slices themselves (in
     * scan order, or as {@code lease} from the ABM, null otherwise); safe to call from several
     * workers at once. Nothing is enqueued.
     */
    public synchronized SliceAssignment assignSelfServed(long i, SliceMeta slice, SliceLease lease) {
        return assign(i, Morsel.of(slice), lease == null ? null : new SliceAssignment.Claim(lease, 1));
    }

    private SliceAssignment assign(long i, Morsel morsel, SliceAssignment.Claim claim) {
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
        if (!morsel.whole()) loaded.get(m).retain(morsel.slice());
        return new SliceAssignment(i, morsel, m, tracker.epoch(m), claim);
    }

    /** Every slice was assigned through {@link #assign} (the caller ran the scan itself). */
    public void finished() {
        assigned = totalMorsels;
    }

    @Override
    public List<ScanMode> modes() {
        return modes;
    }

    @Override
    public long totalSlices() {
        return totalMorsels;
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
