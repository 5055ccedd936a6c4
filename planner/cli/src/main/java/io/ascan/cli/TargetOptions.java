package io.ascan.cli;

import io.ascan.embedded.CatalogTarget;
import io.ascan.exchange.UserException;
import io.ascan.storage.node.RemoteCatalog;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * What a query front end opens: a catalog directory ({@code --dir}) or a storage node's catalog
 * ({@code --url grpc://HOST:PORT}, with {@code --token-file} and {@code --trusted-certs} for it;
 * docs/storage-node.md).
 */
public final class TargetOptions {
    static final class Where {
        @Option(names = "--dir", required = true, paramLabel = "DIR",
                description = "Catalog directory (one sub-directory per table).")
        Path dir;

        @Option(names = "--url", required = true, paramLabel = "URL",
                description = "A storage node instead of a directory: grpc://HOST:PORT or grpc+tls://HOST:PORT "
                        + "(docs/storage-node.md). Its catalog is read as of connect time and is read-only.")
        String url;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Where where;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "With --url: a file holding the storage node's bearer token.")
    Path tokenFile;

    @Option(names = "--trusted-certs", paramLabel = "FILE",
            description = "With --url grpc+tls://: PEM certificates to trust (default: the JDK's).")
    Path trustedCerts;

    /** The catalog directory, or null for a storage node. */
    public Path dir() {
        return where.dir;
    }

    /** The storage node ({@code grpc://host:port}), or null for a directory. */
    public String url() {
        if (where.url != null && !RemoteCatalog.isRemote(where.url)) {
            throw new UserException("--url names a storage node, grpc://HOST:PORT or grpc+tls://HOST:PORT, not '"
                    + where.url + "' (a catalog directory is --dir)");
        }
        return where.url;
    }

    /** The storage node's connection settings ({@code storage.tokenFile}, {@code storage.trustedCerts}). */
    public Map<String, String> nodeSettings() {
        Map<String, String> s = new LinkedHashMap<>();
        if (where.url == null && (tokenFile != null || trustedCerts != null)) {
            throw new UserException("--token-file and --trusted-certs go with --url (a storage node), not --dir");
        }
        if (tokenFile != null) s.put(CatalogTarget.TOKEN_FILE, tokenFile.toAbsolutePath().toString());
        if (trustedCerts != null) s.put(CatalogTarget.TRUSTED_CERTS, trustedCerts.toAbsolutePath().toString());
        return s;
    }
}
