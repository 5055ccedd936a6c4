package io.ascan.scan.abm;

import io.ascan.cache.SegmentCache;
import io.ascan.cache.SegmentKey;
import io.ascan.catalog.Table;
import io.ascan.format.ColumnSpec;
import io.ascan.format.SegmentDecoder;
import io.ascan.format.SliceMeta;
import io.ascan.format.StorageException;
import io.ascan.io.BlockFile;
import io.ascan.io.BlockReader;
import io.ascan.io.BlockReaders;
import io.ascan.io.IoMode;
import io.ascan.topology.Interconnect;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The ABM's process (paper, Figure 3, "ABM process"): one thread asks the manager for the next
 * load the policy wants, reads its segments with one io_uring ring (O_DIRECT, into the pool's
 * memory), checks each against the manifest's CRC32C, inserts it and tells the manager, which
 * wakes the waiting scans. Column files stay open while scans are registered. The checks (and
 * the expansion of packed segments) run on {@link #CHECKERS} threads, so that the one loader
 * thread keeps the ring busy.
 */
final class ChunkLoader extends Thread {
    /** Segment reads in flight on the ring. */
    static final int DEPTH = 64;
    /** Threads that check (and expand) loaded segments. */
    static final int CHECKERS = Math.max(1, Runtime.getRuntime().availableProcessors());

    /** One segment read of a load. */
    record Read(ChunkId id, SegmentKey key, SegmentCache.Reservation reservation, Table table, int column,
                SliceMeta slice, Path path) {
        ColumnSpec spec() {
            return table.schema().column(column);
        }
    }

    /** A slice load: the segments to read and those of the trigger's slice pinned meanwhile. */
    record Job(CScan trigger, int slice, List<Read> reads, List<SegmentKey> kept) {
        long bytes() {
            long n = 0;
            for (Read r : reads) n += r.key().length();
            return n;
        }
    }

    private final ActiveBufferManager abm;
    private final IoMode io;
    private final Interconnect disk;
    private final Map<Path, BlockFile> files = new HashMap<>();
    private final ArrayDeque<long[]> toSubmit = new ArrayDeque<>(); // {job tag, read index}
    private final Map<Long, Job> jobs = new HashMap<>();
    private final ExecutorService checkers = Executors.newFixedThreadPool(CHECKERS, r -> {
        Thread t = new Thread(r, "ascan-abm-check");
        t.setDaemon(true);
        return t;
    });
    private final Map<Long, int[]> results = new HashMap<>();
    private long nextTag;
    private BlockReader ring;

    ChunkLoader(ActiveBufferManager abm, IoMode io, Interconnect disk) {
        super("ascan-abm-loader");
        setDaemon(true);
        this.abm = abm;
        this.io = io;
        this.disk = disk;
    }

    @Override
    public void run() {
        try {
            while (!abm.closed()) {
                boolean started = false;
                for (ChunkLoader.Job j; (j = abm.nextJob(jobs.size())) != null; started = true) {
                    long tag = nextTag++;
                    jobs.put(tag, j);
                    int[] r = new int[j.reads().size() + 1]; // per read its result; last: reads done
                    java.util.Arrays.fill(r, -1);
                    r[r.length - 1] = 0;
                    results.put(tag, r);
                    for (int i = 0; i < j.reads().size(); i++) toSubmit.add(new long[] {tag, i});
                }
                submit();
                if (ring != null && ring.inFlight() > 0) {
                    ring.await(1, this::completed);
                    finishDone();
                } else if (!started) {
                    if (abm.idle()) closeFiles();
                    abm.awaitWork();
                }
            }
        } catch (InterruptedException e) {
            // closing
        } catch (IOException | RuntimeException | Error e) {
            abm.failAll(e instanceof IOException io ? io : new IOException("the ABM's loader failed: " + e, e));
        } finally {
            drain();
        }
    }

    private void submit() throws IOException {
        while (!toSubmit.isEmpty()) {
            if (ring == null) ring = BlockReaders.open(io, DEPTH);
            if (ring.inFlight() >= ring.depth()) return;
            long[] t = toSubmit.poll();
            Read r = jobs.get(t[0]).reads().get((int) t[1]);
            disk.charge(r.key().length()); // the emulated disk's pace, when set
            BlockFile f = files.get(r.path());
            try {
                if (f == null) {
                    f = ring.open(r.path());
                    files.put(r.path(), f);
                }
                ring.submit(f, r.key().offset(), r.reservation().memory().asSlice(0, r.slice().segment(r.column()).readBytes()),
                        t[0] * DEPTH * 64 + t[1]); // the stored bytes; verify expands a packed segment in place
            } catch (IOException e) {
                results.get(t[0])[(int) t[1]] = -2; // failed to submit: reported as unreadable
                results.get(t[0])[jobs.get(t[0]).reads().size()]++;
                failures.put(t[0], e);
            }
        }
    }

    private final Map<Long, IOException> failures = new HashMap<>();

    private void completed(long tag, int result) {
        long job = tag / (DEPTH * 64L);
        int i = (int) (tag % (DEPTH * 64L));
        int[] r = results.get(job);
        r[i] = result;
        r[r.length - 1]++;
    }

    /** Verifies and inserts the loads whose reads all completed. */
    private void finishDone() {
        List<Long> done = new ArrayList<>();
        for (var e : results.entrySet()) if (e.getValue()[e.getValue().length - 1] == jobs.get(e.getKey()).reads().size()) done.add(e.getKey());
        for (long tag : done) {
            Job j = jobs.remove(tag);
            int[] r = results.remove(tag);
            IOException failure = failures.remove(tag);
            checkers.execute(() -> {
                try {
                    check(j, r, failure);
                } catch (RuntimeException | Error e) {
                    abm.failAll(new IOException("the ABM's loader failed: " + e, e));
                }
            });
        }
    }

    /** Verifies (and expands) a load's segments, inserts them and tells the manager; on a checker thread. */
    private void check(Job j, int[] r, IOException failure) {
        List<Read> reads = j.reads();
        for (int i = 0; i < reads.size(); i++) {
            Read read = reads.get(i);
            try {
                if (failure == null) {
                    if (r[i] < read.key().length()) {
                        throw new StorageException(read.table().name(), read.spec().name(), read.slice().index(),
                                r[i] < 0 ? "segment read failed (" + r[i] + ")" : "column file is truncated: read "
                                + r[i] + " of " + read.key().length() + " bytes at offset " + read.key().offset());
                    }
                    SegmentDecoder.verify(read.table().name(), read.spec(), read.slice(),
                            read.slice().segment(read.column()),
                            read.reservation().memory());
                    abm.chunks().insert(read.key(), read.reservation()).close();
                    continue;
                }
            } catch (IOException e) {
                failure = e;
            } catch (RuntimeException e) {
                failure = new IOException(e.getMessage(), e);
            }
            read.reservation().close();
        }
        abm.loaded(j, failure);
    }

    private void closeFiles() {
        for (BlockFile f : files.values()) {
            try {
                f.close();
            } catch (IOException e) {
                // a read-only descriptor: nothing was written that a failed close could lose
            }
        }
        files.clear();
    }

    /** After the loop: lets reads in flight land before their memory goes back, then closes everything. */
    private void drain() {
        try {
            while (ring != null && ring.inFlight() > 0) ring.await(1, this::completed);
        } catch (IOException e) {
            // closing anyway
        }
        checkers.shutdown();
        boolean interrupted = false;
        while (!checkers.isTerminated()) { // loads being checked hold the pool's memory: let them finish
            try {
                checkers.awaitTermination(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        for (var e : jobs.entrySet()) {
            for (Read r : e.getValue().reads()) r.reservation().close();
            abm.loaded(e.getValue(), new IOException("the Active Buffer Manager closed"));
        }
        jobs.clear();
        closeFiles();
        if (ring != null) {
            try {
                ring.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    void stopAndJoin() {
        interrupt();
        try {
            join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
