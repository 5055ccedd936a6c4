package io.ascan.bench.harness;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The CSV files of a harness run. {@code results.csv} has exactly the columns of issue 5;
 * {@code results-full.csv} has the same rows in the same order with the settings results.csv has
 * no column for (compute threads, policy parameters, hog); {@code timeline.csv} has one row per
 * slice of every kept timeline.
 */
public final class ResultFiles {
    public static final String RESULTS = "results.csv";
    public static final String RESULTS_FULL = "results-full.csv";
    public static final String TIMELINE = "timeline.csv";

    public static final String RESULTS_HEADER = "workload,query,strategy,storage_threads,interconnect,run,millis,rows,"
            + "slices_direct,slices_staging,slices_pushdown,switches,sampling_fraction,bytes_moved";
    /** Empty nsample/delta where the strategy has no policy parameters (everything but adaptive). */
    public static final String FULL_EXTRA = "compute_threads,nsample,delta,hog";
    public static final String TIMELINE_HEADER = "query,strategy,storage_threads,compute_threads,interconnect,nsample,delta,"
            + "hog,run,table,slice,ms,mode";

    private ResultFiles() {}

    public static void write(Path out, Workload workload, List<Measurement> ms, boolean timeline) throws IOException {
        try (Writer results = Files.newBufferedWriter(out.resolve(RESULTS));
             Writer full = Files.newBufferedWriter(out.resolve(RESULTS_FULL))) {
            results.write(RESULTS_HEADER + "\n");
            full.write(RESULTS_HEADER + "," + FULL_EXTRA + "\n");
            for (Measurement m : ms) {
                String row = row(workload, m);
                results.write(row + "\n");
                full.write(row + "," + extra(m) + "\n");
            }
        }
        if (!timeline) return;
        try (Writer w = Files.newBufferedWriter(out.resolve(TIMELINE))) {
            w.write(TIMELINE_HEADER + "\n");
            for (Measurement m : ms) {
                Configuration c = m.config();
                PolicyParams p = m.variant().policy();
                String prefix = String.join(",", m.query(), m.strategy(), "" + c.storageThreads(), "" + c.computeThreads(),
                        "" + c.interconnect(), p == null ? "" : "" + p.nSample(), p == null ? "" : Units.decimal(p.delta()),
                        c.hog() ? "on" : "off", "" + m.run());
                for (Measurement.Slice s : m.timeline()) {
                    w.write(prefix + "," + s.table() + "," + s.slice() + "," + String.format(Locale.ROOT, "%.3f", s.ms())
                            + "," + s.mode() + "\n");
                }
            }
        }
    }

    static String row(Workload workload, Measurement m) {
        Configuration c = m.config();
        return String.join(",", workload.label(), m.query(), m.strategy(), "" + c.storageThreads(), "" + c.interconnect(),
                "" + m.run(), String.format(Locale.ROOT, "%.3f", m.millis()), "" + m.rows(), "" + m.slicesDirect(),
                "" + m.slicesStaging(), "" + m.slicesPushdown(), "" + m.switches(),
                String.format(Locale.ROOT, "%.4f", m.samplingFraction()), "" + m.bytesMoved());
    }

    private static String extra(Measurement m) {
        PolicyParams p = m.variant().policy();
        return String.join(",", "" + m.config().computeThreads(), p == null ? "" : "" + p.nSample(),
                p == null ? "" : Units.decimal(p.delta()), m.config().hog() ? "on" : "off");
    }
}
