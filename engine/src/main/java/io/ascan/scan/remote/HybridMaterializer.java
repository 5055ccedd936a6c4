package io.ascan.scan.remote;

import io.ascan.codegen.SelectionCodegen;
import io.ascan.expr.Expr;
import io.ascan.cache.ComputeCache;
import io.ascan.cache.CostModel;
import io.ascan.cache.SegmentId;
import io.ascan.format.ColumnData;
import io.ascan.format.ColumnSpec;
import io.ascan.format.SegmentDecoder;
import io.ascan.format.SegmentMeta;
import io.ascan.format.SliceMeta;
import io.ascan.scan.Rowset;
import io.ascan.scan.ScanMode;
import io.ascan.scan.materializer.Materializer;
import io.ascan.scan.materializer.ScanInput;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;

/**
 * FlexPushdownDB's hybrid execution for one remote mode of a scan (section 3): per slice, when
 * every segment the scan reads is in the compute-side cache the slice takes the CACHED route (no
 * link; a DIRECT rowset, so the pipeline evaluates P, and R is not needed); otherwise it goes over
 * the link in the worker's mode. Pull-up then fetches only the segments not cached and offers each
 * to the cache; pushdown is replaced by pull-up when the cache policy would admit a missing
 * segment (the paper waits for the cache load rather than pushing down). Every slice reports its
 * segments' accesses, weighted by the {@link CostModel}, to the cache policy.
 */
public final class HybridMaterializer implements Materializer {
    /** P's selectivity assumed for segment weights before this scan has pushed anything down. */
    static final double PRIOR_SELECTIVITY = 0.5;

    private final ScanInput input;
    private final Materializer linked;
    private final RemoteStorage node;
    private final ComputeCache cache;
    private final HybridCounts counts;
    private final boolean hasPredicate;
    private final int[] predicatesOn; // per read column: P's conjuncts reading it

    /** @param linked the remote materializer of the worker's mode (pull-up or pushdown) */
    public HybridMaterializer(ScanInput input, Expr predicate, Materializer linked, RemoteStorage node, ComputeCache cache,
                              HybridCounts counts) {
        this.input = input;
        this.linked = linked;
        this.node = node;
        this.cache = cache;
        this.counts = counts;
        this.hasPredicate = predicate != null;
        int[] read = input.readColumns();
        this.predicatesOn = new int[read.length];
        for (Expr c : SelectionCodegen.conjuncts(predicate)) {
            for (int col : c.columns()) {
                for (int i = 0; i < read.length; i++) if (read[i] == col) predicatesOn[i]++;
            }
        }
    }

    @Override
    public ScanMode mode() {
        return linked.mode();
    }

    @Override
    public Session open() throws IOException {
        Session link = linked.open();
        return new Session() {
            @Override
            public Materialized materialize(SliceMeta slice) throws IOException, InterruptedException {
                return HybridMaterializer.this.materialize(slice, link);
            }

            @Override
            public void close() throws IOException {
                link.close();
            }
        };
    }

    private Materialized materialize(SliceMeta slice, Session link) throws IOException, InterruptedException {
        int[] read = input.readColumns();
        List<SegmentId> ids = new ArrayList<>(read.length);
        long[] sizes = new long[read.length];
        double[] weights = new double[read.length];
        for (int i = 0; i < read.length; i++) {
            ids.add(new SegmentId(input.table().name(), input.table().version(), read[i], slice.index()));
            sizes[i] = slice.segment(read[i]).length();
        }
        CostModel cost = cache.enabled() ? cache.costModel() : null; // no cache: nothing to weigh or measure for
        if (cost != null) {
            double selectivity = hasPredicate ? counts.selectivity(PRIOR_SELECTIVITY) : 1;
            for (int i = 0; i < read.length; i++) {
                weights[i] = cost.weight(sizes[i], slice.rowCount(), predicatesOn[i], i < input.projected() ? selectivity : 0);
            }
            cache.accessed(ids, sizes, weights);
        }
        ArrowBuf[] held = new ArrowBuf[read.length];
        try {
            int missing = 0;
            for (int i = 0; i < read.length; i++) if ((held[i] = cache.lookup(ids.get(i))) == null) missing++;
            if (cost != null) counts.lookups(read.length - missing, missing);
            if (missing == 0) {
                counts.cached();
                return new Materialized(rowset(slice, held, null), 0, true);
            }
            if (mode() == ScanMode.DIRECT || wouldAdmitAny(ids, sizes, held)) return pullUp(slice, ids, held);
            release(held);
            long start = System.nanoTime();
            Materialized m = link.materialize(slice);
            long nanos = System.nanoTime() - start, raw = 0;
            for (long s : sizes) raw += s;
            int predicates = 0;
            for (int p : predicatesOn) predicates += p;
            if (m.pushedBack()) { // raw segments: a pull-up's cost, not pushdown's, and no selectivity measured
                if (cost != null) cost.pulled(m.bytesMoved(), nanos);
                node.pulledUp(m.bytesMoved(), nanos);
                counts.pushedBack(m.bytesMoved());
                return m;
            }
            if (cost != null) cost.pushedDown(raw, slice.rowCount(), predicates, m.bytesMoved(), nanos);
            counts.pushedDown(m.bytesMoved(), slice.rowCount(), m.rowset() == null ? 0 : m.rowset().rowCount());
            return m;
        } finally {
            release(held);
        }
    }

