package io.ascan.exchange;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.exchange.UserException;
import io.ascan.codegen.rt.SqlException;
import io.ascan.exec.SqlStates;
import io.ascan.format.WriteOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Files read in place, imported once into tables of a cache directory (a catalog of its own),
 * so that the AdaptiveScan reads them like any table, with zone maps. A cached table's name is
 * derived from the file's path and read options and from its size, modification time and
 * identity: a file written again gets a new table, and the stale one is dropped. Bounded: when
 * the cached tables exceed the capacity, the least recently used ones that no query pins go.
 * Concurrent first uses of one file in this JVM import it once.
 */
public final class FileTableCache {
    /** Default capacity: 4 GiB of cached tables ({@code files.cacheBytes}). */
    public static final long DEFAULT_CAPACITY = io.ascan.engine.EngineConfig.DEFAULT_FILES_CACHE_BYTES;
    /** Per cached table name, across the caches of this JVM: one import at a time. */
    private static final ConcurrentHashMap<Path, Object> IMPORTING = new ConcurrentHashMap<>();

    private final Path dir;
    private final long capacity;
    private volatile Catalog catalog;

    public FileTableCache(Path dir, long capacity) {
        if (capacity < 0) throw new IllegalArgumentException("file cache capacity must not be negative");
        this.dir = dir.toAbsolutePath().normalize();
        this.capacity = capacity;
    }

    /** The default place of a catalog's cache: its hidden {@code .cache/files} directory. */
    public static Path defaultDir(Catalog catalog) {
        return catalog.dir().resolve(".cache").resolve("files");
    }

    public Path dir() {
        return dir;
    }

    /**
     * The table holding {@code file}'s rows as the importer of {@code format} reads them
     * ({@code csv} options for CSV), importing it if no current copy is cached. Errors name the file.
     */
    public Table table(FileSource.Stamp file, ImportFormat format, CsvOptions csv) {
        String key = format + "\n" + file.path() + "\n" + (format == ImportFormat.CSV ? csv : "");
        String prefix = "f_" + digest(key, 8);
        String name = prefix + "_" + digest(file.size() + "\n" + file.modifiedNanos() + "\n" + file.fileKey(), 6);
        try {
            Catalog c = catalog();
            synchronized (IMPORTING.computeIfAbsent(dir.resolve(name), k -> new Object())) {
                if (!c.exists(name)) {
                    importFile(c, name, file, format, csv);
                    evict(c, prefix, name);
                }
                Table t = c.table(name);
                touch(t);
                return t;
            }
        } catch (UserException e) {
            throw new SqlException(SqlStates.DATA, e.getMessage());
        } catch (IOException e) {
            throw new SqlException(SqlStates.IO_ERROR, "cannot read " + file.path() + " into the file cache "
                    + dir + ": " + e.getMessage());
        }
    }

    private Catalog catalog() throws IOException {
        Catalog c = catalog;
        if (c == null) {
            synchronized (this) {
                if (catalog == null) catalog = Catalog.create(dir);
                c = catalog;
            }
        }
        return c;
    }

    private static void importFile(Catalog c, String name, FileSource.Stamp file, ImportFormat format, CsvOptions csv)
            throws IOException {
        ImportTarget target = new ImportTarget(c, name, WriteOptions.DEFAULTS);
        switch (format) {
            case PARQUET -> ParquetImporter.importFile(file.path(), target, Progress.NONE);
            case CSV -> CsvImporter.importFile(file.path(), csv, target, null, Progress.NONE);
            case ARROW -> {
                try (BufferAllocator allocator = io.ascan.memory.Allocators.root()) {
                    ArrowIpcImporter.importFile(file.path(), target, allocator, Progress.NONE);
                }
            }
        }
        if (!FileSource.Stamp.of(file.path()).equals(file)) {
            c.dropIfUnpinned(name);
            throw new SqlException(SqlStates.IO_ERROR, file.path() + " changed while it was being read; run the query again");
        }
    }

    /** Marks a cached table used now: eviction takes the least recently used first. */
    private static void touch(Table t) {
        try {
            Files.setLastModifiedTime(t.tableDir(), FileTime.fromMillis(System.currentTimeMillis()));
        } catch (IOException ignored) {
            // only the eviction order suffers
        }
    }

    /** Drops older copies of the same file, then the least recently used tables beyond the capacity. */
    private void evict(Catalog c, String prefix, String keep) throws IOException {
        record Entry(String name, long bytes, FileTime used) {}
        List<Entry> entries = new ArrayList<>();
        long total = 0;
        for (String n : c.tableNames()) {
            if (n.equals(keep)) continue;
            if (n.startsWith(prefix + "_")) {
                c.dropIfUnpinned(n);
                continue;
            }
            try {
                Table t = c.table(n);
                long bytes = t.bytesOnDisk();
                entries.add(new Entry(n, bytes, Files.getLastModifiedTime(t.tableDir())));
                total += bytes;
            } catch (IOException | RuntimeException e) {
                c.dropIfUnpinned(n); // damaged or half gone: a cache may always drop it
            }
        }
        total += c.table(keep).bytesOnDisk();
        entries.sort(Comparator.comparing(Entry::used));
        for (Entry e : entries) {
            if (total <= capacity) break;
            if (c.dropIfUnpinned(e.name())) total -= e.bytes();
        }
    }

    private static String digest(String text, int bytes) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
