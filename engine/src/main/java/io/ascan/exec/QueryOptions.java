package io.ascan.exec;

import io.ascan.io.IoMode;
import io.ascan.scan.BitmapUse;
import io.ascan.scan.ExecMode;
import io.ascan.scan.ScanStrategy;
import io.ascan.scan.policy.PolicyConfig;

/**
 * Per-query execution settings (settings of docs/configuration.md): {@code mode} (a
 * {@link ScanStrategy}), {@code compute.threads}, {@code storage.threads}, {@code io},
 * {@code scan.outputQueue}, the policy parameters, the query's off-heap memory limit, a timeout
 * (0 = none), whether to keep generated source for {@code --dump-code}, and
 * {@code scan.inlineRows}: the size up to which a scan runs on its pipeline's thread, without workers,
 * and {@code exec.mode} (how scans of a remote storage node's table use the compute-side cache) with
 * {@code exec.bitmaps} (whether they may exchange selection bitmaps with the node), and
 * {@code scan.morselRows}: the size of the unit an adaptive scan assigns a mode to, and
 * {@code scan.selfServe}: whether a hot scan (every segment cached) runs on its compute workers alone.
 * Thread counts above {@link #MAX_THREADS} are capped to it, with a warning.
 */
public record QueryOptions(ScanStrategy mode, int computeThreads, int storageThreads, IoMode io, int outputQueue,
                           PolicyConfig policy, long memoryLimit, long timeoutMillis, boolean dumpCode, long inlineRows,
                           ExecMode execMode, BitmapUse bitmaps, int morselRows, boolean selfServe) {
    /** {@code scan.inlineRows} by default: a scan of up to 2^16 rows (the small dimension tables) runs on its pipeline's own thread. */
    public static final long DEFAULT_INLINE_ROWS = 1 << 16;

    /**
     * {@code scan.morselRows=auto}: an adaptive scan over an emulated link splits its slices into
     * morsels only where its whole slices are too few for a sampling round and morsels are not (the
     * phase-change query's 16 slices) and the scan is long enough for their cost, as large as a
     * round allows, and keeps whole slices elsewhere ({@code AdaptiveScan}). Morsels everywhere
     * measured 1.33x slower without a link, and each costs about three thread hand-offs
     * (docs/benchmarks.md, round 19); a scan that cannot sample cannot notice a phase change.
     */
    public static final int AUTO_MORSELS = -1;

    /** {@code scan.morselRows} by default: {@link #AUTO_MORSELS}. */
    public static final int DEFAULT_MORSEL_ROWS = AUTO_MORSELS;

    /** The setting of the per-query off-heap memory limit, named by the error when a query exceeds it. */
    public static final String MEMORY_SETTING = "query.memory";

    /**
     * The most compute or storage threads a query uses: more than a few per processor only adds
     * threads that wait (2,000 asked for once started 1,610), so larger settings are capped here.
     */
    public static final int MAX_THREADS = Math.max(8, 4 * Runtime.getRuntime().availableProcessors());

    public static final QueryOptions DEFAULTS = new QueryOptions(ScanStrategy.ADAPTIVE,
            Runtime.getRuntime().availableProcessors(), 1, IoMode.URING, 8, PolicyConfig.DEFAULTS, 4L << 30, 0, false,
            DEFAULT_INLINE_ROWS, ExecMode.HYBRID, BitmapUse.AUTO, DEFAULT_MORSEL_ROWS, true);

    /** Options with the default {@code scan.selfServe} (on). */
    public QueryOptions(ScanStrategy mode, int computeThreads, int storageThreads, IoMode io, int outputQueue, PolicyConfig policy,
                        long memoryLimit, long timeoutMillis, boolean dumpCode, long inlineRows, ExecMode execMode,
                        BitmapUse bitmaps, int morselRows) {
        this(mode, computeThreads, storageThreads, io, outputQueue, policy, memoryLimit, timeoutMillis, dumpCode, inlineRows,
                execMode, bitmaps, morselRows, true);
    }

    /** Options with the default {@code scan.morselRows}. */
    public QueryOptions(ScanStrategy mode, int computeThreads, int storageThreads, IoMode io, int outputQueue, PolicyConfig policy,
                        long memoryLimit, long timeoutMillis, boolean dumpCode, long inlineRows, ExecMode execMode,
                        BitmapUse bitmaps) {
        this(mode, computeThreads, storageThreads, io, outputQueue, policy, memoryLimit, timeoutMillis, dumpCode, inlineRows,
                execMode, bitmaps, DEFAULT_MORSEL_ROWS);
    }

    /** Options with the default {@code exec.bitmaps}. */
    public QueryOptions(ScanStrategy mode, int computeThreads, int storageThreads, IoMode io, int outputQueue, PolicyConfig policy,
                        long memoryLimit, long timeoutMillis, boolean dumpCode, long inlineRows, ExecMode execMode) {
        this(mode, computeThreads, storageThreads, io, outputQueue, policy, memoryLimit, timeoutMillis, dumpCode, inlineRows,
                execMode, BitmapUse.AUTO);
    }

    /** Options with the default {@code exec.mode}. */
    public QueryOptions(ScanStrategy mode, int computeThreads, int storageThreads, IoMode io, int outputQueue, PolicyConfig policy,
                        long memoryLimit, long timeoutMillis, boolean dumpCode, long inlineRows) {
        this(mode, computeThreads, storageThreads, io, outputQueue, policy, memoryLimit, timeoutMillis, dumpCode, inlineRows,
                ExecMode.HYBRID);
    }

    /** Options with the default {@code scan.inlineRows}. */
    public QueryOptions(ScanStrategy mode, int computeThreads, int storageThreads, IoMode io, int outputQueue, PolicyConfig policy,
                        long memoryLimit, long timeoutMillis, boolean dumpCode) {
        this(mode, computeThreads, storageThreads, io, outputQueue, policy, memoryLimit, timeoutMillis, dumpCode,
                DEFAULT_INLINE_ROWS);
    }

    public QueryOptions {
        java.util.Objects.requireNonNull(mode, "mode");
        java.util.Objects.requireNonNull(execMode, "execMode");
        java.util.Objects.requireNonNull(bitmaps, "bitmaps");
        if (computeThreads < 1) throw new IllegalArgumentException("compute.threads must be at least 1");
        if (storageThreads < 1) throw new IllegalArgumentException("storage.threads must be at least 1");
        computeThreads = ThreadCap.cap("compute.threads", computeThreads);
        storageThreads = ThreadCap.cap("storage.threads", storageThreads);
        if (outputQueue < 1) throw new IllegalArgumentException("scan.outputQueue must be at least 1");
        if (memoryLimit < 1 << 20) throw new IllegalArgumentException(MEMORY_SETTING + " must be at least 1 MiB, got " + memoryLimit);
        if (timeoutMillis < 0) throw new IllegalArgumentException("the timeout must not be negative");
        if (inlineRows < 0) throw new IllegalArgumentException("scan.inlineRows must not be negative");
        if (morselRows < AUTO_MORSELS) throw new IllegalArgumentException("scan.morselRows must be auto or not negative");
    }

    /** Whether a hot scan (every segment cached) runs on its compute workers alone (no scan threads). */
    public QueryOptions withSelfServe(boolean on) {
        return new QueryOptions(mode, computeThreads, storageThreads, io, outputQueue, policy, memoryLimit, timeoutMillis, dumpCode,
                inlineRows, execMode, bitmaps, morselRows, on);
    }

    /** Adaptive scans assign modes to morsels of about {@code n} rows of a slice; 0: to whole slices. */
    public QueryOptions withMorselRows(int n) {
        return new QueryOptions(mode, computeThreads, storageThreads, io, outputQueue, policy, memoryLimit, timeoutMillis, dumpCode,
                inlineRows, execMode, bitmaps, n, selfServe);
    }

    public QueryOptions withMode(ScanStrategy m) {
        return new QueryOptions(m, computeThreads, storageThreads, io, outputQueue, policy, memoryLimit, timeoutMillis, dumpCode, inlineRows, execMode, bitmaps, morselRows, selfServe);
    }

    public QueryOptions withComputeThreads(int n) {
        return new QueryOptions(mode, n, storageThreads, io, outputQueue, policy, memoryLimit, timeoutMillis, dumpCode, inlineRows, execMode, bitmaps, morselRows, selfServe);
    }

    public QueryOptions withTimeoutMillis(long t) {
        return new QueryOptions(mode, computeThreads, storageThreads, io, outputQueue, policy, memoryLimit, t, dumpCode, inlineRows, execMode, bitmaps, morselRows, selfServe);
    }

    public QueryOptions withMemoryLimit(long bytes) {
        return new QueryOptions(mode, computeThreads, storageThreads, io, outputQueue, policy, bytes, timeoutMillis, dumpCode, inlineRows, execMode, bitmaps, morselRows, selfServe);
    }

    public QueryOptions withPolicy(PolicyConfig p) {
        return new QueryOptions(mode, computeThreads, storageThreads, io, outputQueue, p, memoryLimit, timeoutMillis, dumpCode, inlineRows, execMode, bitmaps, morselRows, selfServe);
    }

    public QueryOptions withStorageThreads(int n) {
        return new QueryOptions(mode, computeThreads, n, io, outputQueue, policy, memoryLimit, timeoutMillis, dumpCode, inlineRows, execMode, bitmaps, morselRows, selfServe);
    }

    public QueryOptions withOutputQueue(int n) {
        return new QueryOptions(mode, computeThreads, storageThreads, io, n, policy, memoryLimit, timeoutMillis, dumpCode, inlineRows, execMode, bitmaps, morselRows, selfServe);
    }

    /** Scans of up to {@code n} rows (after zone-map pruning) run on their pipeline's thread; 0: every scan is threaded. */
    public QueryOptions withInlineRows(long n) {
        return new QueryOptions(mode, computeThreads, storageThreads, io, outputQueue, policy, memoryLimit, timeoutMillis, dumpCode, n, execMode, bitmaps, morselRows, selfServe);
    }

    /** How scans of a remote storage node's table combine the compute-side cache with the link. */
    public QueryOptions withExecMode(ExecMode e) {
        return new QueryOptions(mode, computeThreads, storageThreads, io, outputQueue, policy, memoryLimit, timeoutMillis, dumpCode,
                inlineRows, e, bitmaps, morselRows, selfServe);
    }

    /** Whether scans of a remote storage node's table may exchange selection bitmaps with it. */
    public QueryOptions withBitmaps(BitmapUse b) {
        return new QueryOptions(mode, computeThreads, storageThreads, io, outputQueue, policy, memoryLimit, timeoutMillis, dumpCode,
                inlineRows, execMode, b, morselRows, selfServe);
    }

    public QueryOptions withDumpCode(boolean d) {
        return new QueryOptions(mode, computeThreads, storageThreads, io, outputQueue, policy, memoryLimit, timeoutMillis, d, inlineRows, execMode, bitmaps, morselRows, selfServe);
    }
}
