package io.ascan.exec.operator;

import io.ascan.codegen.pipeline.DispatchShim;
import io.ascan.codegen.pipeline.SourceCodegen;
import io.ascan.exec.Pipeline;
import io.ascan.exec.PipelineSource;
import io.ascan.exec.QueryContext;
import io.ascan.exec.Rowset;
import io.ascan.exec.Workers;
import io.ascan.format.SliceData;
import io.ascan.format.SliceMeta;
import io.ascan.format.TableReader;
import io.ascan.io.BlockReader;
import io.ascan.io.BlockReaders;
import io.ascan.plan.ScanNode;
import io.ascan.scan.ScanMode;
import io.ascan.scan.ScanReport;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The AdaptiveScan as a pipeline source, DIRECT mode only: loader threads ({@code
 * storage.threads}, one block reader each) read slices into rowsets and put them on a bounded
 * output queue (back-pressure); {@code compute.threads} workers take rowsets and hand each to the
 * compiled pipeline, whose dispatch shim picks the variant by the rowset's mode tag. Issue 4
 * puts the scheduler, per-mode input queues and the other materializers in front of the same
 * output queue. Runtime filters R published by join builds are attached here for pushdown.
 */
public final class ScanSource implements PipelineSource {
    private static final int READ_DEPTH = 16;
    private static final Rowset END = new Rowset(ScanMode.DIRECT, 0, List.of(), null);

    private final ScanNode node;
    private final int[] readColumns;
    private final int[] tableToBatch;
    private final List<RuntimeFilter> runtimeFilters = new CopyOnWriteArrayList<>();
    private final AtomicLong rows = new AtomicLong();
    private final AtomicLong slices = new AtomicLong();
    private final AtomicLong segmentsHit = new AtomicLong();
    private final AtomicLong segmentsRead = new AtomicLong();
    private final AtomicLong bytesHit = new AtomicLong();
    private volatile boolean cacheEnabled;
    private volatile long nanos;
    private volatile String requestedMode;
    private final AtomicLong assigned = new AtomicLong();
    // Per mode (ScanMode ordinal): slices, busy time, rows delivered, bytes moved.
    private final AtomicLongArray modeSlices = new AtomicLongArray(ScanMode.values().length);
    private final AtomicLongArray modeBusy = new AtomicLongArray(ScanMode.values().length);
    private final AtomicLongArray modeRows = new AtomicLongArray(ScanMode.values().length);
    private final AtomicLongArray modeBytes = new AtomicLongArray(ScanMode.values().length);
    private final List<ScanReport.Assignment> timeline = java.util.Collections.synchronizedList(new ArrayList<>());
    private volatile long startNanos;

    private final Materializer materializer;

    public ScanSource(ScanNode node, Materializer materializer) {
        this.node = node;
        this.materializer = materializer;
        int[] projected = node.columns();
        int[] pColumns = node.predicate() == null ? new int[0] : node.predicate().columns();
        List<Integer> read = new ArrayList<>();
        for (int c : projected) read.add(c);
        for (int c : pColumns) if (!read.contains(c)) read.add(c);
        if (read.isEmpty()) read.add(0); // a slice is read through its columns: COUNT(*) still needs one for row counts
        this.readColumns = read.stream().mapToInt(Integer::intValue).toArray();
        int width = node.table().schema().size();
        this.tableToBatch = new int[width];
        Arrays.fill(tableToBatch, -1);
        for (int i = readColumns.length - 1; i >= 0; i--) tableToBatch[readColumns[i]] = i;
    }

    public ScanNode node() {
        return node;
    }

    /** Table column indexes of the rowset columns: the projection, then the columns only P reads. */
    public int[] readColumns() {
        return readColumns.clone();
    }

    /** A Bloom filter R over some scan output columns, published by a join build. */
    public record RuntimeFilter(io.ascan.exec.store.BloomFilter filter, int[] columns, String describe) {}

    public void addRuntimeFilter(RuntimeFilter f) {
        runtimeFilters.add(f);
    }

    /** R: conservative filters the pushdown materializer may apply near storage; DIRECT ignores them (paper III-C). */
    public List<RuntimeFilter> runtimeFilters() {
        return List.copyOf(runtimeFilters);
    }

    @Override
    public SourceCodegen codegen() {
        List<DataType> types = new ArrayList<>();
        for (int c : readColumns) types.add(node.table().schema().column(c).type());
        return new DispatchShim(types, node.columns().length, node.predicate(), tableToBatch);
    }

    @Override
    public void run(Pipeline pipeline, QueryContext query) throws Exception {
        List<SliceMeta> all = node.slices();
        int loaders = Math.max(1, Math.min(query.options().storageThreads(), all.size()));
        int workers = query.options().computeThreads();
        requestedMode = query.options().mode();
        BlockingQueue<Rowset> queue = new ArrayBlockingQueue<>(query.options().outputQueue());
        AtomicInteger activeLoaders = new AtomicInteger(loaders);
        long start = System.nanoTime();
        startNanos = start;
        try {
            Workers.run(query, "scan-p" + pipeline.id(), loaders + workers, w -> {
                if (w < loaders) {
                    load(pipeline, query, all, w, loaders, queue, activeLoaders);
                } else {
                    compute(pipeline, pipeline.open(query, w - loaders), query, queue);
                }
            });
        } finally {
            for (Rowset r; (r = queue.poll()) != null; ) r.close();
            nanos += System.nanoTime() - start;
        }
    }

