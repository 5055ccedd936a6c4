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
import io.ascan.scan.BitmapUse;
import io.ascan.scan.Rowset;
import io.ascan.scan.ScanMode;
import io.ascan.scan.materializer.Compaction;
import io.ascan.scan.materializer.Materializer;
import io.ascan.scan.materializer.PredicateSelection;
import io.ascan.scan.materializer.ScanInput;
import io.ascan.scan.materializer.SelectionBitmap;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;

/**
 * FlexPushdownDB's hybrid execution for one remote mode of a scan (section 3): per slice, when
 * every segment the scan reads is in the compute-side cache the slice takes the CACHED route (no
 * link; a DIRECT rowset: the pipeline evaluates P, or with runtime filters the scan P and R,
 * {@link RuntimeFilteredPullup}); otherwise it goes over the link in the worker's mode. Pull-up then fetches only the segments not cached and offers each
 * to the cache; pushdown is replaced by pull-up when the cache policy would admit a missing
 * segment (the paper waits for the cache load rather than pushing down). Every slice reports its
 * segments' accesses, weighted by the {@link CostModel}, to the cache policy.
 *
 * <p>A slice with only some segments cached may take the BITMAP route (section 6.2): when the
 * cache holds every projected column but not all the columns P reads, the node evaluates P and
 * returns a selection bitmap with which the cached columns are compacted here (a bitmap from
 * storage); when it holds every column P reads but not all projected ones, P is evaluated here and
 * the bitmap sent, so that the node reads and ships only the selected tuples of the missing
 * columns (a bitmap from compute). Either way the rowset holds the projection of the tuples that
 * satisfy P, as a pushdown's. {@code exec.bitmaps} decides when ({@link BitmapUse}).
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
    private final Expr predicate;
    private final BitmapUse bitmaps;

    /** @param linked the remote materializer of the worker's mode (pull-up or pushdown) */
    public HybridMaterializer(ScanInput input, Expr predicate, Materializer linked, RemoteStorage node, ComputeCache cache,
                              HybridCounts counts) {
        this(input, predicate, linked, node, cache, counts, BitmapUse.OFF);
    }

    /** @param bitmaps when slices may take the BITMAP route (OFF unless the cache is on) */
    public HybridMaterializer(ScanInput input, Expr predicate, Materializer linked, RemoteStorage node, ComputeCache cache,
                              HybridCounts counts, BitmapUse bitmaps) {
        this.input = input;
        this.predicate = predicate;

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
        // a P that reads no column has nothing a bitmap could stand in for
        this.bitmaps = predicate == null || !cache.enabled() || columns(true).length == 0 ? BitmapUse.OFF : bitmaps;
    }

    @Override
    public ScanMode mode() {
        return linked.mode();
    }

    @Override
    public Session open() throws IOException {
        Session link = linked.open();
        return new Session() {
            private PredicateSelection local; // P over cached columns, for bitmaps from compute

            @Override
            public Materialized materialize(SliceMeta slice) throws IOException, InterruptedException {
                return HybridMaterializer.this.materialize(slice, link, this::local);
            }

            private PredicateSelection local() {
                if (local == null) local = new PredicateSelection(input.table(), columns(true), predicate, input.allocator());
                return local;
            }

            @Override
            public void close() throws IOException {
                try {
                    if (local != null) local.close();
                } finally {
                    link.close();
                }
            }
        };
    }

    private Materialized materialize(SliceMeta slice, Session link, java.util.function.Supplier<PredicateSelection> local)
            throws IOException, InterruptedException {
        int[] read = input.readColumns();
        List<SegmentId> ids = new ArrayList<>(read.length);
        long[] sizes = new long[read.length]; // as stored: what the link and the node's scan move
        long[] memory = new long[read.length]; // as the cache holds them, expanded
        double[] weights = new double[read.length];
        for (int i = 0; i < read.length; i++) {
            ids.add(new SegmentId(input.table().name(), input.table().version(), read[i], slice.index()));
            sizes[i] = slice.segment(read[i]).length();
            memory[i] = slice.segment(read[i]).decodedLength();
        }
        CostModel cost = cache.enabled() ? cache.costModel() : null; // no cache: nothing to weigh or measure for
        if (cost != null) {
            double selectivity = hasPredicate ? counts.selectivity(PRIOR_SELECTIVITY) : 1;
            for (int i = 0; i < read.length; i++) {
                weights[i] = cost.weight(sizes[i], slice.rowCount(), predicatesOn[i], i < input.projected() ? selectivity : 0);
            }
            cache.accessed(ids, memory, weights);
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
            Boolean fromStorage = bitmapCase(held);
            if (fromStorage != null && bitmaps == BitmapUse.FORCE) return bitmap(slice, held, fromStorage, local);
            if (wouldAdmitAny(ids, memory, held)) return pullUp(slice, ids, held);
            if (fromStorage != null && bitmaps == BitmapUse.AUTO && cost != null && bitmapCheaper(slice, sizes, held, fromStorage, cost)) {
                return bitmap(slice, held, fromStorage, local);
            }
            if (mode() == ScanMode.DIRECT) return pullUp(slice, ids, held);
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

    /**
     * Which case of selection bitmaps applies to a slice with some segments missing: true for a bitmap
     * from storage (every projected column cached, a column P reads not), false for one from compute
     * (every column P reads cached, a projected one not), null for neither.
     */
    private Boolean bitmapCase(ArrowBuf[] held) {
        if (bitmaps == BitmapUse.OFF) return null;
        boolean projectedHeld = true, predicateHeld = true;
        for (int i = 0; i < held.length; i++) {
            if (held[i] != null) continue;
            if (i < input.projected()) projectedHeld = false;
            if (predicatesOn[i] > 0) predicateHeld = false;
        }
        return projectedHeld ? Boolean.TRUE : predicateHeld ? Boolean.FALSE : null;
    }

    /**
     * The cost model's choice between the BITMAP route and the worker's mode for a slice whose missing
     * segments the cache will not admit: each is estimated as bytes over the link plus bytes the node
     * scans plus tuple-predicates it evaluates, at the measured rates; P's selectivity is the one
     * measured so far. Pushdown ships the selected tuples of every projected column and scans every
     * column; a bitmap from storage ships rows/8 bytes and scans the columns P reads; one from compute
     * ships rows/8 bytes up and the selected tuples of the missing columns back, and scans only those.
     */
    private boolean bitmapCheaper(SliceMeta slice, long[] sizes, ArrowBuf[] held, boolean fromStorage, CostModel cost) {
        double selectivity = counts.selectivity(PRIOR_SELECTIVITY);
        long rows = slice.rowCount(), read = 0, projected = 0, onP = 0, missing = 0, missingProjected = 0;
        int predicates = 0;
        for (int i = 0; i < sizes.length; i++) {
            read += sizes[i];
            predicates += predicatesOn[i];
            if (i < input.projected()) projected += sizes[i];
            if (predicatesOn[i] > 0) onP += sizes[i];
            if (held[i] == null) {
                missing += sizes[i];
                if (i < input.projected()) missingProjected += sizes[i];
            }
        }
        double bitmap = SelectionBitmap.bytes(slice.rowCount());
        double linked = mode() == ScanMode.DIRECT ? cost.seconds(missing, 0, 0)
                : cost.seconds(selectivity * projected, read, (double) rows * predicates);
        double viaBitmap = fromStorage ? cost.seconds(bitmap, onP, (double) rows * predicates)
                : cost.seconds(bitmap + selectivity * missingProjected, missingProjected, 0);
        return viaBitmap < linked;
    }

    /** The table columns P reads ({@code onP}) or the projected ones, in read order. */
    private int[] columns(boolean onP) {
        int[] read = input.readColumns();
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < read.length; i++) if (onP ? predicatesOn[i] > 0 : i < input.projected()) out.add(read[i]);
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The BITMAP route: a rowset of the projected columns' tuples that satisfy P, as pushdown's. */
    private Materialized bitmap(SliceMeta slice, ArrowBuf[] held, boolean fromStorage,
                                java.util.function.Supplier<PredicateSelection> local) throws IOException {
        int[] read = input.readColumns();
        int rows = slice.rowCount();
        int[] selection = new int[rows];
        int n;
        long bytes;
        List<ColumnData> fetched = List.of(); // from compute: the missing projected columns' selected tuples
        if (fromStorage) {
            RemoteStorage.Received<byte[]> r = node.selectionBitmap(input.table(), columns(true), predicate, slice);
            input.move(r.networkBytes());
            bytes = r.networkBytes();
            try {
                n = SelectionBitmap.positions(r.value(), rows, selection);
            } catch (IllegalArgumentException e) {
                throw new IOException("storage node " + node.address() + " sent a bad selection bitmap for slice " + slice.index()
                        + " of " + input.table().name() + ": " + e.getMessage(), e);
            }
        } else {
            List<ColumnData> onP = new ArrayList<>();
            try {
                for (int i = 0; i < read.length; i++) if (predicatesOn[i] > 0) onP.add(load(slice, i, held[i]));
                n = local.get().select(onP, rows, selection);
            } finally {
                for (ColumnData c : onP) c.close();
            }
            bytes = 0;
            if (n > 0) {
                List<Integer> missing = new ArrayList<>();
                for (int i = 0; i < input.projected(); i++) if (held[i] == null) missing.add(read[i]);
                RemoteStorage.Received<List<ColumnData>> r = node.selectedRows(input.table(),
                        missing.stream().mapToInt(Integer::intValue).toArray(), slice, SelectionBitmap.of(selection, n, rows),
                        input.allocator());
                input.move(r.networkBytes());
                bytes = r.networkBytes();
                fetched = r.value();
                if (r.rows() != n || fetched.size() != missing.size()) {
                    for (ColumnData c : fetched) c.close();
                    throw new IOException("storage node " + node.address() + " sent " + r.rows() + " tuples of " + fetched.size()
                            + " columns of slice " + slice.index() + " of " + input.table().name() + " for a bitmap selecting "
                            + n + " tuples of " + missing.size());
                }
            }
        }
        counts.bitmap(fromStorage, bytes, rows, n);
        if (n == 0) return new Materialized(null, bytes);
        Compaction.Compacted here = null; // the cached projected columns' selected tuples
        try {
            List<ColumnData> cached = new ArrayList<>();
            try {
                for (int i = 0; i < input.projected(); i++) if (held[i] != null) cached.add(load(slice, i, held[i]));
                here = Compaction.compact(cached, selection, n, input.computePool(), input.allocator());
            } finally {
                for (ColumnData c : cached) c.close();
            }
            List<ColumnData> out = new ArrayList<>(input.projected());
            for (int i = 0, h = 0, f = 0; i < input.projected(); i++) out.add(held[i] != null ? here.columns().get(h++) : fetched.get(f++));
            return new Materialized(new Rowset(ScanMode.PUSHDOWN, n, out, null), bytes);
        } catch (IOException | RuntimeException e) {
            if (here != null) here.close();
            for (ColumnData c : fetched) c.close();
            throw e;
        }
    }

    /** Read column {@code i} of the slice decoded from its cached segment. */
    private ColumnData load(SliceMeta slice, int i, ArrowBuf segment) throws IOException {
        return SegmentDecoder.load(input.table().name(), input.table().schema().column(input.readColumns()[i]), slice, segment,
                input.allocator());
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
                ComputeCache.Admission a = cache.admit(ids.get(i), pulled[i], meta.decodedLength());
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
