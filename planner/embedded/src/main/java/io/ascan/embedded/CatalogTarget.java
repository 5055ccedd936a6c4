package io.ascan.embedded;

import io.ascan.catalog.Catalog;
import io.ascan.storage.node.RemoteCatalog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a front end opens: a catalog directory, or a storage node's catalog
 * ({@code grpc://host:port}, {@code grpc+tls://host:port}; docs/storage-node.md) whose bearer
 * token is the setting {@code storage.token}, or read from the file {@code storage.tokenFile}.
 * Closing it disconnects from the node (nothing for a directory).
 */
public record CatalogTarget(Catalog catalog, AutoCloseable remote) implements AutoCloseable {
    public static final String TOKEN = "storage.token";
    public static final String TOKEN_FILE = "storage.tokenFile";
    public static final String TRUSTED_CERTS = "storage.trustedCerts";
    /** The link's bandwidth to the node in bytes/s, for the adaptive scan's cost model (nothing is throttled). */
    public static final String LINK_BANDWIDTH = "storage.linkBandwidth";

    private static final List<String> NODE_SETTINGS = List.of(TOKEN, TOKEN_FILE, TRUSTED_CERTS, LINK_BANDWIDTH);

    /** The storage node's connection settings, taken out of {@code settings} (they are not engine settings). */
    public static Map<String, String> takeNodeSettings(Map<String, String> settings) {
        Map<String, String> node = new LinkedHashMap<>();
        for (String name : NODE_SETTINGS) {
            String v = settings.remove(name);
            if (v != null) node.put(name, v);
        }
        return node;
    }

    /** What is wrong with connection settings given with a catalog directory. */
    public static String notForADirectory(Map<String, String> nodeSettings) {
        return String.join(", ", nodeSettings.keySet()) + (nodeSettings.size() == 1 ? " is a setting" : " are settings")
                + " of a storage node (grpc://host:port), not of a catalog directory";
    }

    /** Opens {@code target}; takes the storage node's settings out of {@code settings} (they are not engine settings). */
    public static CatalogTarget open(String target, Map<String, String> settings) throws IOException {
        Map<String, String> node = takeNodeSettings(settings);
        String token = node.get(TOKEN);
        String tokenFile = node.get(TOKEN_FILE);
        String certs = node.get(TRUSTED_CERTS);
        String link = node.get(LINK_BANDWIDTH);
        if (!RemoteCatalog.isRemote(target)) {
            if (!node.isEmpty()) throw new IllegalArgumentException(notForADirectory(node));
            return new CatalogTarget(Catalog.open(Path.of(target)).logRecovery(), null);
        }
        if (token == null && tokenFile != null) token = Files.readString(Path.of(tokenFile), StandardCharsets.UTF_8).strip();
        RemoteCatalog remote;
        if (certs != null) {
            try (var in = Files.newInputStream(Path.of(certs))) {
                remote = RemoteCatalog.connect(target, token, in);
            }
        } else {
            remote = RemoteCatalog.connect(target, token, null);
        }
        try {
            if (link != null) remote.client().linkBandwidth(linkBandwidth(link));
            return new CatalogTarget(Catalog.open(remote.dir()), remote);
        } catch (IOException | RuntimeException e) {
            remote.close();
            throw e;
        }
    }

    private static long linkBandwidth(String v) {
        try {
            long b = Long.parseLong(v.strip());
            if (b >= 0) return b;
        } catch (NumberFormatException e) {
            // named below
        }
        throw new IllegalArgumentException(LINK_BANDWIDTH + " must be an integer >= 0 (bytes/s), got '" + v + "'");
    }

    @Override
    public void close() throws IOException {
        if (remote instanceof RemoteCatalog r) r.close();
    }
}
