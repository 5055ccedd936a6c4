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
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Writes a table: rows (through {@link RowAppender}) or batches go into the open slice; a slice is
 * closed when a column segment would exceed the segment cap, and its segments are encoded (one
 * task per column) and appended to the column files at 4 KiB-aligned offsets.
 *
 * <p>Atomicity: everything is written into a hidden staging directory, the table's next version
 * (see {@link TableVersions}), whose lock file the writer holds exclusively so that no recovery
 * takes it for abandoned. {@link #commit()} syncs the files and the sealed manifest, moves the
 * directory into the table's directory and publishes it with one atomic rename of {@code CURRENT}
 * (a new table is assembled under a hidden name and renamed into place whole). A crash or an
 * exception before that switch leaves the table as it was; {@link #close()} without commit
 * deletes the staging directory, and {@link io.ascan.catalog.Catalog#open} removes what a killed
 * writer left. Old versions are removed once no reader pins them.
 */
public final class TableWriter implements RowAppender, AutoCloseable {
    private final Path catalogDir;
    private final String name;
    private final TableSchema schema;
    private final WriteOptions options;
    private final Path staging;
    /** Where the staged version is now (it moves when published), and whether it became current. */
    private volatile Path location;
    private volatile Path assembly;
    private volatile boolean published;
    private VersionLocks.Hold writing;
    private final TableVersions.Steps steps;
    private final FileChannel[] files;
    private final long[] fileEnds;
    private final SegmentEncoder[] encoders;
    private final DistinctCounter[] distinct;
    private final ExecutorService encodePool;
    private final int maxRows;
    private final List<SliceMeta> slices = new ArrayList<>();
    private ColumnBatch current;
    private long rowCount;
    /** For an appending writer: the version appended to (publishing fails if it is no longer current), and its NDVs. */
    private String baseVersion;
    private long[] baseDistinct;
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
        this.location = staging;
        this.steps = options.steps();
        // Ctrl-C during a long write (gen, import) runs shutdown hooks, not close(): drop the staging files there
        // too. The hook is in place before the directory exists, and repeats because writer threads keep running
        // (and may create a file) while hooks run.
        this.cleanupOnExit = new Thread(() -> {
            for (int attempt = 0; attempt < 20 && !published && Files.exists(location); attempt++) {
                try {
                    deleteTree(location);
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
            steps.before("create " + staging.getFileName());
            writing = VersionLocks.JVM.createLockedDirectory(staging);
        } catch (IOException | RuntimeException e) {
            abandonConstruction(e);
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
                encoders[i] = new SegmentEncoder(options.packed());
            }
        } catch (IOException | RuntimeException e) {
            abandonConstruction(e);
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
        if (!options.replace() && Files.isDirectory(catalogDir.resolve(table))) {
            throw new FileAlreadyExistsException(catalogDir.resolve(table).toString(), null,
                    "table '" + table + "' already exists (use --replace to overwrite it)");
        }
        return new TableWriter(catalogDir, table, schema, options);
    }

    /**
     * Starts a new version of {@code base}'s table holding its rows followed by those appended:
     * the base version's column files are copied into the staging version (segment offsets stay
     * valid) and its slices kept, new rows go into new slices. {@link #commit()} publishes it only
     * while {@code base} is still the current version, so a concurrent writer's rows are never lost.
     * The base version is given by its parts (the format layer sits below the catalog's Table):
     * its name, version, manifest and one column file per column.
     */
    public static TableWriter append(Path catalogDir, String name, String baseVersion, TableManifest m,
                                     java.util.List<Path> columnFiles, WriteOptions options) throws IOException {
        TableWriter w = new TableWriter(catalogDir, checkName(name), m.schema(),
                options.withReplace(true).withSegmentCap(m.segmentCapBytes()));
        try {
            for (int c = 0; c < w.files.length; c++) {
                try (FileChannel from = FileChannel.open(columnFiles.get(c), StandardOpenOption.READ)) {
                    long size = from.size();
                    for (long pos = 0; pos < size; ) pos += from.transferTo(pos, size - pos, w.files[c]);
                    w.fileEnds[c] = AlignedMemory.alignUp(size);
                }
            }
            w.slices.addAll(m.slices());
            w.rowCount = m.rowCount();
            w.baseVersion = baseVersion;
            w.baseDistinct = m.distinctCounts();
            return w;
        } catch (IOException e) {
            w.close();
            throw w.failed(e);
        } catch (RuntimeException e) {
            w.close();
            throw e;
        }
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
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    /** An I/O failure of the catalog's side, naming the table and the directory (disk full, ...). */
    private IOException failed(IOException e) {
        if (e instanceof TableWriteException || e instanceof FileAlreadyExistsException || e instanceof ConcurrentWriteException
                || e instanceof java.io.InterruptedIOException) {
            return e;
        }
        return new TableWriteException(name, catalogDir, e);
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
            if (cause instanceof IOException io) throw failed(io);
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
        steps.before("write " + TableManifest.columnFileName(c, schema.column(c).name()) + " slice " + slices.size());
        while (bb.hasRemaining()) pos += ch.write(bb, pos);
        fileEnds[c] = AlignedMemory.alignUp(offset + length);
        return new SegmentMeta(offset, Math.toIntExact(length), e.crc32c(), e.encoding(), e.nullCount(), e.min(), e.max(),
                e.encoding() == Encoding.PACKED ? Math.toIntExact(e.decodedLength()) : null);
    }

    /** Version 3 only where a segment is packed, so that a build reading version 2 still reads plain tables. */
    private int formatVersion() {
        for (SliceMeta s : slices) {
            for (SegmentMeta m : s.segments()) if (m.encoding() == Encoding.PACKED) return TableManifest.FORMAT_VERSION;
        }
        return TableManifest.SEALED_VERSION;
    }

    /** Finishes the table and makes it visible atomically. */
    public TableManifest commit() throws IOException {
        ensureWritable();
        flushSliceChecked();
        long[] ndv = new long[distinct.length];
        for (int c = 0; c < ndv.length; c++) {
            ndv[c] = distinct[c].estimate();
            // Appended rows: the base's distinct values plus the new ones bound the count from above.
            if (baseDistinct != null) ndv[c] = baseDistinct[c] < 0 ? -1 : Math.min(rowCount, baseDistinct[c] + ndv[c]);
        }
        TableManifest manifest = new TableManifest(formatVersion(), name, schema.columns(), rowCount,
                options.segmentCapBytes(), slices, ndv);
        try {
            for (int c = 0; c < files.length; c++) {
                // Pad the tail so that an aligned read of the last segment never runs past the end of file.
                long end = fileEnds[c];
                if (files[c].size() < end) files[c].write(java.nio.ByteBuffer.allocate(1), end - 1);
                steps.before("fsync " + TableManifest.columnFileName(c, schema.column(c).name()));
                files[c].force(true);
                files[c].close();
            }
            steps.before("write manifest");
            ManifestCodec.write(manifest, staging.resolve(TableManifest.FILE_NAME));
            steps.before("fsync " + staging.getFileName());
            TableVersions.fsyncDir(staging);
            publish();
        } catch (IOException e) {
            throw failed(e);
        }
        committed = true;
        close();
        return manifest;
    }

    /**
     * Makes the staged version the table's current one. An existing table gets it as a new
     * version directory and one rename of {@code CURRENT}; a new table is assembled under a hidden
     * name (version and {@code CURRENT}) and renamed into place whole.
     */
    private void publish() throws IOException {
        Path tableDir = catalogDir.resolve(name);
        for (int attempt = 0; ; attempt++) {
            if (Files.isDirectory(tableDir)) {
                if (!options.replace()) {
                    throw new FileAlreadyExistsException(tableDir.toString(), null, "table '" + name + "' already exists");
                }
                if (baseVersion != null && !baseVersion.equals(TableVersions.currentVersion(tableDir, name))) {
                    throw new ConcurrentWriteException(name);
                }
                String version = TableVersions.nextVersion(tableDir);
                Path target = tableDir.resolve(version);
                steps.before("rename staging to " + version);
                try {
                    move(location, target);
                } catch (java.nio.file.NoSuchFileException e) {
                    if (attempt < 3) continue; // the table directory was removed meanwhile
                    throw e;
                }
                location = target;
                steps.before("fsync " + name);
                TableVersions.fsyncDir(tableDir);
                TableVersions.switchCurrent(tableDir, version, false, steps);
                published = true;
            } else {
                Path assembled = catalogDir.resolve(".new-" + name + "-" + UUID.randomUUID());
                String version = TableVersions.nextVersion(assembled);
                steps.before("create " + assembled.getFileName());
                steps.before("rename staging into " + assembled.getFileName());
                VersionLocks.JVM.createDirectoryAround(assembled, location, assembled.resolve(version));
                assembly = assembled;
                location = assembled.resolve(version);
                TableVersions.switchCurrent(assembled, version, true, steps);
                steps.before("rename " + assembled.getFileName() + " to " + name);
                try {
                    move(assembled, tableDir);
                } catch (java.nio.file.DirectoryNotEmptyException | FileAlreadyExistsException e) {
                    // Created by another writer meanwhile: take the version back and go the replace way.
                    move(location, staging);
                    location = staging;
                    deleteTree(assembled);
                    assembly = null;
                    if (attempt < 3) continue;
                    throw e;
                }
                location = tableDir.resolve(version);
                assembly = null;
                published = true;
            }
            steps.before("fsync catalog");
            TableVersions.fsyncDir(catalogDir);
            break;
        }
        writing.close();
        writing = null;
        try {
            steps.before("remove old versions");
            TableVersions.collect(tableDir, name);
        } catch (IOException | RuntimeException e) {
            // Published: the write succeeded. What is left is removed by the next writer, reader or open.
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the file system cannot rename " + from + " atomically", e);
        }
    }

    private void ensureWritable() {
        if (closed) throw new IllegalStateException("table writer for '" + name + "' is closed");
    }

    private void abort() {
        if (files != null) {
            for (FileChannel f : files) {
                if (f == null) continue;
                try {
                    f.close();
                } catch (IOException ignored) {
                    // best effort: the staging directory is deleted next
                }
            }
        }
        try {
            // A version that became current is the table now: it stays, whatever failed after.
            if (!published) {
                deleteTree(location);
                if (assembly != null) deleteTree(assembly);
            }
        } catch (IOException ignored) {
            // a leftover hidden staging directory is invisible, and removed when the catalog is next opened
        } finally {
            if (writing != null) writing.close();
            writing = null;
        }
    }

    static void deleteTree(Path dir) throws IOException {
        TableVersions.deleteTree(dir);
    }

    /** Without a successful {@link #commit()}, discards everything written. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        if (encodePool != null) encodePool.shutdownNow();
        if (encoders != null) for (SegmentEncoder e : encoders) if (e != null) e.close();
        if (!committed) abort();
        forgetCleanup();
    }

    /** A constructor step failed: drop the staging directory and the exit hook, then rethrow (I/O errors named). */
    private void abandonConstruction(Exception e) throws IOException {
        abort();
        forgetCleanup();
        if (e instanceof IOException io) throw failed(io);
        throw (RuntimeException) e;
    }

    private void forgetCleanup() {
        try {
            Runtime.getRuntime().removeShutdownHook(cleanupOnExit);
        } catch (IllegalStateException exiting) {
            // the JVM is already shutting down and runs the hook itself
        }
    }
}