    /** Loader {@code w}: reads slices w, w + n, w + 2n... and enqueues them as DIRECT rowsets. */
    private void load(Pipeline pipeline, QueryContext query, List<SliceMeta> all, int w, int n, BlockingQueue<Rowset> queue,
                      AtomicInteger activeLoaders) throws Exception {
        List<SliceMeta> mine = new ArrayList<>();
        for (int i = w; i < all.size(); i += n) mine.add(all.get(i));
        try (BlockReader io = BlockReaders.open(query.options().io(), READ_DEPTH);
             TableReader reader = new TableReader(node.table(), readColumns, mine, io, query.pool(), query.allocator(),
                     query.segmentCache())) {
            while (reader.hasNext() && !query.cancelled() && !pipeline.done()) {
                long t0 = System.nanoTime();
                SliceData s = reader.next();
                long bytes = 0;
                for (int c = 0; c < readColumns.length; c++) bytes += s.slice().segment(readColumns[c]).length();
                Rowset r;
                try {
                    r = materializer.materialize(s, this, query.allocator());
                } catch (RuntimeException e) {
                    s.close();
                    throw e;
                }
                timeline.add(new ScanReport.Assignment(assigned.getAndIncrement(), t0 - startNanos, r.mode()));
                try {
                    queue.put(r);
                } catch (InterruptedException e) {
                    r.close();
                    throw e;
                }
                slices.incrementAndGet();
                int m = r.mode().ordinal();
                modeSlices.incrementAndGet(m);
                modeBusy.addAndGet(m, System.nanoTime() - t0);
                modeBytes.addAndGet(m, bytes);
            }
            countCache(reader, query);
        } finally {
            if (activeLoaders.decrementAndGet() == 0 && !query.cancelled()) queue.put(END);
        }
    }

    private void countCache(TableReader reader, QueryContext query) {
        cacheEnabled = query.segmentCache().enabled();
        segmentsHit.addAndGet(reader.segmentsHit());
        segmentsRead.addAndGet(reader.segmentsRead());
        bytesHit.addAndGet(reader.bytesHit());
    }

    private void compute(Pipeline pipeline, Pipeline.Worker worker, QueryContext query, BlockingQueue<Rowset> queue) throws Exception {
        var code = worker.code();
        while (true) {
            query.checkCancelled();
            Rowset r = queue.take();
            if (r == END) {
                queue.put(END);
                return;
            }
            if (pipeline.done()) { // a LIMIT is satisfied: drain what the loaders had read, they stop
                r.close();
                continue;
            }
            try {
                code.consume(r.batch(), r.rowCount(), r.mode().ordinal());
                rows.addAndGet(r.rowCount());
                modeRows.addAndGet(r.mode().ordinal(), r.rowCount());
            } finally {
                r.close();
                worker.scratch().reset();
            }
        }
    }

    /** What this scan did so far (bytes moved: the segments read, as in direct mode, whatever the materializer). */
    public ScanReport report() {
        List<ScanReport.Assignment> t;
        synchronized (timeline) {
            t = List.copyOf(timeline);
        }
        java.util.Map<ScanMode, ScanReport.ModeFigures> modes = new java.util.EnumMap<>(ScanMode.class);
        for (ScanMode m : ScanMode.values()) {
            int i = m.ordinal();
            modes.put(m, new ScanReport.ModeFigures(modeSlices.get(i), modeBusy.get(i), modeRows.get(i), modeBytes.get(i)));
        }
        String requested = requestedMode;
        String policy = requested == null || requested.equalsIgnoreCase("direct") ? "direct"
                : "direct; " + requested + " requested, but only the direct materializer exists so far";
        return new ScanReport(node.table().name(), policy, node.slices().size(), modes, List.of(), 0, t, nanos,
                runtimeFilters.stream().map(RuntimeFilter::describe).toList(),
                cacheEnabled ? new ScanReport.CacheFigures(segmentsHit.get(), segmentsRead.get(), bytesHit.get()) : null);
    }

    public String statistics() {
        return report().format();
    }

    @Override
    public String describe() {
        StringBuilder sb = new StringBuilder("AdaptiveScan(").append(node.table().name()).append(", [");
        for (int i = 0; i < node.columns().length; i++) {
            if (i > 0) sb.append(", ");
            sb.append(node.table().schema().column(node.columns()[i]).name());
        }
        sb.append("]");
        if (node.predicate() != null) sb.append(", P: ").append(node.predicate().format(c -> node.table().schema().column(c).name()));
        return sb.append(", ").append(node.slices().size()).append(" slices)").toString();
    }
}
