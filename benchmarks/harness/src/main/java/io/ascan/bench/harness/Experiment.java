package io.ascan.bench.harness;

import java.util.List;
import java.util.Locale;

/**
 * The A-Scan paper's figures as presets of {@code ascan bench ascan --experiment}: workload,
 * queries, strategies and the grids each figure varies. Sizes are the caller's ({@code --sf},
 * {@code --rows}); flags given explicitly override a preset's value. Thread counts are scaled to
 * small machines: the paper's SC-4/SC-16 become 1/2 storage threads, TPPC/TPLC 1/2 compute threads.
 */
public enum Experiment {
    FIG4("SSB, all queries and strategies, time normalised to direct", Workload.SSB, List.of(), Strategies.ALL,
            List.of(), List.of(), List.of(), List.of(), List.of(false), false, 0),
    FIG5("taxi, all queries and strategies, time normalised to direct", Workload.TAXI, List.of(), Strategies.ALL,
            List.of(), List.of(), List.of(), List.of(), List.of(false), false, 0),
    FIG6A("phase change: T3.2 over trips whose second half flips the best mode; mode timeline", Workload.PHASE,
            List.of(), Strategies.PAPER, List.of(), List.of(), List.of(), List.of(), List.of(false), true, Experiment.PHASE_SLICE_ROWS),
    FIG6B("phase change: sensitivity grid policy.nSample x policy.delta", Workload.PHASE, List.of(), Strategies.PAPER,
            List.of(), List.of(), List.of(50, 100, 200, 350, 500), List.of(0.05, 0.10, 0.15, 0.25, 0.40), List.of(false),
            false, Experiment.PHASE_SLICE_ROWS),
    FIG7("back-pressure vs throughput-guided: taxi T2.3 and T3.1, 1 and 2 storage threads", Workload.TAXI,
            List.of("t2.3", "t3.1"), Strategies.ALL, List.of(1, 2), List.of(), List.of(), List.of(), List.of(false), false, 0),
    FIG8("hardware configurations: SSB Q3.2 and Q4.3, storage threads 1|2 x compute threads 1|2", Workload.SSB,
            List.of("q3.2", "q4.3"), Strategies.PAPER, List.of(1, 2), List.of(1, 2), List.of(), List.of(), List.of(false), false, 0),
    FIG9("interference: Fig. 8 with and without a memory-bandwidth hog pinned to the storage CPUs", Workload.SSB,
            List.of("q3.2", "q4.3"), Strategies.PAPER, List.of(1, 2), List.of(1, 2), List.of(), List.of(), List.of(false, true),
            false, 0);

    /** Rows per slice for the phase-change runs: the change needs many slices to be seen (the paper's scan has ~23k). */
    public static final int PHASE_SLICE_ROWS = 1024;

    /**
     * The emulated storage-compute link of every experiment on a one-node machine (bytes/s). The
     * paper's link carries about a quarter of what its drives read (24 vs 86 GB/s); this is of
     * that order against the 0.3–2.7 GB/s O_DIRECT reads of a small virtual machine, so the link,
     * not the drive, bounds direct transfers, as in the paper. {@code --interconnect} overrides it.
     */
    public static final long EMULATED_LINK = 500_000_000L;

    final String description;
    final Workload workload;
    final List<String> queries;
    final List<String> strategies;
    final List<Integer> storageThreads;
    final List<Integer> computeThreads;
    final List<Integer> nSample;
    final List<Double> delta;
    final List<Boolean> hog;
    final boolean timeline;
    final int sliceRows;

    Experiment(String description, Workload workload, List<String> queries, List<String> strategies,
               List<Integer> storageThreads, List<Integer> computeThreads, List<Integer> nSample, List<Double> delta,
               List<Boolean> hog, boolean timeline, int sliceRows) {
        this.description = description;
        this.workload = workload;
        this.queries = queries;
        this.strategies = strategies;
        this.storageThreads = storageThreads;
        this.computeThreads = computeThreads;
        this.nSample = nSample;
        this.delta = delta;
        this.hog = hog;
        this.timeline = timeline;
        this.sliceRows = sliceRows;
    }

    public static Experiment parse(String name) {
        for (Experiment e : values()) if (e.label().equals(name)) return e;
        throw new IllegalArgumentException("--experiment must be one of "
                + String.join(", ", java.util.Arrays.stream(values()).map(Experiment::label).toList()) + ", got '" + name + "'");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String description() {
        return description;
    }

    public Workload workload() {
        return workload;
    }

    /** The strategy lists the presets use. */
    static final class Strategies {
        static final List<String> ALL = List.of("direct", "staging", "pushdown", "adaptive", "backpressure");
        /** The paper's figures: the three static modes and the throughput-guided A-Scan. */
        static final List<String> PAPER = List.of("direct", "staging", "pushdown", "adaptive");

        private Strategies() {}
    }
}
