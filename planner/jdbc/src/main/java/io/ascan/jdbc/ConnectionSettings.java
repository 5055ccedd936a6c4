package io.ascan.jdbc;

import io.ascan.engine.EngineConfig;
import io.ascan.engine.EngineProperties;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import io.ascan.embedded.CatalogTarget;
import io.ascan.storage.node.RemoteCatalog;
import java.nio.file.Path;
import java.util.List;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * {@code jdbc:ascan:<dir>[?name=value&...]} plus connection Properties to a catalog directory
 * and an {@link EngineConfig}. Settings in the URL override the Properties. {@code user} and
 * {@code password}, which tools always send, are accepted and ignored; {@value #SCAN_WARNINGS}
 * ({@code true} or {@code false}) and {@value #PROGRESS} are the driver's own: whether results hand
 * their scan reports over as warnings, and whether a statement draws a progress line on stderr
 * ({@link Progress}); any other name that is not a setting of docs/configuration.md is an error,
 * as is a bad value.
 */
record ConnectionSettings(String target, Path dir, EngineConfig config, boolean scanWarnings, Progress progress,
                          Map<String, String> node) {
    static final String PREFIX = "jdbc:ascan:";
    static final String SCAN_WARNINGS = "jdbc.scanWarnings";
    static final String PROGRESS = "jdbc.progress";

    /**
     * A progress line on stderr while a statement runs, until its first rows arrive
     * ({@link io.ascan.embedded.QueryProgress}): none (the default, for applications), for
     * statements running over a second ({@code delayed}, what an interactive shell shows), or from
     * the start and drawn at least once ({@code on}).
     */
    enum Progress { off, delayed, on }
    private static final Set<String> IGNORED = Set.of("user", "password");

    static boolean accepts(String url) {
        return url != null && url.startsWith(PREFIX);
    }

    static ConnectionSettings parse(String url, Properties info) throws SQLException {
        String rest = url.substring(PREFIX.length());
        int q = rest.indexOf('?');
        String dir = q < 0 ? rest : rest.substring(0, q);
        if (dir.isBlank()) {
            throw new SQLException("the URL names no catalog directory: expected " + PREFIX + "<dir>", "08001");
        }
        Map<String, String> settings = new LinkedHashMap<>();
        if (info != null) for (String name : info.stringPropertyNames()) settings.put(name, info.getProperty(name));
        if (q >= 0) {
            for (String pair : rest.substring(q + 1).split("&")) {
                if (pair.isEmpty()) continue;
                int eq = pair.indexOf('=');
                if (eq < 0) throw new SQLException("URL setting '" + pair + "' has no value (expected name=value)", SqlErrors.INVALID_ATTRIBUTE);
                settings.put(decode(pair.substring(0, eq)), decode(pair.substring(eq + 1)));
            }
        }
        settings.keySet().removeAll(IGNORED);
        String warnings = settings.remove(SCAN_WARNINGS);
        if (warnings != null && !warnings.strip().equalsIgnoreCase("true") && !warnings.strip().equalsIgnoreCase("false")) {
            throw new SQLException("invalid connection property: " + SCAN_WARNINGS + " must be true or false, got '" + warnings
                    + "'", SqlErrors.INVALID_ATTRIBUTE);
        }
        String progress = settings.remove(PROGRESS);
        Progress p = Progress.off;
        if (progress != null) {
            try {
                p = Progress.valueOf(progress.strip().toLowerCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new SQLException("invalid connection property: " + PROGRESS + " must be off, delayed or on, got '"
                        + progress + "'", SqlErrors.INVALID_ATTRIBUTE);
            }
        }
        Map<String, String> node = new LinkedHashMap<>();
        for (String k : List.of(CatalogTarget.TOKEN, CatalogTarget.TOKEN_FILE, CatalogTarget.TRUSTED_CERTS, CatalogTarget.LINK_BANDWIDTH)) {
            String v = settings.remove(k);
            if (v != null) node.put(k, v);
        }
        try {
            return new ConnectionSettings(dir, RemoteCatalog.isRemote(dir) ? null : Path.of(dir), EngineProperties.parse(settings),
                    warnings == null || warnings.strip().equalsIgnoreCase("true"), p, node);
        } catch (IllegalArgumentException e) {
            throw new SQLException("invalid connection property: " + e.getMessage(), SqlErrors.INVALID_ATTRIBUTE, e);
        }
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
