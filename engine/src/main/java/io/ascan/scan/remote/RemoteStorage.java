package io.ascan.scan.remote;

import io.ascan.catalog.Table;
import io.ascan.expr.Expr;
import io.ascan.format.ColumnData;
import io.ascan.format.SliceData;
import io.ascan.format.SliceMeta;
import io.ascan.io.AlignedBufferPool;
import io.ascan.scan.materializer.RuntimeFilter;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A storage node across a network (FlexPushdownDB's storage layer): the compute side's view of it,
 * as the AdaptiveScan's two remote modes use it. The engine knows no transport; the storage-node
 * module implements this over Arrow Flight. Every call is for one slice, so a scan's materializer
 * workers keep as many requests in flight as they keep slices loading locally.
 */
public interface RemoteStorage {
    /** Where the node is, as users name it ({@code grpc://host:port}): for messages. */
    String address();

    /**
     * An allocator in the same root as the buffers the node's calls arrive in, for an engine over the
     * node's catalog: pulled segments are then handed to its queries without a copy (Arrow moves a
     * buffer between allocators only within one root). Null: the engine makes a root of its own.
     */
    default BufferAllocator newAllocator(String name) {
        return null;
    }

    /**
     * The link's bandwidth to the node in bytes/s as the connection was told it
     * ({@code storage.linkBandwidth}), for the adaptive scan's cost model; 0: unknown.
     */
    default long linkBandwidth() {
        return 0;
    }

    /**
     * The most pull-up can move from the node, bytes/s, for the cost model's bound on it: the link
     * ({@link #linkBandwidth}), or less where the connection measured its pull-ups slower (the
     * transport and the compute side's copies bind them on a fast link or none); 0: unknown.
     */
    default long pullupBandwidth() {
        return linkBandwidth();
    }

    /**
     * Pull-up: the raw segments of {@code columns} of {@code slice}, moved over the network and
     * decoded on the compute side (their CRC32C checked against the manifest the compute side
     * planned with) into {@code pool} memory accounted by {@code allocator}.
     */
    Received<SliceData> pull(Table table, int[] columns, SliceMeta slice, AlignedBufferPool pool, BufferAllocator allocator)
            throws IOException;

    /**
     * Pull-up without decoding, for the compute-side cache: the raw segments of {@code columns} of
     * {@code slice} as stored, one buffer of {@code allocator} per column in the order asked (the
     * caller owns them and checks each against the manifest before use).
     */
    Received<List<ArrowBuf>> pullSegments(Table table, int[] columns, SliceMeta slice, BufferAllocator allocator)
            throws IOException;

    /**
     * The compute side pulled up {@code bytes} in {@code nanos}, from the request to its decoded segments, the
     * emulated link's wait included (a pull-up, or a pushdown request the node pushed back): what a pull-up
     * costs this client, for the node's pushback arbiter.
     */
    default void pulledUp(long bytes, long nanos) {}

    /** One scan's pushdown requests: what they share is encoded once, by {@link #pushdown}. */
    PushdownScan pushdown(Pushdown request);

    /** A scan's pushdown, sent slice by slice. */
    interface PushdownScan {
        /**
         * The storage node reads {@code slice}, applies P and the runtime filters R, and ships the
         * passing tuples of the projected columns, copied into vectors of {@code allocator}. A node
         * whose pushback arbiter declines the work answers with the slice's raw segments instead:
         * then the reply is {@link Received#pushedBack()} and holds every read column of the whole
         * slice, decoded (and checked) into {@code pool} memory as pull-up does; P is still to be applied.
         */
        Received<List<ColumnData>> slice(SliceMeta slice, AlignedBufferPool pool, BufferAllocator allocator) throws IOException;

        /**
         * A session of the scan starts sending slices; {@link #closed} when it stops. Once the last
         * session stopped, the node may let go of what the scan sent it once (its runtime filters);
         * a later slice sends it again.
         */
        default void opened() {}

        default void closed() {}
    }

    /**
     * What a call returned and the bytes it moved over the network (both directions); {@code pushedBack}:
     * a pushdown request the storage node answered with raw segments (adaptive pushdown's pushback).
     */
    record Received<T>(T value, int rows, long networkBytes, boolean pushedBack) {
        public Received(T value, int rows, long networkBytes) {
            this(value, rows, networkBytes, false);
        }
    }

    /**
     * A selection bitmap from storage (FlexPushdownDB section 6.2): the node reads {@code columns}
     * (every column P reads) of {@code slice}, evaluates P and returns its
     * {@link io.ascan.scan.materializer.SelectionBitmap}; rows is the number of tuples it selects.
     */
    Received<byte[]> selectionBitmap(Table table, int[] columns, Expr predicate, SliceMeta slice) throws IOException;

    /**
     * A selection bitmap from compute: the node reads only {@code columns} of {@code slice} and ships
     * the tuples {@code bitmap} selects, copied into vectors of {@code allocator} (none when it
     * selects none).
     */
    Received<List<ColumnData>> selectedRows(Table table, int[] columns, SliceMeta slice, byte[] bitmap, BufferAllocator allocator)
            throws IOException;

    /**
     * One scan's pushdown: the slice's columns to read (the projection, then those only P reads),
     * how many of them are output, P over the table's columns (or null) and R (over output positions).
     */
    record Pushdown(Table table, int[] readColumns, int projected, Expr predicate, List<RuntimeFilter> filters) {
        public Pushdown {
            readColumns = readColumns.clone();
            filters = List.copyOf(filters);
        }
    }
}
