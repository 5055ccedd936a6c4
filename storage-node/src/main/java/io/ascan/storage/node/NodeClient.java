package io.ascan.storage.node;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ascan.catalog.Table;
import io.ascan.format.ColumnData;
import io.ascan.format.ColumnSpec;
import io.ascan.format.NodeUnavailableException;
import io.ascan.format.SegmentDecoder;
import io.ascan.format.SliceData;
import io.ascan.format.SliceMeta;
import io.ascan.format.TableSchema;
import io.ascan.io.AlignedBufferPool;
import io.ascan.memory.Allocators;
import io.ascan.scan.remote.RemoteStorage;
import io.grpc.ManagedChannel;
import io.grpc.netty.NettyChannelBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightGrpcUtils;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.flight.auth2.BearerCredentialWriter;
import org.apache.arrow.flight.grpc.CredentialCallOption;
import org.apache.arrow.flight.grpc.NettyClientBuilder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The compute side's connection to a storage node: the catalog it serves, and the two remote modes
 * of the AdaptiveScan (pull-up and pushdown), one {@code DoGet} per slice. What arrives goes into
 * the query's memory, so a query's accounting holds it: a pulled segment is handed over without a
 * copy when the query's allocator shares this client's root ({@link #newAllocator}: an engine over
 * the node's catalog makes its allocator there), and the engine's decoder checks its CRC32C
 * against the manifest it planned with; pushdown's vectors are copied. A failed call (the node refused
 * it, died or is unreachable) is an {@link IOException} naming the node; nothing of a slice is
 * returned unless all of it arrived.
 */
public final class NodeClient implements RemoteStorage, AutoCloseable {
    /**
     * How long a connection may stay silent before the client pings the node, and how long it then
     * waits for the answer before it fails every call on it as UNAVAILABLE (gRPC's least: 10 s).
     * The node permits pings this often ({@link StorageNode}).
     */
    static final Duration KEEPALIVE = Duration.ofSeconds(10);
    /**
     * The HTTP/2 window the node may send ahead of the client's reading, per call and per
     * connection: with gRPC's 1 MiB a pull of a slice's segments waited for a window update every
     * megabyte, a round trip through both sides' threads (docs/benchmarks.md: 1.5x the loopback rate).
     */
    static final int FLOW_CONTROL_WINDOW = 32 << 20;

    /**
     * How long a close waits for the background work of its calls (reads and closes, {@link
     * NodeCall}) to finish. The calls have ended by then (the channel is shut down), so this bounds
     * only that work, which on a loaded machine can take seconds.
     */
    static final Duration CLOSES_BOUND = Duration.ofSeconds(60);
    private static final Logger LOG = LoggerFactory.getLogger(NodeClient.class);

    private final Location location;
    /** The connection's root: the Flight client's allocator and every engine's over this node's catalog are its children. */
    private final BufferAllocator root;
    private final BufferAllocator allocator;
    private final ManagedChannel channel;
    private final FlightClient client;
    /** Reads and closes the calls' streams, on threads no query interrupts ({@link NodeCall}). */
    private final ExecutorService streams = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "storage-node-call");
        t.setDaemon(true);
        return t;
    });
    private final CallOption[] options;
    private final PullupRate pullup = new PullupRate();
    private final PullupThroughput pulled = new PullupThroughput();
    private volatile long linkBandwidth;

    /**
     * @param token        the bearer token, or null
     * @param trustedCerts PEM certificates to trust for TLS (null: the system's)
     */
    public NodeClient(Location location, String token, InputStream trustedCerts) {
        this.location = location;
        this.root = Allocators.root();
        this.allocator = root.newChildAllocator("storage node client " + location.getUri(), 0, root.getLimit());
        NettyClientBuilder b = new NettyClientBuilder(allocator, location);
        if (trustedCerts != null) b.trustedCertificates(trustedCerts);
        // a node whose machine or network goes away tells nobody: without pings a call waits for it forever
        NettyChannelBuilder channel = b.build().keepAliveTime(KEEPALIVE.toNanos(), TimeUnit.NANOSECONDS)
                .keepAliveTimeout(KEEPALIVE.toNanos(), TimeUnit.NANOSECONDS)
                .flowControlWindow(FLOW_CONTROL_WINDOW);
        this.channel = channel.build();
        this.client = FlightGrpcUtils.createFlightClient(allocator, this.channel);
        this.options = token == null ? new CallOption[0]
                : new CallOption[] {new CredentialCallOption(new BearerCredentialWriter(token))};
    }

    /**
     * A new allocator under this connection's root, beside the Flight client's: a segment that
     * arrives is moved into one of these by a transfer of ownership (Arrow allows that only within
     * one root) rather than copied. Close it before the client.
     */
    @Override
    public BufferAllocator newAllocator(String name) {
        return root.newChildAllocator(name, 0, root.getLimit());
    }

    @Override
    public long linkBandwidth() {
        return linkBandwidth;
    }

    /** The link's bandwidth, or less where this connection's pull-ups measured slower (0: neither known). */
    @Override
    public long pullupBandwidth() {
        long link = linkBandwidth, seen = pulled.best();
        return link == 0 ? seen : seen == 0 ? link : Math.min(link, seen);
    }

    /** Tells the client the link's bandwidth to the node ({@code storage.linkBandwidth}, bytes/s; 0: unknown). */
    public void linkBandwidth(long bytesPerSecond) {
        if (bytesPerSecond < 0) throw new IllegalArgumentException("storage.linkBandwidth must not be negative");
        this.linkBandwidth = bytesPerSecond;
    }

    public Location location() {
        return location;
    }

    /** {@code grpc://host:port} or {@code grpc+tls://host:port}, as users name a node (Flight says {@code grpc+tcp}). */
    @Override
    public String address() {
        java.net.URI uri = location.getUri();
        String scheme = uri.getScheme().equals("grpc+tls") ? RemoteCatalog.TLS_SCHEME : RemoteCatalog.SCHEME;
        return scheme + "://" + uri.getHost() + ":" + uri.getPort();
    }

    /** A table of the node's catalog: its name, version and the manifest file's text. */
    public record RemoteTable(String name, String version, String manifest) {}

    public List<RemoteTable> catalog() throws IOException {
        List<RemoteTable> out = new ArrayList<>();
        try {
            Iterator<Result> it = client.doAction(new Action(NodeProducer.CATALOG), options);
            while (it.hasNext()) {
                JsonNode n = Tickets.JSON.readTree(it.next().getBody());
                out.add(new RemoteTable(n.path("name").asText(), n.path("version").asText(), n.path("manifest").asText()));
            }
            return out;
        } catch (FlightRuntimeException e) {
            throw failed("reading the catalog", e);
        }
    }

    /**
     * Pull-up with decoding: {@link #pullSegments}, each segment then checked against the manifest and
     * loaded in place, as a scan's pull-up does ({@code HybridMaterializer}); {@code pool} is not needed.
     */
    @Override
    public Received<SliceData> pull(Table table, int[] columns, SliceMeta slice, AlignedBufferPool pool, BufferAllocator into)
            throws IOException {
        Received<List<ArrowBuf>> raw = pullSegments(table, columns, slice, into);
        List<ArrowBuf> segments = raw.value();
        ColumnData[] loaded = new ColumnData[columns.length];
        TableSchema schema = table.schema();
        try {
            for (int i = 0; i < columns.length; i++) {
                ArrowBuf b = segments.get(i);
                ColumnSpec spec = schema.column(columns[i]);
                SegmentDecoder.verify(table.name(), spec, slice, slice.segment(columns[i]),
                        MemorySegment.ofAddress(b.memoryAddress()).reinterpret(b.capacity()));
                loaded[i] = SegmentDecoder.load(table.name(), spec, slice, b, into);
            }
            return new Received<>(new SliceData(slice, List.of(loaded)), raw.rows(), raw.networkBytes());
        } catch (IOException | RuntimeException e) {
            for (ColumnData d : loaded) if (d != null) d.close();
            throw e;
        } finally {
            for (ArrowBuf b : segments) b.close(); // the loaded vectors hold their own references
        }
    }

    @Override
    public Received<List<ArrowBuf>> pullSegments(Table table, int[] columns, SliceMeta slice, BufferAllocator into)
            throws IOException {
        byte[] ticket = Tickets.withSlice(Tickets.pull(table, columns), slice.index());
        long moved = 0;
        pulled.started(System.nanoTime());
        try (NodeCall call = call(ticket)) {
            Received<List<ArrowBuf>> r = segments(call, table, columns, slice, ticket.length, into);
            moved = r.networkBytes();
            return r;
        } catch (FlightRuntimeException f) {
            throw failed("pulling slice " + slice.index() + " of " + table.name(), f);
        } finally {
            pulled.ended(System.nanoTime(), moved);
        }
    }

    /** The raw segments of {@code columns} of {@code slice} a call carries (a pull-up's, or a pushed-back pushdown's). */
    private Received<List<ArrowBuf>> segments(NodeCall call, Table table, int[] columns, SliceMeta slice, long ticketBytes,
                                              BufferAllocator into) throws IOException {
        FlightStream stream = call.stream();
        ArrowBuf[] raw = new ArrowBuf[columns.length];
        long bytes = ticketBytes;
        try {
            while (call.next()) {
                VectorSchemaRoot root = stream.getRoot();
                IntVector column = (IntVector) root.getVector(0);
                VarBinaryVector segment = (VarBinaryVector) root.getVector(1);
                for (int row = 0; row < root.getRowCount(); row++) {
                    int c = column.get(row), at = position(columns, c);
                    if (at < 0 || raw[at] != null) throw new IOException("storage node " + address()
                            + " sent column " + c + " of slice " + slice.index() + " unasked or twice");
                    long start = segment.getStartOffset(row), length = segment.getEndOffset(row) - start;
                    bytes += length;
                    raw[at] = take(segment.getDataBuffer(), start, length, slice.segment(c).decodedLength(), into);
                }
            }
            for (int i = 0; i < columns.length; i++) {
                if (raw[i] == null) throw new IOException("storage node " + address() + " did not send column "
                        + columns[i] + " of slice " + slice.index() + " of " + table.name());
            }
            return new Received<>(List.of(raw), slice.rowCount(), bytes);
        } catch (IOException | RuntimeException e) {
            for (ArrowBuf b : raw) if (b != null) b.close();
            throw e;
        }
    }

    /**
     * {@code length} bytes of a stream's buffer at {@code start} as a buffer of {@code into}: the same
     * memory when {@code into} shares this client's root (the stream lets go of it with its next batch,
     * and ownership, with the accounting, passes to {@code into}); a copy otherwise, and always for a
     * packed segment, which needs {@code expanded} bytes to be expanded in place.
     */
    private ArrowBuf take(ArrowBuf data, long start, long length, long expanded, BufferAllocator into) {
        ArrowBuf b;
        if (into.getRoot() == root && expanded <= length) {
            ArrowBuf view = data.slice(start, length);
            b = view.getReferenceManager().retain(view, into);
        } else {
            b = into.buffer(Math.max(Math.max(length, expanded), 1)); // room to expand a packed segment in place
            b.setBytes(0, data, start, length);
        }
        b.writerIndex(length);
        return b;
    }

    /** The slice's segments decoded (and checked) by the engine's decoder; the raw buffers are released. */
    private static List<ColumnData> decodeAll(Table table, int[] columns, SliceMeta slice, List<ArrowBuf> raw, AlignedBufferPool pool,
                                              BufferAllocator into) throws IOException {
        ColumnData[] decoded = new ColumnData[columns.length];
        TableSchema schema = table.schema();
        try {
            for (int i = 0; i < columns.length; i++) {
                ArrowBuf b = raw.get(i);
                decoded[i] = decode(table, schema.column(columns[i]), slice, columns[i], b, 0, b.writerIndex(), pool, into);
            }
            return List.of(decoded);
        } catch (IOException | RuntimeException e) {
            for (ColumnData d : decoded) if (d != null) d.close();
            throw e;
        } finally {
            for (ArrowBuf b : raw) b.close();
        }
    }

    private static int position(int[] columns, int c) {
        for (int i = 0; i < columns.length; i++) if (columns[i] == c) return i;
        return -1;
    }

    /** A segment's bytes into the pool's aligned memory, decoded (and checked) by the engine's decoder. */
    private static ColumnData decode(Table table, ColumnSpec spec, SliceMeta slice, int c, ArrowBuf data, long start, long length,
                                     AlignedBufferPool pool, BufferAllocator into) throws IOException {
        MemorySegment memory = pool.acquire(Math.max(length, slice.segment(c).memoryBytes())); // room to expand in place
        boolean handed = false;
        try {
            MemorySegment.copy(MemorySegment.ofAddress(data.memoryAddress()).reinterpret(data.capacity()), start, memory, 0, length);
            handed = true; // the decoder releases it, on failure too
            return SegmentDecoder.decode(table.name(), spec, slice, slice.segment(c), memory.asSlice(0, memory.byteSize()), into,
                    () -> pool.release(memory));
        } finally {
            if (!handed) pool.release(memory);
        }
    }

    @Override
    public void pulledUp(long bytes, long nanos) {
        pullup.pulled(bytes, nanos);
    }

    @Override
    public PushdownScan pushdown(Pushdown request) {
        return new PushdownCalls(request);
    }

    /**
     * One scan's pushdown requests: P and the columns encoded once into every ticket; R sent once,
     * registered on the node (action {@code filters}) and named by id in each ticket, released when
     * the scan's last session closes, registered again if the node let it go meanwhile.
     */
    private final class PushdownCalls implements PushdownScan {
        private final Pushdown request;
        private final ObjectNode base;
        private final byte[] filterBody; // null: no runtime filters
        private String filterId; // registered on the node, or null
        private int sessions;

        PushdownCalls(Pushdown request) {
            this.request = request;
            this.base = Tickets.pushdown(request);
            this.filterBody = request.filters().isEmpty() ? null : Tickets.registerFilters(request);
        }

        @Override
        public synchronized void opened() {
            sessions++;
        }

        @Override
        public void closed() {
            String release;
            synchronized (this) {
                if (--sessions > 0 || filterId == null) return;
                release = filterId;
                filterId = null;
            }
            try {
                Iterator<Result> it = client.doAction(new Action(Tickets.RELEASE, Tickets.release(release)), options);
                while (it.hasNext()) it.next();
            } catch (RuntimeException e) { // the node lets unused filters go by itself (NodeFilters.IDLE)
                LOG.debug("storage node {}: releasing runtime filters {} failed: {}", address(), release, e.toString());
            }
        }

        /** The id of the scan's registered filters, registering them first if needed; {@code sent[0]} gets the bytes that took. */
        private synchronized String filterId(long[] sent) {
            if (filterId == null) {
                Iterator<Result> it = client.doAction(new Action(Tickets.FILTERS, filterBody), options);
                if (!it.hasNext()) throw new IllegalStateException("storage node " + address() + " registered no filters");
                try {
                    filterId = ExprCodec.text(Tickets.JSON.readTree(it.next().getBody()).get("id"), "id");
                } catch (IOException e) {
                    throw new IllegalStateException("storage node " + address() + " answered the filters with no id", e);
                }
                while (it.hasNext()) it.next();
                sent[0] += filterBody.length;
            }
            return filterId;
        }

        private synchronized void forget(String id) {
            if (id.equals(filterId)) filterId = null;
        }

        @Override
        public Received<List<ColumnData>> slice(SliceMeta slice, AlignedBufferPool pool, BufferAllocator into) throws IOException {
            for (int attempt = 0; ; attempt++) {
                long[] sent = {0};
                String id = null;
                try {
                    ObjectNode o = pullup.stamp(base);
                    if (filterBody != null) o.put(Tickets.FILTER_ID, id = filterId(sent));
                    return slice(Tickets.withSlice(o, slice.index()), sent[0], slice, pool, into);
                } catch (FlightRuntimeException f) {
                    boolean gone = id != null && f.status().code() == FlightStatusCode.NOT_FOUND && f.getMessage() != null
                            && f.getMessage().contains(NodeFilters.GONE);
                    if (gone) forget(id);
                    if (!gone || attempt > 0) throw failed("pushdown on slice " + slice.index() + " of " + request.table().name(), f);
                }
            }
        }

        private Received<List<ColumnData>> slice(byte[] ticket, long sent, SliceMeta slice, AlignedBufferPool pool,
                                                 BufferAllocator into) throws IOException {
            List<ColumnData> out = new ArrayList<>();
            long bytes = ticket.length + sent;
            int rows = 0;
            try (NodeCall call = call(ticket)) {
                FlightStream stream = call.stream();
                if (pushedBack(stream)) { // the node's arbiter declined: the slice's raw segments, processed as pull-up
                    int[] read = request.readColumns();
                    Received<List<ArrowBuf>> raw = segments(call, request.table(), read, slice, bytes, into);
                    List<ColumnData> decoded = decodeAll(request.table(), read, slice, raw.value(), pool, into);
                    return new Received<>(decoded, raw.rows(), raw.networkBytes(), true);
                }
                List<List<FieldVector>> batches = new ArrayList<>();
                while (call.next()) {
                    VectorSchemaRoot root = stream.getRoot();
                    if (root.getRowCount() == 0) continue;
                    if (!batches.isEmpty()) throw new IOException("storage node " + address()
                            + " sent slice " + slice.index() + " in more than one batch");
                    List<FieldVector> copied = new ArrayList<>();
                    batches.add(copied);
                    for (FieldVector v : root.getFieldVectors()) {
                        bytes += v.getBufferSize();
                        copied.add(copy(v, root.getRowCount(), into));
                        out.add(new ColumnData(request.table().schema().column(request.readColumns()[out.size()]),
                                copied.getLast(), null, copied.getLast().getNullCount()));
                    }
                    rows = root.getRowCount();
                }
                return new Received<List<ColumnData>>(out, rows, bytes);
            } catch (IOException | RuntimeException e) {
                for (ColumnData d : out) d.close();
                throw e;
            }
        }
    }

    private static boolean pushedBack(FlightStream stream) {
        Map<String, String> meta = stream.getSchema().getCustomMetadata();
        return meta != null && "true".equals(meta.get(Tickets.PUSHBACK));
    }

    @Override
    public Received<byte[]> selectionBitmap(Table table, int[] columns, io.ascan.expr.Expr predicate, SliceMeta slice)
            throws IOException {
        return BitmapCalls.selectionBitmap(this, table, columns, predicate, slice);
    }

    @Override
    public Received<List<ColumnData>> selectedRows(Table table, int[] columns, SliceMeta slice, byte[] bitmap, BufferAllocator into)
            throws IOException {
        return BitmapCalls.selectedRows(this, table, columns, slice, bitmap, into);
    }

    /** A {@code DoGet} of {@code ticket}, read and closed where no interrupt reaches its stream ({@link NodeCall}). */
    NodeCall call(byte[] ticket) {
        return new NodeCall(client.getStream(new Ticket(ticket), options), streams);
    }

    /** A vector of the stream copied into {@code into} (the stream reuses its buffers for the next batch). */
    static FieldVector copy(FieldVector v, int rows, BufferAllocator into) {
        FieldVector target = v.getField().createVector(into);
        List<ArrowBuf> bufs = new ArrayList<>();
        try {
            for (ArrowBuf src : v.getFieldBuffers()) {
                long n = src == null ? 0 : src.capacity();
                ArrowBuf b = into.buffer(Math.max(n, 8));
                b.setZero(0, b.capacity());
                if (n > 0) b.setBytes(0, src, 0, n);
                b.writerIndex(n);
                bufs.add(b);
            }
            target.loadFieldBuffers(new ArrowFieldNode(rows, v.getNullCount()), bufs);
            return target;
        } catch (RuntimeException e) {
            target.close();
            throw e;
        } finally {
            for (ArrowBuf b : bufs) b.close();
        }
    }

    /** A failed call as an IOException naming the node: {@link NodeUnavailableException} if the node is gone. */
    IOException failed(String what, FlightRuntimeException e) {
        String message = "storage node " + address() + ": " + what + " failed: " + e.status().code()
                + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")");
        return e.status().code() == FlightStatusCode.UNAVAILABLE ? new NodeUnavailableException(message, e)
                : new IOException(message, e);
    }

    @Override
    public void close() throws InterruptedException {
        try {
            // ends every call at once, those abandoned on a dead connection too; their closes then return
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            streams.shutdown();
            if (!streams.awaitTermination(CLOSES_BOUND.toSeconds(), TimeUnit.SECONDS)) {
                LOG.warn("storage node {}: calls still closing after {} s; the memory they hold is reported as leaked",
                        address(), CLOSES_BOUND.toSeconds());
            }
            client.close();
        } finally {
            try {
                allocator.close();
            } finally {
                root.close(); // fails if an engine over this node's catalog is still open
            }
        }
    }
}