    private boolean wouldAdmitAny(List<SegmentId> ids, long[] sizes, ArrowBuf[] held) {
        for (int i = 0; i < ids.size(); i++) if (held[i] == null && cache.wouldAdmit(ids.get(i), sizes[i])) return true;
        return false;
    }

    /** The segments not held cross the link raw; each is checked, offered to the cache and decoded. */
    private Materialized pullUp(SliceMeta slice, List<SegmentId> ids, ArrowBuf[] held) throws IOException {
        int[] read = input.readColumns();
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < read.length; i++) if (held[i] == null) missing.add(i);
        int[] columns = missing.stream().mapToInt(i -> read[i]).toArray();
        long start = System.nanoTime();
        RemoteStorage.Received<List<ArrowBuf>> r = node.pullSegments(input.table(), columns, slice, input.allocator());
        input.move(r.networkBytes()); // the emulated link (interconnect.bandwidth), as every remote mode
        long nanos = System.nanoTime() - start;
        if (cache.enabled()) cache.costModel().pulled(r.networkBytes(), nanos);
        long decode = System.nanoTime();
        ArrowBuf[] pulled = new ArrowBuf[read.length];
        for (int k = 0; k < missing.size(); k++) pulled[missing.get(k)] = r.value().get(k);
        try {
            int admitted = 0, evicted = 0;
            for (int i : missing) {
                SegmentMeta meta = slice.segment(read[i]);
                ColumnSpec spec = input.table().schema().column(read[i]);
                SegmentDecoder.verify(input.table().name(), spec, slice, meta,
                        MemorySegment.ofAddress(pulled[i].memoryAddress()).reinterpret(pulled[i].capacity()));
                ComputeCache.Admission a = cache.admit(ids.get(i), pulled[i], meta.length());
                if (a != null) {
                    held[i] = a.buffer();
                    admitted++;
                    evicted += a.evicted();
                }
            }
            counts.admitted(admitted, evicted);
            counts.pulledUp(r.networkBytes());
            node.pulledUp(r.networkBytes(), nanos + (System.nanoTime() - decode)); // with the checks and decoding
            return new Materialized(rowset(slice, held, pulled), r.networkBytes(), false);
        } finally {
            release(pulled);
        }
    }

    /** A DIRECT rowset over the cached segments, or for those not admitted the pulled ones. */
    private Rowset rowset(SliceMeta slice, ArrowBuf[] held, ArrowBuf[] pulled) throws IOException {
        int[] read = input.readColumns();
        List<ColumnData> cols = new ArrayList<>(read.length);
        try {
            for (int i = 0; i < read.length; i++) {
                ArrowBuf b = held[i] != null ? held[i] : pulled[i];
                cols.add(SegmentDecoder.load(input.table().name(), input.table().schema().column(read[i]), slice, b,
                        input.allocator()));
            }
            return new Rowset(ScanMode.DIRECT, slice.rowCount(), cols, null);
        } catch (IOException | RuntimeException e) {
            for (ColumnData c : cols) c.close();
            throw e;
        }
    }

    private static void release(ArrowBuf[] bufs) {
        for (int i = 0; i < bufs.length; i++) {
            if (bufs[i] != null) bufs[i].close();
            bufs[i] = null;
        }
    }
}
