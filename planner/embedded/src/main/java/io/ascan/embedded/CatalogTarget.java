package io.ascan.embedded;

import io.ascan.catalog.Catalog;
import io.ascan.storage.node.RemoteCatalog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /** Opens {@code target}; takes the storage node's settings out of {@code settings} (they are not engine settings). */
    public static CatalogTarget open(String target, Map<String, String> settings) throws IOException {
        String token = settings.remove(TOKEN);
        String tokenFile = settings.remove(TOKEN_FILE);
        String certs = settings.remove(TRUSTED_CERTS);
        String link = settings.remove(LINK_BANDWIDTH);
        if (!RemoteCatalog.isRemote(target)) {
            if (token != null || tokenFile != null || certs != null || link != null) {
                throw new IllegalArgumentException(TOKEN + ", " + TOKEN_FILE + ", " + TRUSTED_CERTS + " and " + LINK_BANDWIDTH
                        + " are settings of a storage node (grpc://host:port), not of a catalog directory");
            }
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
