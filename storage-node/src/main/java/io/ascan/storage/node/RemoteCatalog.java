package io.ascan.storage.node;

import io.ascan.format.TableManifest;
import io.ascan.format.TableVersions;
import io.ascan.scan.remote.RemoteStorages;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.arrow.flight.Location;

/**
 * A storage node's catalog on the compute side: its manifests (schemas, slices, zone maps,
 * statistics: what the planner plans with) copied, at connect time, into a private local directory
 * laid out as a catalog, which is registered with {@link RemoteStorages} so that an engine opened
 * on it scans through the node. Read-only: the column files stay on the node. Close it to
 * disconnect and delete the copy.
 */
public final class RemoteCatalog implements AutoCloseable {
    public static final String SCHEME = "grpc";
    public static final String TLS_SCHEME = "grpc+tls";

    private final Path dir;
    private final NodeClient client;

    private RemoteCatalog(Path dir, NodeClient client) {
        this.dir = dir;
        this.client = client;
    }

    /** Whether {@code target} (what follows {@code jdbc:ascan:}) names a storage node rather than a directory. */
    public static boolean isRemote(String target) {
        String t = target.toLowerCase(Locale.ROOT);
        return t.startsWith(SCHEME + "://") || t.startsWith(TLS_SCHEME + "://");
    }

    /**
     * Connects to {@code grpc://host:port} (or {@code grpc+tls://}) with bearer token {@code token}
     * (null: none) and copies its catalog.
     */
    public static RemoteCatalog connect(String target, String token, InputStream trustedCerts) throws IOException {
        URI uri = URI.create(target);
        if (uri.getHost() == null || uri.getPort() < 0) {
            throw new IOException("a storage node is grpc://host:port or grpc+tls://host:port, not '" + target + "'");
        }
        boolean tls = uri.getScheme().equalsIgnoreCase(TLS_SCHEME);
        Location location = tls ? Location.forGrpcTls(uri.getHost(), uri.getPort())
                : Location.forGrpcInsecure(uri.getHost(), uri.getPort());
        NodeClient client = new NodeClient(location, token, trustedCerts);
        Path dir = null;
        try {
            dir = Files.createTempDirectory("ascan-remote-");
            for (NodeClient.RemoteTable t : client.catalog()) write(dir, t);
            RemoteStorages.register(dir, client);
            return new RemoteCatalog(dir, client);
        } catch (IOException | RuntimeException e) {
            try {
                if (dir != null) delete(dir);
                client.close();
            } catch (IOException | InterruptedException | RuntimeException c) {
                e.addSuppressed(c);
            }
            throw e;
        }
    }

    /** One table's manifest where a catalog keeps its current version; names are checked, as the node checks ours. */
    private static void write(Path dir, NodeClient.RemoteTable t) throws IOException {
        ServedCatalog.checkName(t.name(), "table");
        Path tableDir = Files.createDirectories(dir.resolve(t.name()));
        Path versionDir = tableDir;
        if (!t.version().equals(TableVersions.LEGACY)) {
            ServedCatalog.checkName(t.version(), "version");
            versionDir = Files.createDirectories(tableDir.resolve(t.version()));
            Files.writeString(tableDir.resolve(TableVersions.CURRENT), t.version());
            Files.createFile(versionDir.resolve(TableVersions.LOCK)); // what queries pin the version by, as in any catalog
        }
        Files.write(versionDir.resolve(TableManifest.FILE_NAME), t.manifest().getBytes(StandardCharsets.UTF_8));
    }

    /** The local directory holding the copied catalog: open it as a catalog. */
    public Path dir() {
        return dir;
    }

    public NodeClient client() {
        return client;
    }

    @Override
    public void close() throws IOException {
        RemoteStorages.unregister(dir);
        try {
            client.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            delete(dir);
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
