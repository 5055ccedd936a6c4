package io.ascan.gen;

import io.ascan.format.ColumnBatch;
import io.ascan.format.RowAppender;
import io.ascan.format.TableManifest;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongConsumer;

/**
 * Runs the chunks of a {@link ChunkedTable} on worker threads, each into its own
 * {@link ColumnBatch}, and appends the batches to one {@link TableWriter} strictly in chunk order.
 * The output therefore does not depend on the number of threads. At most a small window of
 * chunks is in flight, so memory stays bounded however large the table is.
 */
public final class ParallelGeneration {
    private ParallelGeneration() {}

    /** Generates {@code table} into {@code catalogDir} and commits it; {@code onRows} sees every appended batch. */
    public static TableManifest write(Path catalogDir, ChunkedTable table, WriteOptions options, int threads,
                                      LongConsumer onRows) throws IOException {
        if (threads < 1) throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        int chunks = table.chunkCount();
        // Enough chunks in flight that workers keep generating while the writer encodes a slice.
        int window = Math.min(chunks, 4 * threads + 8);
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, Math.max(1, chunks)), r -> {
            Thread t = new Thread(r, "ascan-gen-" + table.name());
            t.setDaemon(true);
            return t;
        });
        try (TableWriter writer = TableWriter.create(catalogDir, table.name(), table.schema(), options)) {
            // The writer copies appended rows, so batches are recycled: allocation stays at about
            // window + threads batches however many chunks the table has.
            Queue<ColumnBatch> free = new ConcurrentLinkedQueue<>();
            Deque<Future<ColumnBatch>> inFlight = new ArrayDeque<>(window);
            int next = 0;
            for (; next < window; next++) inFlight.add(submit(pool, table, next, free));
            while (!inFlight.isEmpty()) {
                ColumnBatch batch = await(inFlight.poll(), table.name());
                if (next < chunks) inFlight.add(submit(pool, table, next++, free));
                writer.append(batch);
                onRows.accept(batch.rowCount());
                batch.clear();
                free.add(batch);
            }
            return writer.commit();
        } finally {
            pool.shutdownNow();
        }
    }

    /** Generates every chunk, in order, on the calling thread (tests and small tables). */
    public static void generateAll(ChunkedTable table, RowAppender out) {
        for (int c = 0; c < table.chunkCount(); c++) table.generateChunk(c, out);
    }

    private static Future<ColumnBatch> submit(ExecutorService pool, ChunkedTable table, int chunk,
                                              Queue<ColumnBatch> free) {
        return pool.submit(() -> {
            ColumnBatch batch = free.poll();
            if (batch == null) {
                int estimate = (int) Math.min(1 << 20, table.expectedRows() / table.chunkCount() + 16);
                batch = new ColumnBatch(table.schema(), estimate);
            }
            table.generateChunk(chunk, batch);
            return batch;
        });
    }

    private static ColumnBatch await(Future<ColumnBatch> f, String table) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while generating table " + table);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) throw re;
            if (cause instanceof Error err) throw err;
            throw new IOException("generating table " + table + " failed", cause);
        }
    }
}
