package io.ascan.format;

import io.ascan.io.AlignedMemory;
import io.ascan.types.TypeKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * Writes a table: rows (through {@link RowAppender}) or batches go into the open slice; a slice is
 * closed when a column segment would exceed the segment cap, and its segments are encoded (one
 * task per column) and appended to the column files at 4 KiB-aligned offsets.
 *
 * <p>Atomicity: everything is written into a hidden staging directory; {@link #commit()} syncs
 * the files, renames {@code manifest.json} into place and then the directory to the table's
 * name. A crash or an exception before that leaves no visible table; {@link #close()} without
 * commit deletes the staging directory.
 */
public final class TableWriter implements RowAppender, AutoCloseable {
    private final Path catalogDir;
    private final String name;
    private final TableSchema schema;
    private final WriteOptions options;
    private final Path staging;
    private final FileChannel[] files;
    private final long[] fileEnds;
    private final SegmentEncoder[] encoders;
    private final DistinctCounter[] distinct;
    private final ExecutorService encodePool;
    private final int maxRows;
    private final List<SliceMeta> slices = new ArrayList<>();
    private ColumnBatch current;
    private long rowCount;
    private boolean committed;
    private boolean closed;
    private final Thread cleanupOnExit;

    private TableWriter(Path catalogDir, String name, TableSchema schema, WriteOptions options) throws IOException {
        this.catalogDir = catalogDir;
        this.name = name;
        this.schema = schema;
        this.options = options;
        this.maxRows = maxRowsPerSlice(schema, options);
        this.staging = catalogDir.resolve(".tmp-" + name + "-" + UUID.randomUUID());
        // Ctrl-C during a long write (gen, import) runs shutdown hooks, not close(): drop the staging files there
        // too. The hook is in place before the directory exists, and repeats because writer threads keep running
        // (and may create a file) while hooks run.
        this.cleanupOnExit = new Thread(() -> {
            for (int attempt = 0; attempt < 20 && Files.exists(staging); attempt++) {
                try {
                    deleteTree(staging);
                } catch (IOException | RuntimeException retry) {
                    try {
                        Thread.sleep(5);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }, "ascan-discard-" + name);
        Runtime.getRuntime().addShutdownHook(cleanupOnExit);
        try {
            Files.createDirectory(staging);
        } catch (IOException | RuntimeException e) {
            forgetCleanup();
            throw e;
        }
        this.files = new FileChannel[schema.size()];
        this.fileEnds = new long[schema.size()];
        this.encoders = new SegmentEncoder[schema.size()];
        this.distinct = new DistinctCounter[schema.size()];
        for (int i = 0; i < distinct.length; i++) distinct[i] = new DistinctCounter();
        int threads = Math.max(1, Math.min(schema.size(), Runtime.getRuntime().availableProcessors()));
        this.encodePool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "ascan-encode-" + name);
            t.setDaemon(true);
            return t;
        });
        try {
            for (int i = 0; i < files.length; i++) {
                files[i] = FileChannel.open(staging.resolve(TableManifest.columnFileName(i, schema.column(i).name())),
                        StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                encoders[i] = new SegmentEncoder();
            }
        } catch (IOException | RuntimeException e) {
            abort();
            forgetCleanup();
            throw e;
        }
        this.current = new ColumnBatch(schema, Math.min(maxRows, 1 << 16));
    }

    /** Starts writing table {@code name} (lower-cased) into catalog directory {@code catalogDir}. */
    public static TableWriter create(Path catalogDir, String name, TableSchema schema, WriteOptions options)
            throws IOException {
        String table = checkName(name);
        if (!Files.isDirectory(catalogDir)) {
            throw new java.nio.file.NoSuchFileException(catalogDir.toString(), null, "catalog directory does not exist");
        }
        if (!options.replace() && Files.exists(catalogDir.resolve(table))) {
            throw new FileAlreadyExistsException(catalogDir.resolve(table).toString(), null,
                    "table '" + table + "' already exists (use --replace to overwrite it)");
        }
        return new TableWriter(catalogDir, table, schema, options);
    }

    /** The lower-cased table name; an invalid one is an {@link IllegalArgumentException}. */
    public static String checkName(String name) {
        String n = name == null ? "" : name.toLowerCase(Locale.ROOT);
        if (!n.matches("[a-z_][a-z0-9_]*")) {
            throw new IllegalArgumentException("invalid table name '" + name
                    + "': use letters, digits and underscores, not starting with a digit");
        }
        return n;
    }

    /** Rows per slice such that every fixed-width segment stays within the cap. */
    static int maxRowsPerSlice(TableSchema schema, WriteOptions options) {
        int bits = 1;
        for (ColumnSpec c : schema.columns()) {
            TypeKind k = c.type().kind();
            int w = k == TypeKind.BOOLEAN ? 1 : k == TypeKind.VARCHAR ? 32 : k.width() * 8;
            bits = Math.max(bits, w);
        }
        long budget = options.segmentCapBytes() - SegmentLayout.HEADER_BYTES - 4L * SegmentLayout.BUFFER_ALIGN;
        long rows = budget * 8 / (bits + 1);
        rows = rows >= 128 ? rows & -64 : Math.max(1, rows);
        if (options.maxSliceRows() > 0) rows = Math.min(rows, options.maxSliceRows());
        return (int) Math.min(rows, Integer.MAX_VALUE / 8);
    }

    public String name() {
        return name;
    }

    public TableSchema schema() {
        return schema;
    }

    public long rowCount() {
        return rowCount + current.rowCount();
    }

    public int maxSliceRows() {
        return maxRows;
    }

    @Override public void setNull(int c) { current.setNull(c); }
    @Override public void setBoolean(int c, boolean v) { current.setBoolean(c, v); }
    @Override public void setInt(int c, int v) { current.setInt(c, v); }
    @Override public void setLong(int c, long v) { current.setLong(c, v); }
    @Override public void setDouble(int c, double v) { current.setDouble(c, v); }
    @Override public void setString(int c, String v) { current.setString(c, v); }
    @Override public void setUtf8(int c, byte[] b, int off, int len) { current.setUtf8(c, b, off, len); }

    @Override
    public void endRow() {
        ensureWritable();
        current.endRow();
        int n = current.rowCount();
        if (n > 1 && !fits(current, n)) {
            // The row just added pushed a VARCHAR segment over the cap: it starts the next slice.
            ColumnBatch carry = new ColumnBatch(schema, 16);
            carry.appendRange(current, n - 1, n);
            current.truncate(n - 1);
            flushSlice();
            current.appendRange(carry, 0, 1);
        }
        if (current.rowCount() >= maxRows) flushSlice();
    }

    /** Appends all rows of {@code batch} (same schema), cutting slices where the cap requires. */
    public void append(ColumnBatch batch) throws IOException {
        ensureWritable();
        int pos = 0;
        int total = batch.rowCount();
        while (pos < total) {
            int limit = Math.min(maxRows - current.rowCount(), total - pos);
            int take = fittingRows(batch, pos, limit);
            if (take == 0) {
                if (current.rowCount() > 0) {
                    flushSliceChecked();
                    continue;
                }
                take = 1; // a single row larger than the cap gets a slice of its own
            }
            current.appendRange(batch, pos, pos + take);
            pos += take;
            if (current.rowCount() >= maxRows || take < limit) flushSliceChecked();
        }
    }

    /** Largest t <= want such that the open slice plus rows [pos, pos+t) of batch stays within the cap. */
    private int fittingRows(ColumnBatch batch, int pos, int want) {
        int lo = 0, hi = want;
        for (int c = 0; c < schema.size(); c++) {
            if (schema.column(c).type().kind() != TypeKind.VARCHAR) continue;
            ColumnBuffer src = batch.columns[c];
            long have = current.columns[c].dataBytes(0, current.rowCount());
            int base = current.rowCount();
            int l = lo, h = hi;
            while (l < h) {
                int mid = (l + h + 1) >>> 1;
                long rows = base + mid;
                long bytes = plainVarcharBytes(rows, have + src.dataBytes(pos, pos + mid));
                if (bytes <= options.segmentCapBytes()) l = mid; else h = mid - 1;
            }
            hi = l;
        }
        return hi;
    }

    private boolean fits(ColumnBatch b, int rows) {
        for (int c = 0; c < schema.size(); c++) {
            if (schema.column(c).type().kind() != TypeKind.VARCHAR) continue;
            if (plainVarcharBytes(rows, b.columns[c].dataBytes(0, rows)) > options.segmentCapBytes()) return false;
        }
        return true;
    }

    private static long plainVarcharBytes(long rows, long data) {
        return SegmentLayout.HEADER_BYTES + 3L * SegmentLayout.BUFFER_ALIGN + (rows + 7) / 8 + 4 * (rows + 1) + data;
    }

    private void flushSlice() {
        try {
            flushSliceChecked();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void flushSliceChecked() throws IOException {
        int n = current.rowCount();
        if (n == 0) return;
        List<Future<SegmentMeta>> futures = new ArrayList<>(files.length);
        for (int c = 0; c < files.length; c++) {
            final int col = c;
            futures.add(encodePool.submit(() -> writeSegment(col)));
        }
        List<SegmentMeta> segments = new ArrayList<>(files.length);
        try {
            for (Future<SegmentMeta> f : futures) segments.add(f.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while writing table " + name);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) throw io;
            if (cause instanceof RuntimeException re) throw re;
            throw new IOException(cause);
        }
        slices.add(new SliceMeta(slices.size(), rowCount, n, segments));
        rowCount += n;
        current.clear();
    }

    private SegmentMeta writeSegment(int c) throws IOException {
        SegmentEncoder.Encoded e = encoders[c].encode(current.columns[c]);
        distinct[c].addAll(current.columns[c]); // one task per column at a time: no sharing
        long offset = fileEnds[c];
        long length = e.bytes().byteSize();
        FileChannel ch = files[c];
        java.nio.ByteBuffer bb = e.bytes().asByteBuffer();
        long pos = offset;
        while (bb.hasRemaining()) pos += ch.write(bb, pos);
        fileEnds[c] = AlignedMemory.alignUp(offset + length);
        return new SegmentMeta(offset, Math.toIntExact(length), e.crc32c(), e.encoding(), e.nullCount(), e.min(), e.max());
    }

    /** Finishes the table and makes it visible atomically. */
    public TableManifest commit() throws IOException {
        ensureWritable();
        flushSliceChecked();
        long[] ndv = new long[distinct.length];
        for (int c = 0; c < ndv.length; c++) ndv[c] = distinct[c].estimate();
        TableManifest manifest = new TableManifest(TableManifest.FORMAT_VERSION, name, schema.columns(), rowCount,
                options.segmentCapBytes(), slices, ndv);
        for (int c = 0; c < files.length; c++) {
            // Pad the tail so that an aligned read of the last segment never runs past the end of file.
            long end = fileEnds[c];
            if (files[c].size() < end) files[c].write(java.nio.ByteBuffer.allocate(1), end - 1);
            files[c].force(true);
            files[c].close();
        }
        Path tmpManifest = staging.resolve(TableManifest.FILE_NAME + ".tmp");
        ManifestCodec.write(manifest, tmpManifest);
        move(tmpManifest, staging.resolve(TableManifest.FILE_NAME));
        fsyncDir(staging);
        publish();
        committed = true;
        close();
        return manifest;
    }

    private void publish() throws IOException {
        Path target = catalogDir.resolve(name);
        if (Files.exists(target)) {
            if (!options.replace()) {
                throw new FileAlreadyExistsException(target.toString(), null, "table '" + name + "' already exists");
            }
            Path trash = catalogDir.resolve(".trash-" + name + "-" + UUID.randomUUID());
            move(target, trash);
            move(staging, target);
            deleteTree(trash);
        } else {
            move(staging, target);
        }
        fsyncDir(catalogDir);
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the file system cannot rename " + from + " atomically", e);
        }
    }

    private static void fsyncDir(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException ignored) {
            // Some file systems do not allow syncing directories; the rename is still atomic.
        }
    }

    private void ensureWritable() {
        if (closed) throw new IllegalStateException("table writer for '" + name + "' is closed");
    }

    private void abort() {
        for (FileChannel f : files) {
            if (f == null) continue;
            try {
                f.close();
            } catch (IOException ignored) {
                // best effort: the staging directory is deleted next
            }
        }
        try {
            deleteTree(staging);
        } catch (IOException ignored) {
            // a leftover hidden staging directory is invisible to the catalog
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    /** Without a successful {@link #commit()}, discards everything written. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        encodePool.shutdownNow();
        for (SegmentEncoder e : encoders) if (e != null) e.close();
        if (!committed) abort();
        forgetCleanup();
    }

    private void forgetCleanup() {
        try {
            Runtime.getRuntime().removeShutdownHook(cleanupOnExit);
        } catch (IllegalStateException exiting) {
            // the JVM is already shutting down and runs the hook itself
        }
    }
}
