package io.ascan.bench.harness;

import io.ascan.scan.ScanMode;
import io.ascan.scan.ScanReport;
import java.util.ArrayList;
import java.util.List;

/**
 * One timed query run: the row of results.csv. The scan figures are sums over the query's
 * AdaptiveScans; the sampling fraction is theirs together (sampled slices over all slices).
 *
 * @param millis   wall time from submitting the prepared query to its last result batch
 * @param rows     result rows
 * @param switches mode changes of the schedulers (the initial choice of a mode is not a switch)
 * @param largestScanSlices slices of the query's largest scan (how finely the scheduler could choose)
 * @param timeline per slice, when it was assigned and to which mode; kept only when asked for
 */
public record Measurement(String query, Variant variant, int run, double millis, long rows, long slicesDirect,
                          long slicesStaging, long slicesPushdown, long switches, double samplingFraction,
                          long bytesMoved, long largestScanSlices, List<Slice> timeline) {

    /** Slice {@code slice} of {@code table}'s scan went to {@code mode} {@code ms} after that scan started. */
    public record Slice(String table, long slice, double ms, ScanMode mode) {}

    public Measurement {
        timeline = List.copyOf(timeline);
    }

    public static Measurement of(String query, Variant variant, int run, long nanos, long rows,
                                 List<ScanReport> reports, boolean keepTimeline) {
        long[] perMode = new long[ScanMode.values().length];
        long switches = 0, sampled = 0, slices = 0, bytes = 0, largest = 0;
        List<Slice> timeline = new ArrayList<>();
        for (ScanReport r : reports) {
            for (ScanMode m : ScanMode.values()) perMode[m.ordinal()] += r.slicesIn(m);
            for (ScanReport.Switch s : r.switches()) if (s.from() != null) switches++;
            sampled += r.sampledSlices();
            slices += r.slices();
            bytes += r.bytesMoved();
            largest = Math.max(largest, r.slices());
            if (keepTimeline) {
                for (ScanReport.Assignment a : r.timeline()) timeline.add(new Slice(r.table(), a.slice(), a.atNanos() / 1e6, a.mode()));
            }
        }
        return new Measurement(query, variant, run, nanos / 1e6, rows, perMode[ScanMode.DIRECT.ordinal()],
                perMode[ScanMode.STAGING.ordinal()], perMode[ScanMode.PUSHDOWN.ordinal()], switches,
                slices == 0 ? 0 : (double) sampled / slices, bytes, largest, timeline);
    }

    public Configuration config() {
        return variant.config();
    }

    public String strategy() {
        return variant.strategy();
    }
}
