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
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

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
    private final java.util.concurrent.atomic.AtomicLongArray rowsets = new java.util.concurrent.atomic.AtomicLongArray(ScanMode.values().length);
    private final AtomicLong rows = new AtomicLong();
    private final AtomicLong slices = new AtomicLong();
    private final AtomicLong segmentsHit = new AtomicLong();
    private final AtomicLong segmentsRead = new AtomicLong();
    private final AtomicLong bytesHit = new AtomicLong();
    private volatile boolean cacheEnabled;
    private volatile long nanos;
    private volatile String requestedMode;

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
        try {
            Workers.run(query, "scan-p" + pipeline.id(), loaders + workers, w -> {
                if (w < loaders) {
                    load(query, all, w, loaders, queue, activeLoaders);
                } else {
                    compute(pipeline.open(query, w - loaders), query, queue);
                }
            });
        } finally {
            for (Rowset r; (r = queue.poll()) != null; ) r.close();
            nanos += System.nanoTime() - start;
        }
    }

    /** Loader {@code w}: reads slices w, w + n, w + 2n... and enqueues them as DIRECT rowsets. */
    private void load(QueryContext query, List<SliceMeta> all, int w, int n, BlockingQueue<Rowset> queue,
                      AtomicInteger activeLoaders) throws Exception {
        List<SliceMeta> mine = new ArrayList<>();
        for (int i = w; i < all.size(); i += n) mine.add(all.get(i));
        try (BlockReader io = BlockReaders.open(query.options().io(), READ_DEPTH);
             TableReader reader = new TableReader(node.table(), readColumns, mine, io, query.pool(), query.allocator(),
                     query.segmentCache())) {
            while (reader.hasNext() && !query.cancelled()) {
                SliceData s = reader.next();
                Rowset r;
                try {
                    r = materializer.materialize(s, this, query.allocator());
                } catch (RuntimeException e) {
                    s.close();
                    throw e;
                }
                try {
                    queue.put(r);
                } catch (InterruptedException e) {
                    r.close();
                    throw e;
                }
                slices.incrementAndGet();
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

    private void compute(Pipeline.Worker worker, QueryContext query, BlockingQueue<Rowset> queue) throws Exception {
        var code = worker.code();
        while (true) {
            query.checkCancelled();
            Rowset r = queue.take();
            if (r == END) {
                queue.put(END);
                return;
            }
            try {
                code.consume(r.batch(), r.rowCount(), r.mode().ordinal());
                rowsets.incrementAndGet(r.mode().ordinal());
                rows.addAndGet(r.rowCount());
            } finally {
                r.close();
                worker.scratch().reset();
            }
        }
    }

    public String statistics() {
        StringBuilder sb = new StringBuilder();
        sb.append("scan ").append(node.table().name()).append(": ").append(slices.get()).append(" slices, rowsets:");
        for (ScanMode m : ScanMode.values()) if (rowsets.get(m.ordinal()) > 0) sb.append(' ').append(m).append(' ').append(rowsets.get(m.ordinal()));
        sb.append(", ").append(rows.get()).append(" rows, ")
                .append(String.format(java.util.Locale.ROOT, "%.1f ms", nanos / 1e6));
        if (cacheEnabled) {
            long hit = segmentsHit.get();
            sb.append(String.format(java.util.Locale.ROOT, ", cache %d/%d segments hit (%.1f MiB)", hit,
                    hit + segmentsRead.get(), bytesHit.get() / 1048576.0));
        }
        for (RuntimeFilter f : runtimeFilters) sb.append(", R: ").append(f.describe());
        String requested = requestedMode;
        if (requested != null && !requested.equalsIgnoreCase("direct")) {
            sb.append(" (mode ").append(requested).append(" requested: until the adaptive scan lands, slices are read in direct mode)");
        }
        return sb.toString();
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
