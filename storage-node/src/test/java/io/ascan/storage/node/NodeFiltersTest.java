package io.ascan.storage.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.ascan.catalog.Table;
import io.ascan.codegen.rt.Hash;
import io.ascan.exec.store.BloomFilter;
import io.ascan.format.ColumnData;
import io.ascan.format.SliceMeta;
import io.ascan.scan.materializer.RuntimeFilter;
import io.ascan.scan.remote.RemoteStorage;
import io.ascan.testing.AllTypesTable;
import io.ascan.testing.LeakCheck;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Runtime filters R sent to the node once per scan, named by id in its pushdown requests, released at its end. */
@Timeout(120)
class NodeFiltersTest {
    static final int ROWS = 3000, SLICE_ROWS = 1000;
    @TempDir Path scratch;
    @RegisterExtension final LeakCheck leaks = new LeakCheck();
    private Table table;
    private int lCol;

    @BeforeEach
    void catalog() throws Exception {
        table = AllTypesTable.write(scratch.resolve("served"), ROWS, SLICE_ROWS);
        lCol = table.schema().indexOf("l");
    }

    private StorageNode node() throws Exception {
        return StorageNode.start(StorageNode.Settings.local(scratch.resolve("served")));
    }

    /** R: a Bloom filter over the hashes of l of every tenth row, as a join build hashes its keys. */
    private BloomFilter bloom(BufferAllocator a) {
        BloomFilter bloom = new BloomFilter(ROWS / 10, a);
        for (int r = 0; r < ROWS; r += 10) {
            if (AllTypesTable.expected(lCol, r) instanceof Long l) bloom.add(Hash.finish(Hash.combine(Hash.SEED, l)));
        }
        return bloom;
    }

    /** Reads i and l, outputs both; R on output column 1 (l). */
    private RemoteStorage.Pushdown pushdown(BloomFilter bloom) {
        return new RemoteStorage.Pushdown(table, new int[] {table.schema().indexOf("i"), lCol}, 2, null,
                List.of(new RuntimeFilter(bloom, new int[] {1})));
    }

    /** The rows of {@code slice} R lets pass, computed from the table's definition. */
    private static long expectedRows(BloomFilter bloom, SliceMeta slice, int lCol) {
        long n = 0;
        for (long r = slice.firstRow(); r < slice.firstRow() + slice.rowCount(); r++) {
            Object l = AllTypesTable.expected(lCol, (int) r);
            if (l != null && bloom.mightContain(Hash.finish(Hash.combine(Hash.SEED, (Long) l)))) n++;
        }
        return n;
    }

    private long slice(RemoteStorage.PushdownScan scan, SliceMeta slice, BloomFilter bloom, long[] bytes) throws Exception {
        RemoteStorage.Received<List<ColumnData>> r = scan.slice(slice, leaks.pool(), leaks.allocator());
        try {
            assertEquals(expectedRows(bloom, slice, lCol), r.rows(), "slice " + slice.index());
            if (!r.value().isEmpty()) {
                BigIntVector l = (BigIntVector) r.value().get(1).vector();
                for (int i = 0; i < r.rows(); i++) {
                    assertTrue(bloom.mightContain(Hash.finish(Hash.combine(Hash.SEED, l.get(i)))), "only tuples R passes");
                }
            }
            bytes[slice.index()] = r.networkBytes();
            return r.rows();
        } finally {
            for (ColumnData c : r.value()) c.close();
        }
    }

