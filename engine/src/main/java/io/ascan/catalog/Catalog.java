package io.ascan.catalog;

import io.ascan.format.DamagedTableException;
import io.ascan.format.ManifestCodec;
import io.ascan.format.StorageException;
import io.ascan.format.TableManifest;
import io.ascan.format.TableSchema;
import io.ascan.format.TableVersions;
import io.ascan.format.TableWriter;
import io.ascan.format.VersionLocks;
import io.ascan.format.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * A directory of tables. A table is a sub-directory holding versions and a {@code CURRENT} file
 * naming the current one ({@link TableVersions}), or, written before versions existed, a
 * {@code manifest.json} and column files; hidden entries (staging, trash) are not tables.
 *
 * <p>Opening a catalog recovers it ({@link CatalogRecovery}): what a crashed writer left is
 * finished or rolled back and abandoned staging directories are removed; {@link #recovery()} says
 * what was done.
 */
public final class Catalog {
    private final Path dir;
    private final List<String> recovery;

    private Catalog(Path dir, List<String> recovery) {
        this.dir = dir;
        this.recovery = List.copyOf(recovery);
    }

    /** Opens an existing catalog directory, recovering what interrupted writes left. */
    public static Catalog open(Path dir) throws IOException {
        if (!Files.exists(dir)) throw new NoSuchFileException(dir.toString(), null, "catalog directory does not exist");
        if (!Files.isDirectory(dir)) throw new NotDirectoryException(dir + " (catalog must be a directory)");
        Path d = dir.toAbsolutePath().normalize();
        return new Catalog(d, CatalogRecovery.recover(d));
    }

    /** Opens a catalog directory, creating it (and its parents) if missing. */
    public static Catalog create(Path dir) throws IOException {
        Files.createDirectories(dir);
        return open(dir);
    }

    public Path dir() {
        return dir;
    }

    /** What opening the catalog repaired or removed, one line each (empty when it was clean). */
    public List<String> recovery() {
        return recovery;
    }

    /** Logs {@link #recovery()} (logger {@code io.ascan.catalog}, INFO), for front ends without a console of their own. */
    public Catalog logRecovery() {
        System.Logger log = System.getLogger("io.ascan.catalog");
        for (String line : recovery) log.log(System.Logger.Level.INFO, "catalog " + dir + ": recovery: " + line);
        return this;
    }

    /** Names of the tables, damaged ones included, sorted. */
    public List<String> tableNames() throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path p : entries.sorted().toList()) {
                String n = p.getFileName().toString();
                if (!n.startsWith(".") && isTable(p)) names.add(n);
            }
        }
        return names;
    }

    /**
     * A table's directory: it has a {@code CURRENT}, or a legacy manifest, or column files (a
     * legacy table that lost its manifest, listed as damaged rather than silently gone).
     */
    static boolean isTable(Path tableDir) throws IOException {
        if (!Files.isDirectory(tableDir)) return false;
        if (Files.exists(tableDir.resolve(TableVersions.CURRENT)) || TableVersions.legacyManifest(tableDir)) return true;
        try (Stream<Path> s = Files.list(tableDir)) {
            return s.anyMatch(p -> p.getFileName().toString().endsWith(".col"));
        }
    }

    public boolean exists(String name) {
        try {
            return isTable(dir.resolve(name.toLowerCase(Locale.ROOT)));
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Loads the current version of a table (its manifest, checked); an unknown name is an error
     * listing the tables there are, a damaged table a {@link DamagedTableException} saying why.
     */
    public Table table(String name) throws IOException {
        String n = name.toLowerCase(Locale.ROOT);
        Path tableDir = dir.resolve(n);
        if (!exists(n)) {
            throw new NoSuchFileException(tableDir.toString(), null,
                    "no table '" + n + "' in " + dir + " (tables: " + String.join(", ", tableNames()) + ")");
        }
        for (int attempt = 0; ; attempt++) {
            String version = TableVersions.current(tableDir, n);
            if (version == null) {
                if (!TableVersions.legacyManifest(tableDir)) {
                    throw new DamagedTableException(n, "its manifest " + tableDir.resolve(TableManifest.FILE_NAME) + " is missing");
                }
                return new Table(tableDir, tableDir, TableVersions.LEGACY, ManifestCodec.read(tableDir, n));
            }
            Path versionDir = tableDir.resolve(version);
            try {
                if (!Files.isDirectory(versionDir)) {
                    throw new DamagedTableException(n, "its CURRENT names version " + version + ", which is missing");
                }
                return new Table(versionDir, tableDir, version, ManifestCodec.read(versionDir, n));
            } catch (DamagedTableException e) {
                // A writer (of this or another process) published a newer version and collected this
                // one between our reads of CURRENT and of the version: read CURRENT again. Damage is
                // a version that is missing while it is still current.
                if (attempt < 1000 && !version.equals(TableVersions.current(tableDir, n))) continue;
                throw e;
            }
        }
    }

    /** The version {@code CURRENT} names now ({@link TableVersions#LEGACY} for a table from before versions). */
    public String currentVersion(String name) throws IOException {
        String n = name.toLowerCase(Locale.ROOT);
        String v = TableVersions.current(dir.resolve(n), n);
        return v == null ? TableVersions.LEGACY : v;
    }

    /** The version {@code CURRENT} of {@code t}'s table names now, wherever its catalog is. */
    public static String currentVersion(Table t) throws IOException {
        String v = TableVersions.current(t.tableDir(), t.name());
        return v == null ? TableVersions.LEGACY : v;
    }

    /**
     * Removes a table unless a reader (of this or another process) pins its current version:
     * for caches of derived tables, which may drop what nobody reads. True when it is gone.
     */
    public boolean dropIfUnpinned(String name) throws IOException {
        String n = name.toLowerCase(Locale.ROOT);
        Path tableDir = dir.resolve(n);
        String version = TableVersions.current(tableDir, n);
        if (version == null) return !Files.exists(tableDir);
        Path trash = dir.resolve(".trash-" + n + "-" + System.nanoTime());
        boolean moved = VersionLocks.JVM.removeIfUnheld(tableDir.resolve(version).resolve(TableVersions.LOCK), false,
                () -> TableVersions.move(tableDir, trash));
        if (moved && Files.exists(trash)) TableVersions.deleteTree(trash);
        return moved;
    }

    /**
     * Pins the version {@code t} is, so that its files stay until the pin is closed (readers of
     * this and other processes; see {@link VersionLocks}). Null when that version was removed:
     * load the table again.
     */
    public static VersionLocks.Hold pin(Table t) throws IOException {
        Runnable collect = () -> {
            try {
                TableVersions.collect(t.tableDir(), t.name());
            } catch (IOException | RuntimeException ignored) {
                // the next writer or open removes it
            }
        };
        if (t.version().equals(TableVersions.LEGACY)) {
            return VersionLocks.JVM.pin(t.tableDir().resolve(TableVersions.LOCK),
                    t.tableDir().resolve(TableManifest.FILE_NAME), true, collect);
        }
        Path lock = t.dir().resolve(TableVersions.LOCK);
        VersionLocks.Hold hold = VersionLocks.JVM.pin(lock, lock, false, collect);
        // A version is collected only once it is no longer current: the current one without its
        // lock file is damage, which no amount of re-reading the catalog would get past.
        if (hold == null && t.version().equals(currentVersion(t))) {
            throw new DamagedTableException(t.name(), "its current version " + t.version() + " has no " + TableVersions.LOCK + " file");
        }
        return hold;
    }

    /** A table's current version, pinned: the caller closes {@link Pinned#close()}. */
    public Pinned pinned(String name) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Table t = table(name);
            VersionLocks.Hold hold = pin(t);
            if (hold != null) return new Pinned(t, hold);
            if (attempt > 1000) throw new StorageException(t.name(), "its versions keep changing faster than it can be read");
        }
    }

    /** A table version and the pin that keeps its files. */
    public record Pinned(Table table, VersionLocks.Hold hold) implements AutoCloseable {
        @Override
        public void close() {
            hold.close();
        }
    }

    /**
     * Drops a table: one rename hides it (as abandoned staging {@code .tmp-<name>-<uuid>}), then
     * its files are deleted unless a running query still pins a version, in which case the next
     * {@link #open} removes them. A crash after the rename leaves the table dropped. False when
     * there was no such table.
     */
    public boolean drop(String name) throws IOException {
        String n = TableWriter.checkName(name);
        if (!exists(n)) return false;
        Path hidden = dir.resolve(".tmp-" + n + "-" + java.util.UUID.randomUUID());
        try {
            TableVersions.move(dir.resolve(n), hidden);
        } catch (NoSuchFileException e) {
            return false; // dropped by someone else meanwhile
        }
        TableVersions.fsyncDir(dir);
        if (CatalogRecovery.abandoned(hidden)) TableVersions.deleteTree(hidden);
        return true;
    }

    /** The views defined in this catalog ({@link Views}). */
    public Views views() {
        return new Views(dir);
    }

    public TableWriter create(String name, TableSchema schema, WriteOptions options) throws IOException {
        return TableWriter.create(dir, name, schema, options);
    }
}
