package io.ascan.format;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The on-disk layout of a table's versions. A table directory holds immutable version directories
 * {@code v<N>-<random>} (each with its column files, its sealed {@code manifest.json} and the lock
 * file {@code .lock}, see {@link VersionLocks}) and the file {@code CURRENT}, which names the
 * current version. Publishing a version is one atomic rename of a new {@code CURRENT} over the old
 * one, so a reader sees the old or the new version, never a mix, and a crash leaves one of them.
 *
 * <p>A table written before versions existed keeps its files (manifest and column files) in the
 * table directory itself and has no {@code CURRENT}: that is its {@link #LEGACY} version, read as
 * before, and replaced like any other.
 */
public final class TableVersions {
    public static final String CURRENT = "CURRENT";
    public static final String LOCK = ".lock";
    /** The version of a table whose files sit in its directory (written before versions existed). */
    public static final String LEGACY = "";

    private static final Pattern VERSION = Pattern.compile("v(\\d{1,18})-[0-9a-f]{8}");
    /** Staging files younger than this may belong to a live writer that has not locked them yet. */
    static final Duration YOUNG = Duration.ofSeconds(60);

    private TableVersions() {}

    static boolean isVersionName(String name) {
        return VERSION.matcher(name).matches();
    }

    /** The version {@code CURRENT} names, or null when the table has none (legacy, or no table). */
    public static String current(Path tableDir, String table) throws IOException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(tableDir.resolve(CURRENT));
        } catch (NoSuchFileException e) {
            return null;
        }
        String v = new String(bytes, StandardCharsets.UTF_8).strip();
        if (!isVersionName(v)) throw new DamagedTableException(table, "its CURRENT file is corrupt (holds '" + abbreviate(v) + "')");
        return v;
    }

    /** The version {@code CURRENT} names, {@link #LEGACY} when there is none. */
    public static String currentVersion(Path tableDir, String table) throws IOException {
        String v = current(tableDir, table);
        return v == null ? LEGACY : v;
    }

    private static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }

    /** Whether {@code tableDir} holds a table written before versions existed, as its current version. */
    public static boolean legacyManifest(Path tableDir) {
        return Files.isRegularFile(tableDir.resolve(TableManifest.FILE_NAME));
    }

    /** A fresh version name, numbered after every version in {@code tableDir} (none: 1). */
    public static String nextVersion(Path tableDir) throws IOException {
        long max = 0;
        if (Files.isDirectory(tableDir)) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(tableDir)) {
                for (Path p : entries) {
                    Matcher m = VERSION.matcher(p.getFileName().toString());
                    if (m.matches()) max = Math.max(max, Long.parseLong(m.group(1)));
                }
            }
        }
        return "v" + (max + 1) + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** Hooks between the steps of a write (tests inject faults there). */
    public interface Steps {
        Steps NONE = step -> { };

        /** Called before each step that changes the disk; throwing (or halting) there fails the write. */
        void before(String step) throws IOException;
    }

    /**
     * Makes {@code version} (a directory of {@code tableDir}) current: writes and syncs a new
     * {@code CURRENT} under a temporary name, then renames it over the old one. With
     * {@code mustBeNew} the table must have no {@code CURRENT} yet (a hard link fails if it has).
     */
    public static void switchCurrent(Path tableDir, String version, boolean mustBeNew, Steps steps) throws IOException {
        Path tmp = tableDir.resolve(CURRENT + ".tmp-" + UUID.randomUUID());
        steps.before("write " + tmp.getFileName());
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap((version + "\n").getBytes(StandardCharsets.UTF_8)));
            steps.before("fsync " + tmp.getFileName());
            ch.force(true);
        }
        try {
            if (mustBeNew) {
                steps.before("link CURRENT");
                Files.createLink(tableDir.resolve(CURRENT), tmp);
                Files.delete(tmp);
            } else {
                steps.before("rename CURRENT");
                move(tmp, tableDir.resolve(CURRENT));
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        steps.before("fsync " + tableDir.getFileName());
        fsyncDir(tableDir);
    }

    public static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the file system cannot rename " + from + " atomically", e);
        }
    }

    public static void fsyncDir(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException ignored) {
            // Some file systems do not allow syncing directories; the rename is still atomic.
        }
    }

    /**
     * Removes what {@code tableDir} holds besides its current version and what someone pins or
     * writes: older versions, a legacy version's files once a {@code CURRENT} exists, trash, and
     * stale temporary {@code CURRENT} files. A table without {@code CURRENT} is left alone. Returns
     * what it removed, one line each.
     */
    public static List<String> collect(Path tableDir, String table) throws IOException {
        List<String> removed = new ArrayList<>();
        String current;
        try {
            current = current(tableDir, table);
        } catch (DamagedTableException e) {
            return removed; // never guess which version to keep
        }
        if (current == null && legacyManifest(tableDir)) {
            current = LEGACY; // versions a killed writer left unpublished in a table from before versions
        } else if (current == null || !Files.isDirectory(tableDir.resolve(current))) {
            return removed;
        }
        final String keep = current;
        List<Path> entries;
        try (Stream<Path> s = Files.list(tableDir)) {
            entries = s.sorted().toList();
        } catch (NoSuchFileException e) {
            return removed;
        }
        boolean legacyFiles = false;
        for (Path p : entries) {
            String n = p.getFileName().toString();
            if (isVersionName(n) && !n.equals(current)) {
                Path trash = tableDir.resolve(".trash-" + n);
                boolean done = VersionLocks.JVM.removeIfUnheld(p.resolve(LOCK), false, () -> {
                    // Under the exclusive lock: only a version that is still not current goes.
                    String now = current(tableDir, table);
                    if (Files.isDirectory(p) && !n.equals(now == null ? keep : now)) move(p, trash);
                });
                if (done && Files.exists(trash)) {
                    deleteTree(trash);
                    removed.add("removed old version " + n + " of table '" + table + "'");
                } else if (done && Files.isDirectory(p) && !Files.exists(p.resolve(LOCK))) {
                    deleteTree(p); // a version directory without a lock file was never published
                    removed.add("removed incomplete version " + n + " of table '" + table + "'");
                }
            } else if (n.startsWith(".trash-")) {
                deleteTree(p);
                removed.add("removed " + n + " of table '" + table + "'");
            } else if (n.startsWith(CURRENT + ".tmp-") && abandonedCurrent(tableDir, p)) {
                Files.deleteIfExists(p);
                removed.add("removed " + n + " of table '" + table + "'");
            } else if (n.equals(TableManifest.FILE_NAME) || n.endsWith(".col")) {
                legacyFiles = true;
            }
        }
        if (legacyFiles && !keep.equals(LEGACY)) {
            Path manifest = tableDir.resolve(TableManifest.FILE_NAME);
            boolean done = !Files.exists(manifest) || VersionLocks.JVM.removeIfUnheld(tableDir.resolve(LOCK), true,
                    () -> Files.deleteIfExists(manifest));
            if (done && !Files.exists(manifest)) {
                try (Stream<Path> s = Files.list(tableDir)) {
                    for (Path p : s.toList()) if (p.getFileName().toString().endsWith(".col")) Files.deleteIfExists(p);
                }
                removed.add("removed the files of table '" + table + "' from before versions (now version " + current + ")");
            }
        }
        return removed;
    }

    /**
     * A temporary {@code CURRENT} is abandoned when the writer of the version it names holds that
     * version no more (it dies or publishes before it lets go); one that names no version yet is
     * being written, unless it is old.
     */
    private static boolean abandonedCurrent(Path tableDir, Path tmp) throws IOException {
        String v;
        try {
            v = Files.readString(tmp, StandardCharsets.UTF_8).strip();
        } catch (NoSuchFileException e) {
            return false;
        }
        if (!isVersionName(v)) return old(tmp);
        return VersionLocks.JVM.unheld(tableDir.resolve(v).resolve(LOCK));
    }

    static boolean old(Path p) {
        try {
            FileTime t = Files.getLastModifiedTime(p);
            return t.toInstant().isBefore(Instant.now().minus(YOUNG));
        } catch (IOException e) {
            return false;
        }
    }

    /** Deletes a directory tree; another cleaner deleting it at the same time is no error. */
    public static void deleteTree(Path dir) throws IOException {
        for (int attempt = 0; attempt < 3 && Files.exists(dir); attempt++) {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            } catch (NoSuchFileException e) {
                // removed meanwhile
            } catch (java.io.UncheckedIOException e) {
                if (!(e.getCause() instanceof NoSuchFileException)) throw e.getCause();
            } catch (java.nio.file.DirectoryNotEmptyException e) {
                // a file appeared meanwhile (a writer that has not noticed yet): try again
            }
        }
    }
}
