package io.ascan.catalog;

import io.ascan.format.TableVersions;
import io.ascan.format.VersionLocks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finishes or rolls back what crashed writers left in a catalog, and removes abandoned staging:
 * <ul>
 * <li>{@code .tmp-<table>-<uuid>} (a writer's staging version) and {@code .new-<table>-<uuid>}
 * (a new table being assembled) once no live writer holds their lock file;</li>
 * <li>in each table, old versions nobody pins, trash, stale temporary {@code CURRENT} files
 * ({@link TableVersions#collect});</li>
 * <li>the state a crash between the two renames of the former {@code --replace} left: no table
 * {@code T} but {@code .trash-T-*} (the old table) and perhaps a complete {@code .tmp-T-*} (the
 * new one). The new table is put in place when it is complete, else the old one is restored.</li>
 * </ul>
 */
final class CatalogRecovery {
    private static final Pattern STAGING = Pattern.compile("\\.(tmp|new|trash)-([a-z_][a-z0-9_]*)-"
            + "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    private CatalogRecovery() {}

    static List<String> recover(Path catalog) throws IOException {
        List<String> done = new ArrayList<>();
        List<Path> entries;
        try (Stream<Path> s = Files.list(catalog)) {
            entries = s.sorted().toList();
        }
        for (Path p : entries) {
            Matcher m = STAGING.matcher(p.getFileName().toString());
            if (m.matches() && m.group(1).equals("trash") && Files.isDirectory(p)) restoreLostTable(catalog, m.group(2), p, done);
        }
        for (Path p : entries) {
            String n = p.getFileName().toString();
            Matcher m = STAGING.matcher(n);
            if (m.matches() && Files.exists(p)) {
                if (abandoned(p)) {
                    TableVersions.deleteTree(p);
                    done.add("removed " + n + (m.group(1).equals("trash") ? " (the old copy of a replaced table)"
                            : " (staging of an interrupted write of table '" + m.group(2) + "')"));
                }
            } else if (!n.startsWith(".") && Files.isDirectory(p)) {
                done.addAll(TableVersions.collect(p, n));
            }
        }
        return done;
    }

    /** Table {@code table} is missing while its old copy {@code trash} is there: put a complete copy in place. */
    private static void restoreLostTable(Path catalog, String table, Path trash, List<String> done) throws IOException {
        Path target = catalog.resolve(table);
        if (Files.exists(target)) return; // the replace finished: the trash is removed with the staging
        Path newer = null;
        try (Stream<Path> s = Files.list(catalog)) {
            for (Path p : s.sorted().toList()) {
                Matcher m = STAGING.matcher(p.getFileName().toString());
                if (m.matches() && m.group(1).equals("tmp") && m.group(2).equals(table)
                        && TableVersions.legacyManifest(p)) {
                    newer = p;
                }
            }
        }
        try {
            if (newer != null) {
                TableVersions.move(newer, target);
                done.add("finished the interrupted replace of table '" + table + "' (its new copy " + newer.getFileName()
                        + " was complete)");
            } else if (TableVersions.legacyManifest(trash) || Files.exists(trash.resolve(TableVersions.CURRENT))) {
                TableVersions.move(trash, target);
                done.add("restored table '" + table + "' from " + trash.getFileName() + " (its replace was interrupted)");
            }
        } catch (IOException e) {
            if (!Files.exists(target)) throw e; // else another process recovered it at the same time
        }
        TableVersions.fsyncDir(catalog);
    }

    /**
     * Staging is abandoned when no writer holds its lock file, or has none (written before lock
     * files, or its writer died before making it; a writer of another process that loses its
     * staging in that instant fails cleanly).
     */
    static boolean abandoned(Path staging) throws IOException {
        if (!Files.isDirectory(staging)) return true;
        // A writer of this JVM creates its staging together with the lock file (VersionLocks), so
        // it is never seen here without one; another process's writer can be, in that instant.
        List<Path> locks = VersionLocks.JVM.locksIn(staging);
        if (locks == null) return false; // moved or removed meanwhile (published, or another recovery): not ours to remove
        for (Path lock : locks) if (!VersionLocks.JVM.unheld(lock)) return false;
        return true;
    }
}
