package io.ascan.scan;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What one AdaptiveScan did (A-Scan paper V: the figures its evaluation plots): slices, time,
 * rows and bytes moved per mode, the mode switches with their reasons, the fraction of slices
 * spent sampling, and the mode timeline. Immutable; taken when the scan finished (or so far).
 *
 * @param table        the scanned table
 * @param policy       the policy that chose the modes (e.g. "adaptive", "direct", "backpressure")
 * @param slices       slices the scan had to read (after zone-map pruning)
 * @param modes        figures per mode; every mode is present
 * @param switches     mode changes of the scheduler, in order
 * @param sampledSlices slices assigned while the policy was sampling
 * @param timeline     one entry per slice in assignment order: when it was assigned and to which mode
 * @param elapsedNanos from the scan's start to its last rowset
 * @param runtimeFilters the runtime filters R join builds published to this scan, described
 * @param notes        the policy's events (sampling started, a mode sampled, exploit and why, drift), in order;
 *                     a switch's reason is made of the notes of the slice it happened at
 * @param cache        how the storage-side segment cache served the scan's segment reads; null when it is off
 * @param abm          how the Active Buffer Manager served the scan; null when the scan did not register with one
 * @param hybrid       how a scan of a remote storage node's table was routed; null for a local table
 */
public record ScanReport(String table, String policy, long slices, Map<ScanMode, ModeFigures> modes,
                         List<Switch> switches, long sampledSlices, List<Assignment> timeline, long elapsedNanos,
                         List<String> runtimeFilters, List<Note> notes, CacheFigures cache, AbmFigures abm,
                         HybridFigures hybrid) {
    /** Segment reads answered from the segment cache ({@code hit}) and from disk ({@code read}). */
    public record CacheFigures(long segmentsHit, long segmentsRead, long bytesHit) {}

    /**
     * How the Active Buffer Manager served the scan (a CScan): slices handed to it, those with a
     * chunk another scan's load brought in, those read past the pool (too large for it), the loads
     * scheduled for it and their bytes, and how often and how long it waited for a ready slice.
     */
    public record AbmFigures(String policy, long slices, long shared, long unpooled, long loads, long loadedBytes,
                             long waits, long waitNanos) {}

    /**
     * How a scan of a remote table was routed under {@code exec.mode}: slices by route (cached: no
     * link; pushdown; pull-up; bitmap, with the selection bitmap built by storage or by compute),
     * the bytes that crossed the link, the compute-side cache's segment hits and misses, and the
     * segments the scan admitted to it and evicted from it. {@code pushdownSlices} are the pushdown
     * requests sent; the storage node's pushback arbiter admitted all but {@code pushedBackSlices},
     * which came back as raw segments and were processed as pull-up.
     */
    public record HybridFigures(String execMode, long cachedSlices, long pushdownSlices, long pullupSlices,
                                long bitmapFromStorage, long bitmapFromCompute, long networkBytes, long segmentsHit,
                                long segmentsMissed, long admissions, long evictions, long pushedBackSlices) {
        /** Pushdown requests the storage node ran. */
        public long admittedSlices() {
            return pushdownSlices - pushedBackSlices;
        }
    }

    /** Switches printed by {@link #format()}; a back-pressure scan may switch at every slice. */
    static final int PRINTED_SWITCHES = 20;

    /**
     * @param slices     slices materialized in this mode
     * @param busyNanos  summed per-slice time from input-queue dequeue to the enqueue of its rowsets
     * @param rows       tuples delivered to the pipeline (after P for pushdown)
     * @param bytesMoved bytes that crossed the storage→compute boundary: whole segments (direct),
     *                   distinct 64-byte lines touched (staging: counted only while the interconnect is
     *                   emulated, the only time the staging variant tracks lines), compacted output (pushdown)
     */
    public record ModeFigures(long slices, long busyNanos, long rows, long bytesMoved) {
        public static final ModeFigures NONE = new ModeFigures(0, 0, 0, 0);
    }

    /** The scheduler moved from {@code from} (null at the start) to {@code to} before slice {@code slice}. */
    public record Switch(long slice, long atNanos, ScanMode from, ScanMode to, String reason) {}

    /** Slice number {@code slice} (in assignment order) went to {@code mode} at {@code atNanos} after the scan started. */
    public record Assignment(long slice, long atNanos, ScanMode mode) {}

    /** A policy event at slice {@code slice} (the slice being assigned), {@code atNanos} after the scan started. */
    public record Note(long slice, long atNanos, String text) {}

    /** A report without policy notes or cache figures. */
    public ScanReport(String table, String policy, long slices, Map<ScanMode, ModeFigures> modes, List<Switch> switches,
                      long sampledSlices, List<Assignment> timeline, long elapsedNanos, List<String> runtimeFilters) {
        this(table, policy, slices, modes, switches, sampledSlices, timeline, elapsedNanos, runtimeFilters, List.of(), null, null,
                null);
    }

    public ScanReport {
        EnumMap<ScanMode, ModeFigures> all = new EnumMap<>(ScanMode.class);
        for (ScanMode m : ScanMode.values()) all.put(m, modes.getOrDefault(m, ModeFigures.NONE));
        modes = java.util.Collections.unmodifiableMap(all);
        switches = List.copyOf(switches);
        timeline = List.copyOf(timeline);
        runtimeFilters = List.copyOf(runtimeFilters);
        notes = List.copyOf(notes);
    }

    /** Slices materialized so far, over all modes (equals {@link #slices()} once a scan completed). */
    public long slicesDone() {
        long n = 0;
        for (ModeFigures f : modes.values()) n += f.slices();
        return n;
    }

    public ModeFigures mode(ScanMode m) {
        return modes.get(m);
    }

    public long slicesIn(ScanMode m) {
        return modes.get(m).slices();
    }

    public double samplingFraction() {
        return slices == 0 ? 0 : (double) sampledSlices / slices;
    }

    public long bytesMoved() {
        long b = 0;
        for (ModeFigures f : modes.values()) b += f.bytesMoved();
        return b;
    }

    public long rows() {
        long r = 0;
        for (ModeFigures f : modes.values()) r += f.rows();
        return r;
    }

    /** The report as EXPLAIN ANALYZE and {@code --stats} print it: a headline, one line per used mode, the switches, R. */
    public String format() {
        StringBuilder sb = new StringBuilder();
        sb.append("AdaptiveScan ").append(table).append(" [").append(policy).append("]: ").append(slices).append(" slices, ")
                .append(rows()).append(" rows, ").append(bytes(bytesMoved())).append(" moved, ")
                .append(String.format(Locale.ROOT, "%.1f ms, sampling %.1f%%, %d switch%s",
                        elapsedNanos / 1e6, 100 * samplingFraction(), switches.size(), switches.size() == 1 ? "" : "es"));
        for (ScanMode m : ScanMode.values()) {
            ModeFigures f = modes.get(m);
            if (f.slices() == 0) continue;
            sb.append(String.format(Locale.ROOT, "\n  %-8s %6d slices %9.1f ms busy %12d rows %10s moved",
                    m, f.slices(), f.busyNanos() / 1e6, f.rows(), bytes(f.bytesMoved())));
        }
        java.util.Set<Long> switchSlices = new java.util.HashSet<>();
        for (Switch s : switches) switchSlices.add(s.slice());
        int printed = 0;
        for (Switch s : switches) {
            if (printed++ == PRINTED_SWITCHES) {
                sb.append("\n  ... ").append(switches.size() - PRINTED_SWITCHES).append(" more switches");
                break;
            }
            sb.append(String.format(Locale.ROOT, "\n  switch at slice %d (%.1f ms): %s -> %s, %s",
                    s.slice(), s.atNanos() / 1e6, s.from() == null ? "start" : s.from(), s.to(), s.reason()));
        }
        for (Note n : notes) {
            if (switchSlices.contains(n.slice())) continue; // printed as the switch's reason
            sb.append(String.format(Locale.ROOT, "\n  at slice %d (%.1f ms): %s", n.slice(), n.atNanos() / 1e6, n.text()));
        }
        if (cache != null) {
            sb.append(String.format(Locale.ROOT, "\n  cache %d/%d segments hit (%s)", cache.segmentsHit(),
                    cache.segmentsHit() + cache.segmentsRead(), bytes(cache.bytesHit())));
        }
        if (abm != null) {
            sb.append(String.format(Locale.ROOT, "\n  abm [%s]: %d slices, %d served from chunks other scans loaded, "
                    + "%d loads triggered (%s), %d waits (%.1f ms)%s", abm.policy(), abm.slices(), abm.shared(), abm.loads(),
                    bytes(abm.loadedBytes()), abm.waits(), abm.waitNanos() / 1e6,
                    abm.unpooled() == 0 ? "" : ", " + abm.unpooled() + " slices larger than the pool read directly"));
        }
        if (hybrid != null) {
            sb.append(String.format(Locale.ROOT, "\n  exec [%s]: %d cached, %d pushdown, %d pull-up, %d bitmap slices "
                    + "(%d bitmaps from storage, %d from compute), %s over the link, "
                    + "compute cache %d/%d segments hit, %d admitted, %d evicted", hybrid.execMode(), hybrid.cachedSlices(),
                    hybrid.pushdownSlices(), hybrid.pullupSlices(), hybrid.bitmapFromStorage() + hybrid.bitmapFromCompute(),
                    hybrid.bitmapFromStorage(), hybrid.bitmapFromCompute(), bytes(hybrid.networkBytes()), hybrid.segmentsHit(),
                    hybrid.segmentsHit() + hybrid.segmentsMissed(), hybrid.admissions(), hybrid.evictions()));
            if (hybrid.pushdownSlices() > 0) {
                sb.append(String.format(Locale.ROOT, "\n  pushback: %d pushdown requested, %d admitted, %d pushed back",
                        hybrid.pushdownSlices(), hybrid.admittedSlices(), hybrid.pushedBackSlices()));
            }
        }
        for (String r : runtimeFilters) sb.append("\n").append("  R: ").append(r);
        return sb.toString();
    }

    static String bytes(long b) {
        if (b < 10 << 10) return b + " B";
        if (b < 10L << 20) return (b >> 10) + " KiB";
        if (b < 10L << 30) return (b >> 20) + " MiB";
        return (b >> 30) + " GiB";
    }
}
