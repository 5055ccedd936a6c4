package io.ascan.engine;

import io.ascan.exec.QueryOptions;
import io.ascan.scan.abm.AbmPolicy;
import io.ascan.io.IoMode;
import io.ascan.scan.ScanStrategy;
import io.ascan.cache.CachePolicy;
import io.ascan.scan.BitmapUse;
import io.ascan.scan.ExecMode;
import io.ascan.scan.policy.PolicyConfig;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Text settings (JDBC properties, CLI flags, embedded maps) to an {@link EngineConfig}: the one
 * place settings are parsed. Every bad value and every unknown name is an
 * {@link IllegalArgumentException} naming the setting, the value and what it accepts: a mistyped
 * {@code compute.thread} silently ignored would make a benchmark lie.
 */
public final class EngineProperties {
    /** The values of {@code mode}. */
    public static final List<String> MODES = ScanStrategy.names();

    /** Help text of the {@code --cache-bytes} flag of the commands that open an engine. */
    public static final String CACHE_BYTES_HELP = "Chunk pool of the engine's Active Buffer Manager in bytes, suffix k, m "
            + "or g allowed (0 disables it; default: a quarter of physical memory). Same as --set abm.bytes=BYTES.";

    /** The setting names with a one-line description each; docs/configuration.md describes them in full. */
    public static final Map<String, String> NAMES = names();

    private EngineProperties() {}

