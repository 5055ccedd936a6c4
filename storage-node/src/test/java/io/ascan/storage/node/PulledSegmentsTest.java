package io.ascan.storage.node;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.format.SegmentMeta;
import io.ascan.format.SliceMeta;
import io.ascan.scan.remote.RemoteStorage;
import io.ascan.testing.AllTypesTable;
import io.ascan.testing.LeakCheck;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.AllocationListener;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pulled segments reach the caller's allocator as the column files hold them: handed over without
 * an allocation of the caller's when it shares the client's root ({@link NodeClient#newAllocator})
 * and the segment is not packed (a packed one needs room to be expanded in), copied otherwise; either way everything returns at close (the client's close fails otherwise).
 */
class PulledSegmentsTest {
    @TempDir Path scratch;
    @RegisterExtension final LeakCheck memory = new LeakCheck();
    private Table table;

    @BeforeEach
    void catalog() throws Exception {
        table = AllTypesTable.write(scratch.resolve("served"), 3000, 1000, true); // some segments packed
    }

    /** Counts the buffers allocated in an allocator. */
    private static final class Allocations implements AllocationListener {
        final AtomicInteger count = new AtomicInteger();

        @Override
        public void onAllocation(long size) {
            count.incrementAndGet();
        }
    }

    @Test
    void anAllocatorUnderTheClientsRootTakesTheStreamsBuffersWithoutAllocating() throws Exception {
        try (StorageNode node = StorageNode.start(StorageNode.Settings.local(scratch.resolve("served")));
             NodeClient client = new NodeClient(node.location(), null, null)) {
            Allocations allocations = new Allocations();
            try (BufferAllocator engine = client.newAllocator("engine");
                 BufferAllocator query = engine.newChildAllocator("query", allocations, 0, Long.MAX_VALUE)) {
                pullAndCompare(client, query);
                long packed = table.manifest().slices().stream().flatMap(sl -> sl.segments().stream())
                        .filter(m -> m.encoding() == io.ascan.format.Encoding.PACKED).count();
                assertTrue(packed > 0 && packed < AllTypesTable.SCHEMA.size() * table.manifest().slices().size(), "packed " + packed);
                assertEquals(packed, allocations.count.get(),
                        "plain segments handed over, packed ones copied into buffers with room to expand them");
                assertEquals(0, query.getAllocatedMemory());
            }
        }
    }

    @Test
    void anAllocatorOfAnotherRootGetsCopies() throws Exception {
        try (StorageNode node = StorageNode.start(StorageNode.Settings.local(scratch.resolve("served")));
             NodeClient client = new NodeClient(node.location(), null, null)) {
            Allocations allocations = new Allocations();
            try (BufferAllocator query = memory.allocator().newChildAllocator("query", allocations, 0, Long.MAX_VALUE)) {
                pullAndCompare(client, query);
                assertEquals(AllTypesTable.SCHEMA.size() * table.manifest().slices().size(), allocations.count.get());
            }
        }
    }

    /** Every slice's segments pulled into {@code into}, each equal to the column file's bytes at its offset. */
    private void pullAndCompare(NodeClient client, BufferAllocator into) throws Exception {
        int[] columns = AllTypesTable.allColumns();
        for (SliceMeta slice : table.manifest().slices()) {
            RemoteStorage.Received<List<ArrowBuf>> r = client.pullSegments(table, columns, slice, into);
            try {
                for (int i = 0; i < columns.length; i++) {
                    SegmentMeta meta = slice.segment(columns[i]);
                    ArrowBuf b = r.value().get(i);
                    assertEquals(meta.length(), b.writerIndex());
                    byte[] got = new byte[(int) meta.length()];
                    b.getBytes(0, got);
                    assertArrayEquals(fileBytes(columns[i], meta), got, "column " + columns[i] + " of slice " + slice.index());
                }
            } finally {
                for (ArrowBuf b : r.value()) b.close();
            }
        }
    }

    private byte[] fileBytes(int column, SegmentMeta meta) throws Exception {
        ByteBuffer buf = ByteBuffer.allocate((int) meta.length());
        try (FileChannel ch = FileChannel.open(table.columnFile(column))) {
            while (buf.hasRemaining()) ch.read(buf, meta.offset() + buf.position());
        }
        return buf.array();
    }
}
