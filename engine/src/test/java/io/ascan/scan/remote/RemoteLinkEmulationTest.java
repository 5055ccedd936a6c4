package io.ascan.scan.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ascan.format.ColumnData;
import io.ascan.format.SliceData;
import io.ascan.format.SliceMeta;
import io.ascan.scan.materializer.Materializer;
import io.ascan.scan.materializer.ScanInput;
import io.ascan.topology.Interconnect;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The client-side token bucket ({@code interconnect.bandwidth}) over a storage node: each remote
 * mode charges the emulated link with the bytes its calls moved over the network, so the link can
 * be emulated where a real one cannot be shaped.
 */
class RemoteLinkEmulationTest {
    private static final SliceMeta SLICE = new SliceMeta(0, 0, 0, List.of());

    /** A node whose every call moved {@code bytes} and returned nothing. */
    private static RemoteStorage node(long bytes) {
        return new RemoteStorage() {
            @Override
            public Received<SliceData> pull(io.ascan.catalog.Table table, int[] columns, SliceMeta slice,
                                            io.ascan.io.AlignedBufferPool pool, org.apache.arrow.memory.BufferAllocator allocator) {
                return new Received<>(new SliceData(slice, List.of()), 0, bytes);
            }

            @Override
            public PushdownScan pushdown(Pushdown request) {
                return (slice, pool, allocator) -> new Received<List<ColumnData>>(List.of(), 0, bytes);
            }

            @Override
            public Received<List<org.apache.arrow.memory.ArrowBuf>> pullSegments(io.ascan.catalog.Table table, int[] columns,
                                                                                SliceMeta slice, org.apache.arrow.memory.BufferAllocator allocator) {
                return new Received<>(List.of(), 0, bytes);
            }

            @Override
            public Received<byte[]> selectionBitmap(io.ascan.catalog.Table table, int[] columns, io.ascan.expr.Expr predicate,
                                                    SliceMeta slice) {
                return new Received<>(new byte[0], 0, bytes);
            }

            @Override
            public Received<List<io.ascan.format.ColumnData>> selectedRows(io.ascan.catalog.Table table, int[] columns,
                                                                          SliceMeta slice, byte[] bitmap,
                                                                          org.apache.arrow.memory.BufferAllocator allocator) {
                return new Received<>(List.of(), 0, bytes);
            }

            @Override
            public String address() {
                return "grpc://test";
            }
        };
    }

    /** A link fast enough that no charge waits noticeably. */
    private static ScanInput input(Interconnect link) {
        return new ScanInput(null, new int[0], 0, null, null, null, null, link, null, null);
    }

    @Test
    void pullUpChargesItsNetworkBytes() throws Exception {
        Interconnect link = new Interconnect(1L << 40, 1L << 30);
        Materializer m = new RemoteDirectMaterializer(input(link), node(12_345));
        try (Materializer.Session s = m.open()) {
            s.materialize(SLICE);
            s.materialize(SLICE);
        }
        assertEquals(2 * 12_345, link.bytesMoved());
    }

    @Test
    void pushdownChargesItsNetworkBytesEvenWhenNoTuplePasses() throws Exception {
        Interconnect link = new Interconnect(1L << 40, 1L << 30);
        Materializer m = new RemotePushdownMaterializer(input(link), null, List.of(), node(777));
        try (Materializer.Session s = m.open()) {
            s.materialize(SLICE);
        }
        assertEquals(777, link.bytesMoved());
    }
}
