package io.ascan.storage.node;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ascan.cache.CacheCounts;
import io.ascan.cache.SegmentCache;
import io.ascan.catalog.Table;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.format.ArrowTypes;
import io.ascan.format.ColumnData;
import io.ascan.format.ColumnSpec;
import io.ascan.format.DamagedTableException;
import io.ascan.format.SegmentMeta;
import io.ascan.format.SliceMeta;
import io.ascan.io.AlignedBufferPool;
import io.ascan.io.IoMode;
import io.ascan.scan.Rowset;
import io.ascan.scan.materializer.Materializer;
import io.ascan.scan.materializer.PushdownMaterializer;
import io.ascan.scan.materializer.RuntimeFilter;
import io.ascan.scan.materializer.ScanInput;
import io.ascan.storage.node.pushback.NodePushback;
import io.ascan.topology.Interconnect;
import io.ascan.types.TypeKind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.ActionType;
import org.apache.arrow.flight.BackpressureStrategy;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.Criteria;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.NoOpFlightProducer;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a storage node does per Flight call. Actions: {@code catalog} (one result per table: its
 * name, version and manifest with zone maps and statistics). {@code DoGet} tickets ({@link Tickets}):
 * {@code pull} streams a slice's raw column segments (one row of {@code column, segment} each);
 * {@code pushdown} reads slices into the node's memory, applies P and R with the engine's
 * {@link PushdownMaterializer} and streams the compacted tuples as plain Arrow batches (one per
 * slice that keeps any). {@code GetFlightInfo} on a table's path gives its schema and one
 * endpoint per range of slices, each a pushdown ticket without P, so any Flight reader can read
 * the table in parallel. At most {@code storage.threads} slices are read and filtered at once;
 * every stream waits for its client (back-pressure) and releases its buffers when cancelled.
 */
final class NodeProducer extends NoOpFlightProducer {
    private static final Logger LOG = LoggerFactory.getLogger(NodeProducer.class);
    static final String CATALOG = "catalog";
    /** Slices per endpoint of {@code GetFlightInfo}. */
    static final int SLICES_PER_ENDPOINT = 16;
    private static final long WAIT_MILLIS = TimeUnit.MINUTES.toMillis(10);

    private final ServedCatalog catalog;
    private final BufferAllocator allocator;
    private final AlignedBufferPool pool;
    private final SegmentCache cache;
    private final Semaphore storageThreads;
    private final int maxRequestBytes;
    private final IoMode io;
    private final NodePushback pushback;
    private volatile Location location;
    /** Streams waiting for their client to read. */
    private final AtomicInteger waiting = new AtomicInteger();
    private final NodeBitmaps bitmaps;
    private final NodeFilters filters;
    /** The most the registered runtime filters of all scans may hold: a quarter of the node's memory, at most 256 MiB. */
    static final long FILTER_BYTES = 256L << 20;

    NodeProducer(ServedCatalog catalog, BufferAllocator allocator, AlignedBufferPool pool, SegmentCache cache, int storageThreads,
                 int maxRequestBytes, IoMode io, NodePushback pushback) {
        this.catalog = catalog;
        this.pushback = pushback;
        this.allocator = allocator;
        this.pool = pool;
        this.cache = cache;
        this.storageThreads = new Semaphore(storageThreads);
        this.maxRequestBytes = maxRequestBytes;
        this.io = io;
        this.bitmaps = new NodeBitmaps(catalog, pool, cache, this.storageThreads, io, this::send);
        this.filters = new NodeFilters(allocator, Math.min(FILTER_BYTES, allocator.getLimit() / 4), System::nanoTime);
    }

    NodeFilters filters() {
        return filters;
    }

    /** Releases what the node holds for its clients (registered runtime filters); the calls have ended. */
    void close() {
        filters.close();
    }

    /** How many streams wait for their client to read now. */
    int waiting() {
        return waiting.get();
    }

    void location(Location location) {
        this.location = location;
    }

    @Override
    public void listActions(CallContext context, StreamListener<ActionType> listener) {
        listener.onNext(new ActionType(CATALOG, "every table: name, version, manifest (schema, slices, zone maps, statistics)"));
        listener.onNext(new ActionType(Tickets.FILTERS, "registers a pushdown scan's runtime filters: {v, projected, filters} -> {id}"));
        listener.onNext(new ActionType(Tickets.RELEASE, "releases registered runtime filters: {v, id}"));
        listener.onCompleted();
    }