    private static Map<String, String> names() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("mode", "scan mode: " + String.join(" | ", MODES) + " (default adaptive)");
        m.put("storage.threads", "storage-side (pushdown) worker threads (at most " + QueryOptions.MAX_THREADS
                + ", larger values are capped)");
        m.put("compute.threads", "compute worker threads (default: available processors; at most "
                + QueryOptions.MAX_THREADS + ", larger values are capped)");
        m.put("storage.node", "NUMA node of storage-side work (default: automatic)");
        m.put("compute.node", "NUMA node of compute-side work (default: automatic)");
        m.put("interconnect.bandwidth", "emulated storage-compute link in bytes/s (default: no emulation)");
        m.put("scan.sliceRows", "0 only: scans use the table's stored slices, sized when written (gen/import --slice-rows)");
        m.put("scan.outputQueue", "capacity of a scan's output queue in rowsets");
        m.put("scan.inlineRows", "a scan of at most this many rows runs on its pipeline's thread, without scan workers "
                + "(default " + QueryOptions.DEFAULT_INLINE_ROWS + ", 0 = never)");
        m.put("scan.morselRows", "rows of the unit an adaptive scan assigns a mode to, a part of a slice: auto (default: "
                + "over an emulated link where whole slices are too few to sample and the scan is long enough to pay for them, morsels "
                + "as large as a round allows; else whole "
                + "slices) | 0 (whole slices) | N");
        m.put("scan.selfServe", "whether a scan whose segments are all cached runs on its compute workers alone, "
                + "without scheduler and materializer threads: true | false (default true)");
        m.put("policy.kind", "the adaptive policy: prior (a cost model or what earlier scans measured, sampling only close "
                + "modes; default) | throughput (the A-Scan paper's: sample every mode in turn)");
        m.put("policy.nSample", "slices sampled per mode per sampling round");
        m.put("policy.delta", "drift threshold in (0, 1)");
        m.put("policy.alpha", "EWMA weight in (0, 1]");
        m.put("policy.clock", "what adaptive scans time slices by: wall | link (the emulated interconnect's time for the "
                + "bytes charged, undisturbed by a busy machine; needs interconnect.bandwidth; default wall)");
        m.put("io", "block reader: uring | portable");
        m.put("abm.bytes", "chunk pool of the engine's Active Buffer Manager, which schedules the loads of concurrent "
                + "scans, in bytes (suffix k, m, g allowed; 0 = off: every scan reads on its own; default: a quarter of "
                + "physical memory)");
        m.put("cache.bytes", "deprecated name of abm.bytes");
        m.put("abm.policy", "how the Active Buffer Manager schedules loads: normal | attach | elevator | relevance "
                + "(default " + EngineConfig.DEFAULT_ABM_POLICY + ")");
        m.put("abm.readBandwidth", "emulated disk: the Active Buffer Manager's loads read at most this many bytes/s "
                + "(suffix k, m, g allowed; default 0 = unlimited)");
        m.put("cache.compute.bytes", "compute-side cache of a remote storage node's segments, in bytes (suffix k, m, g "
                + "allowed; default 0 = none)");
        m.put("cache.compute.policy", "what the compute-side cache keeps: " + String.join(" | ",
                CachePolicy.NAMES) + " (default " + EngineConfig.DEFAULT_COMPUTE_CACHE_POLICY + ")");
        m.put("exec.mode", "how scans of a remote storage node's table use the link and the compute-side cache: "
                + String.join(" | ", ExecMode.names()) + " (default hybrid)");
        m.put("exec.bitmaps", "whether hybrid scans of a remote storage node's table exchange selection bitmaps with it "
                + "when the cache holds only a slice's projected or only its predicate columns: "
                + String.join(" | ", BitmapUse.names()) + " (default auto: when the cost model estimates it faster)");
        m.put(QueryOptions.MEMORY_SETTING, "off-heap memory limit of one query, in bytes (suffix k, m, g allowed; "
                + "default 4g, at least 1m)");
        m.put("plan.cacheSize", "statements kept planned per connection, by text (default " + EngineConfig.DEFAULT_PLAN_CACHE_SIZE
                + ", 0 = none)");
        m.put("files.cacheDir", "directory where files read in place (read_parquet, read_csv, read_arrow) are imported "
                + "(default: the catalog's .cache/files)");
        m.put("files.cacheBytes", "capacity of that directory in bytes (suffix k, m, g allowed; default 4g; least recently "
                + "used files go first)");
        return Map.copyOf(m);
    }

    /** Applies {@code settings} over {@code base}; names are matched exactly. */
    public static EngineConfig parse(Map<String, String> settings, EngineConfig base) {
        QueryOptions q = base.query();
        PolicyConfig p = q.policy();
        int storageNode = base.storageNode(), computeNode = base.computeNode(), sliceRows = base.sliceRows();
        int planCacheSize = base.planCacheSize();
        String filesCacheDir = base.filesCacheDir();
        long filesCacheBytes = base.filesCacheBytes();
        long bandwidth = base.interconnectBandwidth(), cacheBytes = base.cacheBytes();
        String abmPolicy = base.abmPolicy();
        long abmReadBandwidth = base.abmReadBandwidth();
        long computeCacheBytes = base.computeCacheBytes();
        String computeCachePolicy = base.computeCachePolicy();
        ExecMode execMode = q.execMode();
        BitmapUse bitmaps = q.bitmaps();
        ScanStrategy mode = q.mode();
        int computeThreads = q.computeThreads(), storageThreads = q.storageThreads(), outputQueue = q.outputQueue();
        IoMode io = q.io();
        long inlineRows = q.inlineRows(), memory = q.memoryLimit();
        int morselRows = q.morselRows();
        boolean selfServe = q.selfServe();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            String name = e.getKey(), v = e.getValue() == null ? "" : e.getValue().trim();
            switch (name) {
                case "mode" -> mode = ScanStrategy.parse(v);
                case "storage.threads" -> storageThreads = intAtLeast(name, v, 1);
                case "compute.threads" -> computeThreads = intAtLeast(name, v, 1);
                case "storage.node" -> storageNode = intAtLeast(name, v, -1);
                case "compute.node" -> computeNode = intAtLeast(name, v, -1);
                case "interconnect.bandwidth" -> bandwidth = longAtLeast(name, v, 0);
                case "scan.sliceRows" -> sliceRows = storedSlicesOnly(name, intAtLeast(name, v, 0));
                case "scan.outputQueue" -> outputQueue = intAtLeast(name, v, 1);
                case "scan.inlineRows" -> inlineRows = longAtLeast(name, v, 0);
                case "scan.morselRows" -> morselRows = v.equalsIgnoreCase("auto") ? QueryOptions.AUTO_MORSELS : intAtLeast(name, v, 0);
                case "scan.selfServe" -> selfServe = bool(name, v);
                case "policy.nSample" -> p = p.withNSample(intAtLeast(name, v, 1));
                case "policy.delta" -> p = p.withDelta(fraction(name, v, false));
                case "policy.alpha" -> p = p.withAlpha(fraction(name, v, true));
                case "policy.clock" -> p = p.withLinkClock(clock(v));
                case "policy.kind" -> p = p.withKind(PolicyConfig.Kind.parse(v));
                case "io" -> io = io(v);
                case "abm.bytes", "cache.bytes" -> cacheBytes = bytes(name, v);
                case "abm.policy" -> abmPolicy = AbmPolicy.of(v).name();
                case "abm.readBandwidth" -> abmReadBandwidth = bytes(name, v);
                case "plan.cacheSize" -> planCacheSize = intAtLeast(name, v, 0);
                case "files.cacheDir" -> filesCacheDir = v.isEmpty() ? null : v;
                case "files.cacheBytes" -> filesCacheBytes = bytes(name, v);
                case "cache.compute.bytes" -> computeCacheBytes = bytes(name, v);
                case "cache.compute.policy" -> computeCachePolicy = CachePolicy.checkName(v);
                case "exec.mode" -> execMode = ExecMode.parse(v);
                case "exec.bitmaps" -> bitmaps = BitmapUse.parse(v);
                case QueryOptions.MEMORY_SETTING -> memory = bytes(name, v);
                default -> throw new IllegalArgumentException("unknown setting '" + name + "' (known: "
                        + String.join(", ", NAMES.keySet().stream().sorted().toList()) + ")");
            }
        }
        QueryOptions query = new QueryOptions(mode, computeThreads, storageThreads, io, outputQueue, p,
                memory, q.timeoutMillis(), q.dumpCode(), inlineRows, execMode, bitmaps, morselRows, selfServe);
        return new EngineConfig(query, storageNode, computeNode, bandwidth, sliceRows, cacheBytes, planCacheSize,
                filesCacheDir, filesCacheBytes, abmPolicy, abmReadBandwidth, computeCacheBytes, computeCachePolicy);
    }

    public static EngineConfig parse(Map<String, String> settings) {
        return parse(settings, EngineConfig.DEFAULTS);
    }

    private static boolean clock(String v) {
        return switch (v) {
            case "wall" -> false;
            case "link" -> true;
            default -> throw new IllegalArgumentException("policy.clock must be one of wall, link, got '" + v + "'");
        };
    }

    private static IoMode io(String v) {
        try {
            return IoMode.parse(v);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("io must be one of uring, portable, got '" + v + "'");
        }
    }

    /** A byte count: an integer, optionally with a binary suffix k, m, g or t ("512m", "4g"). */
    static long bytes(String name, String v) {
        String s = v.toLowerCase(Locale.ROOT).replace("_", "");
        int shift = s.isEmpty() ? 0 : switch (s.charAt(s.length() - 1)) {
            case 'k' -> 10;
            case 'm' -> 20;
            case 'g' -> 30;
            case 't' -> 40;
            default -> 0;
        };
        long n;
        try {
            n = Long.parseLong(shift == 0 ? s : s.substring(0, s.length() - 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a byte count >= 0 such as 1073741824, 512m or 4g, got '"
                    + v + "'");
        }
        if (n < 0) throw new IllegalArgumentException(name + " must be a byte count >= 0, got " + v);
        if (n > Long.MAX_VALUE >> shift) {
            throw new IllegalArgumentException(name + " is too large: " + v + " (at most 2^63 - 1 bytes)");
        }
        return n << shift;
    }

    /**
     * A scan slice is a slice as the table stores it: its segments are read, checked and decoded
     * whole, so a scan cannot cut them finer without reading them several times. The size is
     * chosen when the table is written; a scan-time value other than 0 would be silently ignored,
     * so it is refused with the way to get it.
     */
    private static int storedSlicesOnly(String name, int rows) {
        if (rows != 0) {
            throw new IllegalArgumentException(name + " cannot change slices at query time: a scan reads the table's stored "
                    + "slices; choose their size when writing the table (ascan gen/import --slice-rows " + rows + ")");
        }
        return rows;
    }

    private static boolean bool(String name, String v) {
        return switch (v) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(name + " must be one of true, false, got '" + v + "'");
        };
    }

    private static int intAtLeast(String name, String v, int min) {
        long n = longAtLeast(name, v, min);
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(name + " must be an integer in [" + min + ", " + Integer.MAX_VALUE + "], got "
                    + v);
        }
        return (int) n;
    }

    private static long longAtLeast(String name, String v, long min) {
        long n;
        try {
            n = Long.parseLong(v.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be an integer >= " + min + ", got '" + v + "'");
        }
        if (n < min) throw new IllegalArgumentException(name + " must be an integer >= " + min + ", got " + n);
        return n;
    }

    private static double fraction(String name, String v, boolean oneAllowed) {
        double d;
        try {
            d = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a number in (0, 1" + (oneAllowed ? "]" : ")") + ", got '"
                    + v + "'");
        }
        if (!(d > 0 && (oneAllowed ? d <= 1 : d < 1))) {
            throw new IllegalArgumentException(name + " must be in (0, 1" + (oneAllowed ? "]" : ")") + ", got " + v);
        }
        return d;
    }
}
