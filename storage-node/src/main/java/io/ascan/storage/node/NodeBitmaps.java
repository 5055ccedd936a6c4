package io.ascan.storage.node;

import io.ascan.cache.CacheCounts;
import io.ascan.cache.SegmentCache;
import io.ascan.catalog.Table;
import io.ascan.expr.Expr;
import io.ascan.format.SliceMeta;
import io.ascan.io.AlignedBufferPool;
import io.ascan.io.IoMode;
import io.ascan.scan.Rowset;
import io.ascan.scan.ScanMode;
import io.ascan.scan.materializer.BitmapScan;
import io.ascan.scan.materializer.Compaction;
import io.ascan.scan.materializer.ScanInput;
import io.ascan.scan.materializer.SelectionBitmap;
import io.ascan.topology.Interconnect;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Semaphore;
import org.apache.arrow.flight.BackpressureStrategy;
import org.apache.arrow.flight.FlightProducer.ServerStreamListener;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The storage node's selection bitmap requests (FlexPushdownDB section 6.2), one slice each:
 * {@code bitmap} reads the columns P reads, evaluates P and streams one row holding its
 * selection bitmap; {@code selected} reads only the asked columns and streams the tuples the
 * ticket's bitmap selects, as a pushdown batch (none when it selects none). Reading and evaluating
 * take one of the {@code storage.threads} turns, as pushdown does.
 */
final class NodeBitmaps {
    /** Sends the root's batch once the client can take it; false when the client went away. */
    interface Sender {
        boolean send(ServerStreamListener listener, BackpressureStrategy ready);
    }

    static final Schema BITMAP_SCHEMA = new Schema(List.of(Field.notNullable("bitmap", ArrowType.Binary.INSTANCE)));

    private final ServedCatalog catalog;
    private final AlignedBufferPool pool;
    private final SegmentCache cache;
    private final Semaphore storageThreads;
    private final IoMode io;
    private final Sender sender;

    NodeBitmaps(ServedCatalog catalog, AlignedBufferPool pool, SegmentCache cache, Semaphore storageThreads, IoMode io, Sender sender) {
        this.catalog = catalog;
        this.pool = pool;
        this.cache = cache;
        this.storageThreads = storageThreads;
        this.io = io;
        this.sender = sender;
    }

    static boolean serves(String kind) {
        return kind.equals(Tickets.BITMAP) || kind.equals(Tickets.SELECTED);
    }

    void serve(Table t, Tickets.Request r, SliceMeta slice, ServerStreamListener listener, BufferAllocator a)
            throws IOException, InterruptedException {
        for (int c : r.columns()) catalog.inside(t.columnFile(c)); // the engine's reader opens them: no link may lead out
        ScanInput input = new ScanInput(t, r.columns(), r.columns().length, io, pool, pool, a, Interconnect.NONE, cache,
                new CacheCounts());
        BackpressureStrategy ready = new ClientReadiness();
        ready.register(listener);
        try (BitmapScan scan = new BitmapScan(input)) {
            if (r.kind().equals(Tickets.BITMAP)) bitmap(t, r, slice, scan, listener, ready, a);
            else selected(t, r, slice, scan, listener, ready, a);
        }
    }

    private void bitmap(Table t, Tickets.Request r, SliceMeta slice, BitmapScan scan, ServerStreamListener listener,
                        BackpressureStrategy ready, BufferAllocator a) throws IOException, InterruptedException {
        if (r.predicate() == null || r.predicate().isNull()) throw new ProtocolException("a bitmap request needs P");
        Expr predicate = ExprCodec.read(r.predicate());
        NodeProducer.checkPredicate(t, predicate);
        for (int c : predicate.columns()) {
            boolean read = false;
            for (int x : r.columns()) read |= x == c;
            if (!read) throw new ProtocolException("P reads column " + c + ", which the request does not read");
        }
        byte[] bitmap;
        storageThreads.acquire();
        try {
            bitmap = scan.evaluate(slice, predicate);
        } finally {
            storageThreads.release();
        }
        try (VectorSchemaRoot root = VectorSchemaRoot.create(BITMAP_SCHEMA, a)) {
            listener.start(root);
            root.allocateNew();
            ((VarBinaryVector) root.getVector(0)).setSafe(0, bitmap);
            root.setRowCount(1);
            if (sender.send(listener, ready)) listener.completed();
        }
    }

    private void selected(Table t, Tickets.Request r, SliceMeta slice, BitmapScan scan, ServerStreamListener listener,
                          BackpressureStrategy ready, BufferAllocator a) throws IOException, InterruptedException {
        byte[] bitmap = Tickets.bitmap(r);
        Compaction.Compacted out;
        storageThreads.acquire();
        try {
            out = scan.select(slice, bitmap);
        } catch (IllegalArgumentException e) {
            throw new ProtocolException(e.getMessage() + " (slice " + slice.index() + " of '" + t.name() + "')");
        } finally {
            storageThreads.release();
        }
        int rows = SelectionBitmap.count(bitmap);
        try (Rowset rs = out == null ? null : new Rowset(ScanMode.PUSHDOWN, rows, out.columns(), null);
             VectorSchemaRoot root = VectorSchemaRoot.create(NodeProducer.schema(t, r.columns(), r.columns().length, false), a)) {
            listener.start(root);
            if (rs != null) {
                NodeProducer.load(root, rs, false, a);
                if (!sender.send(listener, ready)) return;
            }
            listener.completed();
        }
    }
}