    @Override
    public void doAction(CallContext context, Action action, StreamListener<Result> listener) {
        try {
            if (action.getType().equals(Tickets.FILTERS) || action.getType().equals(Tickets.RELEASE)) {
                filterAction(action, listener);
                return;
            }
            if (!action.getType().equals(CATALOG)) throw new ProtocolException("unknown action '" + action.getType() + "'");
            for (String name : catalog.catalog().tableNames()) {
                try (ServedCatalog.Served s = catalog.table(name, null)) {
                    ObjectNode o = Tickets.JSON.createObjectNode();
                    o.put("v", Tickets.VERSION);
                    o.put("name", s.table().name());
                    o.put("version", s.table().version());
                    o.put("manifest", new String(catalog.manifestBytes(s.table()), StandardCharsets.UTF_8));
                    listener.onNext(new Result(Tickets.bytes(o)));
                } catch (DamagedTableException | ProtocolException e) {
                    LOG.warn("not serving table {}: {}", name, e.getMessage());
                }
            }
            listener.onCompleted();
        } catch (Exception e) {
            listener.onError(status(e));
        }
    }

    private void filterAction(Action action, StreamListener<Result> listener) {
        com.fasterxml.jackson.databind.JsonNode body = Tickets.actionBody(action.getBody(), maxRequestBytes);
        if (action.getType().equals(Tickets.RELEASE)) {
            filters.release(ExprCodec.text(body.get("id"), "id"));
        } else {
            com.fasterxml.jackson.databind.JsonNode list = body.get("filters");
            if (list == null || !list.isArray()) throw new ProtocolException("filters must be an array");
            ObjectNode o = Tickets.JSON.createObjectNode();
            o.put("id", filters.register(list, ExprCodec.integer(body.get("projected"), "projected")));
            listener.onNext(new Result(Tickets.bytes(o)));
        }
        listener.onCompleted();
    }

    @Override
    public void listFlights(CallContext context, Criteria criteria, StreamListener<FlightInfo> listener) {
        try {
            for (String name : catalog.catalog().tableNames()) {
                try {
                    listener.onNext(info(FlightDescriptor.path(name)));
                } catch (DamagedTableException | ProtocolException e) {
                    LOG.warn("not listing table {}: {}", name, e.getMessage());
                }
            }
            listener.onCompleted();
        } catch (Exception e) {
            listener.onError(status(e));
        }
    }

    @Override
    public FlightInfo getFlightInfo(CallContext context, FlightDescriptor descriptor) {
        try {
            return info(descriptor);
        } catch (Exception e) {
            throw status(e);
        }
    }

    private FlightInfo info(FlightDescriptor descriptor) throws IOException {
        if (!descriptor.isCommand() && descriptor.getPath().size() == 1) {
            try (ServedCatalog.Served s = catalog.table(descriptor.getPath().getFirst(), null)) {
                Table t = s.table();
                int[] all = new int[t.schema().size()];
                for (int i = 0; i < all.length; i++) all[i] = i;
                ObjectNode base = Tickets.JSON.createObjectNode();
                base.put("v", Tickets.VERSION);
                base.put("kind", Tickets.PUSHDOWN);
                base.put("table", t.name());
                base.put("version", t.version());
                ArrayNode cols = base.putArray("columns");
                for (int c : all) cols.add(c);
                base.put("projected", all.length);
                base.put(Tickets.DECIMAL128, true);
                List<FlightEndpoint> endpoints = new ArrayList<>();
                int slices = t.manifest().slices().size();
                for (int from = 0; from < slices; from += SLICES_PER_ENDPOINT) {
                    ObjectNode o = base.deepCopy();
                    o.put("slice", from);
                    o.put("count", Math.min(SLICES_PER_ENDPOINT, slices - from));
                    Location l = location;
                    endpoints.add(l == null ? new FlightEndpoint(new Ticket(Tickets.bytes(o)))
                            : new FlightEndpoint(new Ticket(Tickets.bytes(o)), l));
                }
                return new FlightInfo(schema(t, all, all.length, true), descriptor, endpoints, -1, t.rowCount());
            }
        }
        throw new ProtocolException("a flight descriptor is a table's path: one name");
    }

