package io.ascan.scan.abm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.cache.ColumnFileVersion;
import io.ascan.cache.SegmentCache;
import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.catalog.TableReader;
import io.ascan.format.ColumnSpec;
import io.ascan.format.SliceData;
import io.ascan.format.SliceMeta;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import io.ascan.io.BlockReader;
import io.ascan.io.BlockReaders;
import io.ascan.io.IoMode;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The ABM under concurrent CScans of random slice ranges and column sets, under every policy:
 * each scan is handed each slice it needs exactly once, already resident (its reader reads
 * nothing from disk), its sums equal the table's by formula, the pool never holds more than its
 * capacity, and scans that end early leave nothing pinned. Futures have timeouts, so a deadlock
 * fails the test instead of hanging it.
 */
class ActiveBufferManagerTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();
    @TempDir Path dir;

    static final int COLUMNS = 4;
    static final int ROWS = 24_000;
    static final int SLICE_ROWS = 1_000;

    /** Column c of row r holds r * (c + 1) + c. */
    static long value(int c, long r) {
        return r * (c + 1) + c;
    }

    Table write() throws Exception {
        List<ColumnSpec> cols = new ArrayList<>();
        for (int c = 0; c < COLUMNS; c++) cols.add(ColumnSpec.of("c" + c, DataType.BIGINT));
        Catalog catalog = Catalog.create(dir);
        try (TableWriter w = catalog.create("t", TableSchema.of(cols.toArray(ColumnSpec[]::new)),
                WriteOptions.DEFAULTS.withMaxSliceRows(SLICE_ROWS).withPacked(true))) { // loads expand packed segments
            for (int r = 0; r < ROWS; r++) {
                for (int c = 0; c < COLUMNS; c++) w.setLong(c, value(c, r));
                w.endRow();
            }
            w.commit();
        }
        return catalog.table("t");
    }

    static long sliceBytes(Table t, int[] columns) {
        long max = 0;
        for (SliceMeta s : t.manifest().slices()) {
            long n = 0;
            for (int c : columns) n += s.segment(c).memoryBytes();
            max = Math.max(max, n);
        }
        return max;
    }

    /** How a scan ends. */
    enum End { COMPLETE, LIMIT, ERROR, CANCEL }

    record Outcome(List<Integer> slices, long[] sums, long readsFromDisk) {}

    /**
     * Takes slices until the scan is done or its end comes after {@code stopAfter} slices; sums
     * each column over the rows of every slice taken.
     */
    Outcome consume(ActiveBufferManager abm, Table t, int[] columns, List<SliceMeta> slices, End end, int stopAfter)
            throws Exception {
        ColumnFileVersion[] versions = TableReader.versions(t, columns);
        List<Integer> seen = new ArrayList<>();
        long[] sums = new long[columns.length];
        long disk = 0;
        try (CScan scan = abm.register(t, columns, slices, versions, new AbmCounts());
             BlockReader io = BlockReaders.open(IoMode.URING, 8)) {
            for (SliceLease next; (next = scan.next(() -> { })) != null; ) {
                SliceLease l = next;
                try (l; TableReader r = new TableReader(t, columns, List.of(l.slice()), io, memory.pool(),
                        memory.allocator(), abm.chunks(), versions);
                     SliceData d = r.next()) {
                    for (int i = 0; i < columns.length; i++) {
                        for (int row = 0; row < d.rowCount(); row++) sums[i] += d.column(i).getLong(row);
                    }
                    seen.add(l.slice().index());
                    disk += r.segmentsRead();
                }
                if (seen.size() == stopAfter) {
                    switch (end) {
                        case LIMIT -> scan.stop();
                        case ERROR -> throw new IllegalStateException("the consumer failed");
                        case CANCEL -> throw new InterruptedException("cancelled");
                        case COMPLETE -> { }
                    }
                }
            }
        } catch (IllegalStateException | InterruptedException e) {
            if (end == End.COMPLETE || end == End.LIMIT) throw e;
        }
        return new Outcome(seen, sums, disk);
    }

    static long expected(int column, int slice) {
        long sum = 0;
        for (long r = (long) slice * SLICE_ROWS; r < (long) (slice + 1) * SLICE_ROWS; r++) sum += value(column, r);
        return sum;
    }

    @ParameterizedTest
    @ValueSource(strings = {"normal", "attach", "elevator", "relevance"})
    void concurrentScansEachGetTheirSlicesOnceWithinThePool(String policy) throws Exception {
        Table t = write();
        int n = t.manifest().slices().size();
        long oneSlice = sliceBytes(t, new int[] {0, 1, 2, 3});
        Random random = new Random(policy.hashCode() * 31L + 7);
        ExecutorService threads = Executors.newCachedThreadPool();
        try {
            for (int round = 0; round < 16; round++) {
                long capacity = oneSlice + random.nextLong(oneSlice * n / 2);
                try (ActiveBufferManager abm = new ActiveBufferManager(SegmentCache.create(memory.allocator(), capacity),
                        AbmPolicy.of(policy), IoMode.URING, 0)) {
                    int scans = 2 + random.nextInt(7);
                    List<Future<Outcome>> futures = new ArrayList<>();
                    List<int[]> columns = new ArrayList<>();
                    List<List<SliceMeta>> needed = new ArrayList<>();
                    List<End> ends = new ArrayList<>();
                    List<Integer> stops = new ArrayList<>();
                    for (int s = 0; s < scans; s++) {
                        int from = random.nextInt(n), to = from + 1 + random.nextInt(n - from);
                        List<SliceMeta> slices = new ArrayList<>(t.manifest().slices().subList(from, to));
                        if (random.nextBoolean()) slices.removeIf(x -> random.nextInt(4) == 0); // zone-map pruning leaves gaps
                        TreeSet<Integer> cs = new TreeSet<>();
                        while (cs.isEmpty()) for (int c = 0; c < COLUMNS; c++) if (random.nextBoolean()) cs.add(c);
                        int[] cols = cs.stream().mapToInt(Integer::intValue).toArray();
                        End end = random.nextInt(3) == 0 ? End.values()[1 + random.nextInt(3)] : End.COMPLETE;
                        int stop = 1 + random.nextInt(Math.max(1, slices.size()));
                        columns.add(cols);
                        needed.add(slices);
                        ends.add(end);
                        stops.add(stop);
                        futures.add(threads.submit(() -> consume(abm, t, cols, slices, end, stop)));
                    }
                    for (int s = 0; s < scans; s++) {
                        Outcome o = futures.get(s).get(60, TimeUnit.SECONDS); // a deadlock fails here
                        Set<Integer> unique = new HashSet<>(o.slices());
                        assertEquals(o.slices().size(), unique.size(), "a slice handed out twice: " + o.slices());
                        Set<Integer> want = new HashSet<>();
                        for (SliceMeta m : needed.get(s)) want.add(m.index());
                        assertTrue(want.containsAll(unique), "a slice the scan does not need: " + o.slices());
                        if (ends.get(s) == End.COMPLETE) assertEquals(want, unique, "scan " + s + " under " + policy);
                        else assertEquals(Math.min(stops.get(s), want.size()), unique.size(), ends.get(s) + " after " + stops.get(s));
                        assertEquals(0, o.readsFromDisk(), "a handed-out slice is resident");
                        for (int i = 0; i < columns.get(s).length; i++) {
                            long sum = 0;
                            for (int slice : unique) sum += expected(columns.get(s)[i], slice);
                            assertEquals(sum, o.sums()[i], "column " + columns.get(s)[i] + " of scan " + s);
                        }
                    }
                    assertTrue(abm.chunks().statistics().highWater() <= capacity, abm.chunks().statistics().toString());
                    assertNothingPinned(abm, capacity);
                }
            }
        } finally {
            threads.shutdownNow();
            assertTrue(threads.awaitTermination(30, TimeUnit.SECONDS));
        }
    }

    /** Every chunk is evictable again: a reservation of the whole pool succeeds. */
    static void assertNothingPinned(ActiveBufferManager abm, long capacity) throws InterruptedException {
        assertTrue(abm.awaitLoads(30_000), "loads still in flight");
        try (SegmentCache.Reservation r = abm.chunks().reserve(capacity / 4096 * 4096)) {
            assertNotNull(r, "chunks still pinned: " + abm.chunks().statistics());
        }
    }

    @Test
    void aPoolSmallerThanOneSliceStillServesEverySliceReadFromDisk() throws Exception {
        Table t = write();
        int[] all = {0, 1, 2, 3};
        long capacity = sliceBytes(t, all) / 2;
        try (ActiveBufferManager abm = new ActiveBufferManager(SegmentCache.create(memory.allocator(), capacity),
                AbmPolicy.of("relevance"), IoMode.URING, 0)) {
            AbmCounts counts = new AbmCounts();
            List<Integer> seen = new ArrayList<>();
            try (CScan scan = abm.register(t, all, t.manifest().slices(), TableReader.versions(t, all), counts)) {
                for (SliceLease next; (next = scan.next(() -> { })) != null; ) {
                    try (SliceLease l = next) {
                        seen.add(l.slice().index());
                    }
                }
            }
            assertEquals(t.manifest().slices().size(), seen.size());
            assertEquals(seen.size(), counts.figures().unpooled());
            assertEquals(0, abm.statistics().loads());
        }
    }

    @Test
    void everyLoadIsReportedOnceAndEmptyingThePoolMakesTheNextScanCold() throws Exception {
        Table t = write();
        int[] cols = {1, 2};
        int n = t.manifest().slices().size();
        try (ActiveBufferManager abm = new ActiveBufferManager(SegmentCache.create(memory.allocator(), sliceBytes(t, cols) * n),
                AbmPolicy.of("relevance"), IoMode.URING, 0)) {
            List<ActiveBufferManager.LoadEvent> events = java.util.Collections.synchronizedList(new ArrayList<>());
            abm.onLoad(events::add);
            consume(abm, t, cols, t.manifest().slices(), End.COMPLETE, 0);
            assertTrue(abm.awaitLoads(30_000));
            Set<Integer> loaded = new TreeSet<>();
            for (ActiveBufferManager.LoadEvent e : events) assertTrue(loaded.add(e.slice()), "slice loaded twice: " + e);
            assertEquals(n, loaded.size());
            assertEquals(abm.statistics().loads(), events.size());
            assertEquals(abm.statistics().bytesRead(), events.stream().mapToLong(ActiveBufferManager.LoadEvent::bytes).sum());
            assertEquals(abm.statistics().chunkReads(), events.stream().mapToLong(ActiveBufferManager.LoadEvent::chunks).sum());

            consume(abm, t, cols, t.manifest().slices(), End.COMPLETE, 0); // the pool holds the table: no load
            assertEquals(n, events.size());
            assertTrue(abm.emptyPool(30_000) > 0);
            assertEquals(0, abm.chunks().statistics().bytes());
            consume(abm, t, cols, t.manifest().slices(), End.COMPLETE, 0); // cold again: every slice loaded anew
            assertEquals(2 * n, events.size());
            abm.onLoad(null);
        }
    }

    @Test
    void aWaitingScanIsWokenByStopAndByCancellation() throws Exception {
        Table t = write();
        int[] all = {0, 1, 2, 3};
        long capacity = sliceBytes(t, all) * 2;
        ExecutorService threads = Executors.newCachedThreadPool();
        try (ActiveBufferManager abm = new ActiveBufferManager(SegmentCache.create(memory.allocator(), capacity),
                AbmPolicy.of("normal"), IoMode.URING, 0)) {
            CScan holder = abm.register(t, all, t.manifest().slices(), TableReader.versions(t, all), new AbmCounts());
            // The holder takes two slices and keeps them: the pool is full of its pins.
            SliceLease a = holder.next(() -> { }), b = holder.next(() -> { });
            CScan waiting = abm.register(t, all, t.manifest().slices().subList(5, 10), TableReader.versions(t, all),
                    new AbmCounts());
            Future<SliceLease> stopped = threads.submit(() -> waiting.next(() -> { }));
            waiting.stop();
            assertNull(stopped.get(30, TimeUnit.SECONDS));
            waiting.close();
            CScan cancelled = abm.register(t, all, t.manifest().slices().subList(5, 10), TableReader.versions(t, all),
                    new AbmCounts());
            java.util.concurrent.atomic.AtomicBoolean cancel = new java.util.concurrent.atomic.AtomicBoolean();
            Future<SliceLease> f = threads.submit(() -> cancelled.next(() -> {
                if (cancel.get()) throw new InterruptedException("cancelled");
            }));
            cancel.set(true);
            try {
                f.get(30, TimeUnit.SECONDS);
                throw new AssertionError("the wait was not cancelled");
            } catch (java.util.concurrent.ExecutionException e) {
                assertTrue(e.getCause() instanceof InterruptedException, e.toString());
            }
            cancelled.close();
            holder.close(); // closes a and b: unregistering frees what the scan held
            a.close();
            b.close();
            assertNothingPinned(abm, capacity);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aCorruptChunkFailsTheScansThatNeedItOnly() throws Exception {
        Table t = write();
        SliceMeta bad = t.manifest().slices().get(3);
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(t.columnFile(1).toFile(), "rw")) {
            long at = bad.segment(1).offset() + bad.segment(1).length() - 1;
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0xff);
        }
        long capacity = sliceBytes(t, new int[] {0, 1, 2, 3}) * 4;
        try (ActiveBufferManager abm = new ActiveBufferManager(SegmentCache.create(memory.allocator(), capacity),
                AbmPolicy.of("relevance"), IoMode.URING, 0)) {
            java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                    () -> consume(abm, t, new int[] {0, 1}, t.manifest().slices(), End.COMPLETE, 0));
            assertTrue(e.getMessage().contains("CRC32C"), e.getMessage());
            Outcome other = consume(abm, t, new int[] {0, 2}, t.manifest().slices(), End.COMPLETE, 0);
            assertEquals(t.manifest().slices().size(), other.slices().size(), "a scan not reading the column is not failed");
            assertNothingPinned(abm, capacity);
        }
    }
}
