package io.ascan.storage.node;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.format.DamagedTableException;
import io.ascan.format.ManifestCodec;
import io.ascan.format.TableManifest;
import io.ascan.format.TableVersions;
import io.ascan.format.VersionLocks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The one catalog directory a storage node serves, and the only way its requests reach files:
 * table and version names are checked as names (no separators, no {@code ..}) and every path is
 * resolved through symbolic links and must stay inside the directory.
 */
final class ServedCatalog {
    /** What a table or version name may be: what the catalog itself creates. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.$-]{0,254}");

    /** Parsed manifests kept: a version's manifest never changes, so one parse serves every request for it. */
    static final int MANIFESTS_KEPT = 32;

    private final Catalog catalog;
    private final Path root;
    /**
     * Manifests of versioned tables by {@code table/version}, least recently used first. Parsing
     * lineorder's at SF 10 (407 slices of zone maps) for every request was a third of a pull-up
     * pass's CPU on the node.
     */
    private final Map<String, TableManifest> manifests = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, TableManifest> eldest) {
            return size() > MANIFESTS_KEPT;
        }
    };

    ServedCatalog(Path dir) throws IOException {
        this.catalog = Catalog.open(dir).logRecovery();
        this.root = catalog.dir().toRealPath();
    }

    Catalog catalog() {
        return catalog;
    }

    Path root() {
        return root;
    }

    /** A table version pinned for one request; closing it lets the version go. */
    record Served(Table table, VersionLocks.Hold hold) implements AutoCloseable {
        @Override
        public void close() {
            if (hold != null) hold.close();
        }
    }

    /** Table {@code name} at {@code version} (the current one when that is null), pinned. */
    Served table(String name, String version) throws IOException {
        checkName(name, "table");
        if (version != null && !version.isEmpty()) checkName(version, "version");
        String n = name.toLowerCase(java.util.Locale.ROOT);
        Path tableDir = inside(root.resolve(n));
        if (!catalog.exists(n)) throw new NoSuchFileException(n, null, "no table '" + n + "' on this storage node");
        for (int attempt = 0; attempt < 100; attempt++) {
            Table t;
            String current = catalog.currentVersion(n);
            if (current.equals(TableVersions.LEGACY) && (version == null || version.equals(current))) {
                t = catalog.table(n); // a legacy manifest is rewritten in place: read it each time
            } else if (version != null && version.equals(TableVersions.LEGACY)) {
                throw new NoSuchFileException(n, null, "table '" + n + "' has been rewritten since it was planned");
            } else {
                String v = version == null ? current : version;
                Path versionDir = inside(tableDir.resolve(v));
                if (!Files.isDirectory(versionDir)) {
                    if (v.equals(current)) throw new DamagedTableException(n, "its CURRENT names version " + v + ", which is missing");
                    throw new NoSuchFileException(n, null, "version " + v + " of table '" + n + "' is gone");
                }
                t = new Table(versionDir, tableDir, v, manifest(n, v, versionDir));
            }
            inside(t.dir());
            VersionLocks.Hold hold = Catalog.pin(t);
            if (hold != null) return new Served(t, hold);
        }
        throw new IOException("table '" + n + "' keeps changing faster than it can be served");
    }

    /** Version {@code version}'s manifest of table {@code n}, parsed once while it is among the most recently served. */
    private TableManifest manifest(String n, String version, Path versionDir) throws IOException {
        String key = n + "/" + version;
        synchronized (manifests) {
            TableManifest m = manifests.get(key);
            if (m != null) return m;
        }
        TableManifest m = ManifestCodec.read(versionDir, n); // outside the lock: two first requests may both parse it
        synchronized (manifests) {
            manifests.put(key, m);
        }
        return m;
    }

    /** The raw manifest file of a served table version (sealed, as on disk). */
    byte[] manifestBytes(Table t) throws IOException {
        return Files.readAllBytes(inside(t.dir().resolve(TableManifest.FILE_NAME)));
    }

    /** {@code file} resolved through links, refused unless it is inside the served directory. */
    Path inside(Path file) throws IOException {
        Path real = Files.exists(file) ? file.toRealPath() : file.toAbsolutePath().normalize();
        if (!real.startsWith(root)) throw new ProtocolException("'" + file.getFileName() + "' resolves outside the served directory");
        return real;
    }

    static void checkName(String name, String what) {
        if (name == null || !NAME.matcher(name).matches() || name.contains("..")) {
            throw new ProtocolException("invalid " + what + " name '" + name + "'");
        }
    }
}