    @Test
    void aScanSendsItsFiltersOnceAndReleasesThemWhenItsLastSessionCloses() throws Exception {
        try (StorageNode node = node(); NodeClient client = new NodeClient(node.location(), null, null);
             BloomFilter bloom = bloom(leaks.allocator())) {
            RemoteStorage.Pushdown p = pushdown(bloom);
            int filterBytes = Tickets.registerFilters(p).length;
            RemoteStorage.PushdownScan scan = client.pushdown(p);
            scan.opened();
            scan.opened(); // two sessions, as two materializer workers
            List<SliceMeta> slices = table.manifest().slices();
            long[] bytes = new long[slices.size()];
            for (SliceMeta s : slices) slice(scan, s, bloom, bytes);
            assertEquals(1, node.filters().held().size(), "registered once for the scan");
            assertTrue(bytes[0] > filterBytes, "the first request carried the registration: " + bytes[0]);
            for (int i = 1; i < bytes.length; i++) {
                long shipped = expectedRows(bloom, slices.get(i), lCol) * 12; // i, l and their validity
                assertTrue(bytes[i] < shipped + filterBytes / 2, "slice " + i + " sent R again: " + bytes[i] + " bytes");
            }
            scan.closed();
            assertEquals(1, node.filters().held().size(), "a session still uses them");
            scan.closed();
            assertEquals(List.of(), node.filters().held(), "released with the scan's last session");
            // The node ends a request's use of the filters when its stream completes, which may
            // come after the client read the last batch: they are freed then.
            long deadline = System.nanoTime() + 30_000_000_000L; // a hang guard, not a timing claim
            while (node.filters().bytes() != 0 && System.nanoTime() < deadline) Thread.sleep(10);
            assertEquals(0, node.filters().bytes(), "freed once the last request using them ended");
        }
    }

    @Test
    void filtersTheNodeLetGoAreSentAgain() throws Exception {
        try (StorageNode node = node(); NodeClient client = new NodeClient(node.location(), null, null);
             BloomFilter bloom = bloom(leaks.allocator())) {
            RemoteStorage.PushdownScan scan = client.pushdown(pushdown(bloom));
            scan.opened();
            List<SliceMeta> slices = table.manifest().slices();
            long[] bytes = new long[slices.size()];
            slice(scan, slices.get(0), bloom, bytes);
            node.filters().release(node.filters().held().getFirst()); // as if unused for too long
            slice(scan, slices.get(1), bloom, bytes);
            assertEquals(1, node.filters().held().size());
            scan.closed();
            assertEquals(List.of(), node.filters().held());
        }
    }

    @Test
    void unusedFiltersExpireAndReleasedOnesInUseLastUntilTheirUseEnds() throws Exception {
        AtomicLong now = new AtomicLong();
        try (BufferAllocator root = new RootAllocator(); BloomFilter bloom = bloom(leaks.allocator())) {
            JsonNode body = Tickets.JSON.readTree(Tickets.registerFilters(pushdown(bloom)));
            try (NodeFilters filters = new NodeFilters(root, 1L << 20, now::get)) {
                String id = filters.register(body.get("filters"), 2);
                NodeFilters.Use use = filters.use(id, 2);
                filters.release(id);
                assertTrue(filters.bytes() > 0, "in use: still held");
                assertEquals(bloom.sizeBytes(), use.filters().getFirst().filter().sizeBytes());
                use.close();
                assertEquals(0, filters.bytes());

                String idle = filters.register(body.get("filters"), 2);
                filters.use(idle, 2).close();
                now.addAndGet(NodeFilters.IDLE + 1);
                FlightRuntimeException gone = assertThrows(FlightRuntimeException.class, () -> filters.use(idle, 2));
                assertEquals(FlightStatusCode.NOT_FOUND, gone.status().code());
                assertTrue(gone.getMessage().contains(NodeFilters.GONE), gone.getMessage());
                assertEquals(0, filters.bytes());
                assertThrows(ProtocolException.class, () -> filters.use(filters.register(body.get("filters"), 2), 3));
            }
            try (NodeFilters small = new NodeFilters(root, bloom.sizeBytes() + 64, now::get)) {
                small.register(body.get("filters"), 2); // unused: let go for the next
                small.register(body.get("filters"), 2);
                try (NodeFilters.Use u = small.use(small.held().getFirst(), 2)) {
                    assertThrows(OutOfMemoryException.class, () -> small.register(body.get("filters"), 2));
                }
                assertEquals(1, small.held().size());
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }
}