    /**
     * The plain Arrow schema of columns {@code columns[0..n)} (dictionary-encoded segments are shipped decoded);
     * DECIMAL as decimal128 for other engines, else as ascan's scaled int64.
     */
    static Schema schema(Table t, int[] columns, int n, boolean decimal128) {
        List<Field> fields = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ColumnSpec c = t.schema().column(columns[i]);
            fields.add(decimal128 ? ArrowTypes.resultField(c.name(), c.type()) : ArrowTypes.field(c, false));
        }
        return new Schema(fields);
    }

    @Override
    public void getStream(CallContext context, Ticket ticket, ServerStreamListener listener) {
        Tickets.Request r;
        try {
            r = Tickets.read(ticket.getBytes(), maxRequestBytes);
        } catch (RuntimeException e) {
            listener.error(status(e));
            return;
        }
        try (ServedCatalog.Served s = catalog.table(r.table(), r.version());
             BufferAllocator a = allocator.newChildAllocator("request " + r.kind() + " " + r.table(), 0, allocator.getLimit())) {
            Table t = s.table();
            List<SliceMeta> slices = slices(t, r);
            check(t, r);
            if (r.kind().equals(Tickets.PULL)) {
                pull(t, r, slices.getFirst(), listener, a, false);
            } else if (NodeBitmaps.serves(r.kind())) {
                bitmaps.serve(t, r, slices.getFirst(), listener, a);
            } else if (r.pushback() && slices.size() == 1) { // a client that can take the raw segments instead
                try (NodePushback.Admission admission = pushback.admit(t.name(), r.columns(), r.predicate(),
                        inBytes(r, slices.getFirst()), r.pullupNanosPerByte())) {
                    if (admission.pushedBack()) {
                        pull(t, r, slices.getFirst(), listener, a, true);
                    } else {
                        pushdown(t, r, slices, listener, a, admission);
                    }
                }
            } else {
                pushdown(t, r, slices, listener, a, null);
            }
        } catch (Exception e) {
            LOG.debug("request failed", e);
            listener.error(status(e));
        }
    }

    private static List<SliceMeta> slices(Table t, Tickets.Request r) {
        List<SliceMeta> all = t.manifest().slices();
        int count = r.count();
        if (r.slice() < 0 || count < 1 || r.slice() > all.size() - count || (!r.kind().equals(Tickets.PUSHDOWN) && count != 1)) {
            throw new ProtocolException("slices " + r.slice() + "+" + count + " are not in table '" + t.name() + "' ("
                    + all.size() + " slices)");
        }
        return all.subList(r.slice(), r.slice() + count);
    }

    private static void check(Table t, Tickets.Request r) {
        int width = t.schema().size();
        for (int c : r.columns()) {
            if (c < 0 || c >= width) throw new ProtocolException("column " + c + " is not in table '" + t.name() + "' (" + width + " columns)");
        }
        if (r.projected() < 0 || r.projected() > r.columns().length) {
            throw new ProtocolException("projected " + r.projected() + " of " + r.columns().length + " columns");
        }
    }

    /** The raw bytes of the slice's segments a request reads. */
    private static long inBytes(Tickets.Request r, SliceMeta slice) {
        long n = 0;
        for (int c : r.columns()) n += slice.segment(c).length();
        return n;
    }

    /**
     * Pull-up: the slice's raw segments, as on disk (the compute side checks their CRC against its manifest);
     * also the answer to a pushdown request pushed back, marked so in the schema's metadata. Returns the
     * segment bytes sent (0 when the client went away), having measured the transfer for the pushback arbiter.
     */
    private long pull(Table t, Tickets.Request r, SliceMeta slice, ServerStreamListener listener, BufferAllocator a,
                      boolean pushedBack) throws IOException, InterruptedException {
        long start = System.nanoTime(), sent = 0;
        Schema schema = new Schema(List.of(Field.notNullable("column", new ArrowType.Int(32, true)),
                Field.notNullable("segment", ArrowType.Binary.INSTANCE)), pushedBack ? Map.of(Tickets.PUSHBACK, "true") : Map.of());
        BackpressureStrategy ready = new ClientReadiness();
        ready.register(listener);
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, a)) {
            listener.start(root);
            IntVector column = (IntVector) root.getVector(0);
            VarBinaryVector segment = (VarBinaryVector) root.getVector(1);
            for (int c : r.columns()) {
                if (listener.isCancelled()) return 0;
                SegmentMeta meta = slice.segment(c);
                root.clear();
                column.allocateNew(1);
                column.set(0, c);
                segment.allocateNew(Math.max(meta.length(), 1), 1);
                read(t, c, meta, segment.getDataBuffer().nioBuffer(0, meta.length()));
                segment.getOffsetBuffer().setInt(BaseVariableWidthVector.OFFSET_WIDTH, meta.length());
                segment.setIndexDefined(0);
                segment.setLastSet(0);
                root.setRowCount(1);
                if (!send(listener, ready)) return 0;
                sent += meta.length();
            }
            listener.completed();
            pushback.rates().pulledUp(sent, System.nanoTime() - start);
            return sent;
        }
    }

    /**
     * A segment's bytes read straight into {@code buf}, the vector gRPC sends from (a heap array and
     * the copies into and out of it were a fifth of a pull's CPU on the node).
     */
    private void read(Table t, int column, SegmentMeta meta, ByteBuffer buf) throws IOException, InterruptedException {
        Path file = catalog.inside(t.columnFile(column));
        storageThreads.acquire();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            while (buf.hasRemaining()) {
                if (ch.read(buf, meta.offset() + buf.position()) < 0) {
                    throw new DamagedTableException(t.name(), "column file " + file.getFileName() + " ends inside a segment");
                }
            }
        } finally {
            storageThreads.release();
        }
    }

    /**
     * Pushdown: the engine's pushdown materializer over the node's own table, one slice at a time; with an
     * {@code admission} of the pushback arbiter (which holds a pushdown core), its work is timed against it.
     */
    private void pushdown(Table t, Tickets.Request r, List<SliceMeta> slices, ServerStreamListener listener, BufferAllocator a,
                          NodePushback.Admission admission) throws IOException, InterruptedException {
        Expr predicate = r.predicate() == null || r.predicate().isNull() ? null : ExprCodec.read(r.predicate());
        if (predicate != null) checkPredicate(t, predicate);
        int[] tableToBatch = new int[t.schema().size()];
        Arrays.fill(tableToBatch, -1);
        for (int i = r.columns().length - 1; i >= 0; i--) tableToBatch[r.columns()[i]] = i;
        if (predicate != null) {
            for (int c : predicate.columns()) {
                if (tableToBatch[c] < 0) throw new ProtocolException("P reads column " + c + ", which the request does not read");
            }
        }
        for (int c : r.columns()) catalog.inside(t.columnFile(c)); // the engine's reader opens them: no link may lead out
        NodeFilters.Use registered = r.filterId() == null ? null : this.filters.use(r.filterId(), r.projected());
        List<RuntimeFilter> filters;
        try {
            filters = registered != null ? registered.filters() : Tickets.filters(r.filters(), r.projected(), a);
        } catch (RuntimeException e) {
            if (registered != null) registered.close();
            throw e;
        }
        try {
            ScanInput input = new ScanInput(t, r.columns(), r.projected(), io, pool, pool, a, Interconnect.NONE, cache,
                    new CacheCounts());
            Materializer m = new PushdownMaterializer(input, predicate, tableToBatch, filters, 1);
            BackpressureStrategy ready = new ClientReadiness();
            ready.register(listener);
            try (Materializer.Session session = m.open();
                 VectorSchemaRoot root = VectorSchemaRoot.create(schema(t, r.columns(), r.projected(), r.decimal128()), a)) {
                listener.start(root);
                for (SliceMeta slice : slices) {
                    if (listener.isCancelled()) return;
                    Materializer.Materialized out;
                    storageThreads.acquire();
                    long start = System.nanoTime();
                    try {
                        out = session.materialize(slice);
                    } finally {
                        storageThreads.release();
                    }
                    if (admission != null) admission.worked(System.nanoTime() - start);
                    long shipped = 0;
                    if (out.rowset() != null) {
                        try (Rowset rs = out.rowset()) {
                            load(root, rs, r.decimal128(), a);
                        }
                        for (FieldVector v : root.getFieldVectors()) shipped += v.getBufferSize();
                    }
                    if (admission != null) admission.pushedDown(shipped); // the core is free while the batch crosses the link
                    if (out.rowset() == null) continue;
                    if (!send(listener, ready)) return;
                }
                listener.completed();
            }
        } finally {
            if (registered != null) registered.close();
            else Tickets.close(filters);
        }
    }

    /** P may only read columns of the table, with their types: the kernel compiler trusts both. */
    static void checkPredicate(Table t, Expr p) {
        if (p.type().kind() != TypeKind.BOOLEAN) throw new ProtocolException("P must be BOOLEAN, not " + p.type());
        p.forEach(e -> {
            if (e instanceof ColumnRef c) {
                if (c.index() >= t.schema().size()) throw new ProtocolException("P reads column " + c.index() + ", not in the table");
                if (!t.schema().column(c.index()).type().equals(c.type())) {
                    throw new ProtocolException("P reads column " + c.index() + " as " + c.type() + ", it is "
                            + t.schema().column(c.index()).type());
                }
            }
        });
    }

    /**
     * The rowset's columns into {@code root}'s vectors (zero-copy; dictionary-encoded ones decoded, DECIMAL
     * widened to decimal128 when asked).
     */
    static void load(VectorSchemaRoot root, Rowset rs, boolean decimal128, BufferAllocator a) {
        List<FieldVector> vectors = new ArrayList<>(rs.columns().size());
        List<FieldVector> decoded = new ArrayList<>();
        try {
            for (ColumnData c : rs.columns()) {
                if (c.isDictionaryEncoded()) {
                    VarCharVector v = decode(c, rs.rowCount(), a);
                    decoded.add(v);
                    vectors.add(v);
                } else if (decimal128 && c.spec().type().kind() == TypeKind.DECIMAL) {
                    DecimalVector v = widen(c, rs.rowCount(), a);
                    decoded.add(v);
                    vectors.add(v);
                } else {
                    vectors.add(c.vector());
                }
            }
            try (VectorSchemaRoot view = new VectorSchemaRoot(root.getSchema().getFields(), vectors, rs.rowCount());
                 ArrowRecordBatch batch = new VectorUnloader(view).getRecordBatch()) {
                new VectorLoader(root).load(batch);
            }
        } finally {
            for (FieldVector v : decoded) v.close();
        }
    }

    /** A DECIMAL column's scaled int64 values as decimal128 (the unscaled value, same precision and scale). */
    private static DecimalVector widen(ColumnData c, int rows, BufferAllocator a) {
        ColumnSpec spec = c.spec();
        DecimalVector v = new DecimalVector(ArrowTypes.resultField(spec.name(), spec.type()), a);
        try {
            v.allocateNew(rows);
            BigIntVector scaled = (BigIntVector) c.vector();
            for (int i = 0; i < rows; i++) {
                if (scaled.isNull(i)) v.setNull(i);
                else v.set(i, scaled.get(i));
            }
            v.setValueCount(rows);
            return v;
        } catch (RuntimeException e) {
            v.close();
            throw e;
        }
    }

    private static VarCharVector decode(ColumnData c, int rows, BufferAllocator a) {
        ColumnSpec spec = c.spec();
        VarCharVector v = new VarCharVector(ArrowTypes.field(spec, false), a);
        try {
            v.allocateNew(rows);
            IntVector codes = (IntVector) c.vector();
            VarCharVector dict = c.dictionary();
            for (int i = 0; i < rows; i++) {
                if (codes.isNull(i)) v.setNull(i);
                else v.setSafe(i, dict.get(codes.get(i)));
            }
            v.setValueCount(rows);
            return v;
        } catch (RuntimeException e) {
            v.close();
            throw e;
        }
    }

    /** Sends the root's batch once the client can take it; false when the client went away. */
    private boolean send(ServerStreamListener listener, BackpressureStrategy ready) {
        BackpressureStrategy.WaitResult w;
        if (listener.isReady()) {
            w = BackpressureStrategy.WaitResult.READY;
        } else {
            waiting.incrementAndGet();
            try {
                w = ready.waitForListener(WAIT_MILLIS);
            } finally {
                waiting.decrementAndGet();
            }
        }
        if (w != BackpressureStrategy.WaitResult.READY) {
            if (w != BackpressureStrategy.WaitResult.CANCELLED) {
                listener.error(CallStatus.TIMED_OUT.withDescription("the client did not read for " + WAIT_MILLIS + " ms")
                        .toRuntimeException());
            }
            LOG.debug("stream ended early: {}", w);
            return false;
        }
        listener.putNext();
        return true;
    }

    /** The Flight status for a failure, with a message that names the problem. */
    static FlightRuntimeException status(Throwable e) {
        if (e instanceof FlightRuntimeException f) return f;
        if (e instanceof ProtocolException) return CallStatus.INVALID_ARGUMENT.withDescription(e.getMessage()).toRuntimeException();
        if (e instanceof NoSuchFileException n) {
            return CallStatus.NOT_FOUND.withDescription(n.getReason() != null ? n.getReason() : "no such table: " + n.getFile())
                    .toRuntimeException();
        }
        if (e instanceof OutOfMemoryException) {
            return CallStatus.RESOURCE_EXHAUSTED.withDescription("storage node memory exhausted: " + e.getMessage()).toRuntimeException();
        }
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            return CallStatus.CANCELLED.withDescription("storage node shutting down").toRuntimeException();
        }
        LOG.warn("request failed", e);
        return CallStatus.INTERNAL.withDescription(e.getClass().getSimpleName() + ": " + e.getMessage()).withCause(e)
                .toRuntimeException();
    }
}
