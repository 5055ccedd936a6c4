package io.ascan.jdbc;

import io.ascan.catalog.Catalog;
import io.ascan.embedded.CatalogTarget;
import io.ascan.engine.EngineConfig;
import io.ascan.engine.EngineProperties;
import io.ascan.planner.AscanQueryService;
import io.ascan.planner.QueryService;
import io.ascan.scan.ScanStrategy;
import java.io.IOException;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * The JDBC driver for {@code jdbc:ascan:<dir>}: an in-process connection to the catalog in
 * {@code dir}. Registered through {@code META-INF/services/java.sql.Driver}; settings are the
 * settings of docs/configuration.md, as Properties or in the URL ({@code ?mode=direct&io=portable}).
 *
 * <p>Hand-written rather than built on Avatica: Avatica's row model boxes every value into row
 * arrays and carries TIMESTAMP as milliseconds shifted by the connection's time zone (ascan's
 * timestamps are zone-less microseconds), its Meta SPI is as large as this driver, and
 * cancellation and timeouts would still have to be wired by hand. Here result sets read Arrow
 * vectors in place and cancel goes straight to the engine's {@code QueryResult.cancel()}.
 */
public final class AscanDriver implements Driver {
    static final int MAJOR = 0;
    static final int MINOR = 1;

    static {
        try {
            DriverManager.registerDriver(new AscanDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Opens the query service of a connection; tests put scripted results behind it. */
    @FunctionalInterface
    public interface ServiceFactory {
        QueryService open(Catalog catalog, EngineConfig config);
    }

    private final ServiceFactory services;

    /** The driver of this build ({@link AscanQueryService#open}). */
    public AscanDriver() {
        this(AscanQueryService::open);
    }

    public AscanDriver(ServiceFactory services) {
        this.services = services;
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) return null; // JDBC: let another driver try
        ConnectionSettings s = ConnectionSettings.parse(url, info);
        CatalogTarget target;
        try {
            target = CatalogTarget.open(s.target(), new java.util.HashMap<>(s.node()));
        } catch (IOException e) {
            throw new SQLException("cannot open catalog " + s.target() + ": " + describe(e), "08001", e);
        } catch (IllegalArgumentException e) {
            throw new SQLException("invalid connection property: " + e.getMessage(), SqlErrors.INVALID_ATTRIBUTE, e);
        }
        try {
            return new AscanConnection(url, target.catalog(), s.config(), services.open(target.catalog(), s.config()))
                    .scanWarnings(s.scanWarnings()).progress(s.progress()).remote(target);
        } catch (RuntimeException e) {
            try {
                target.close();
            } catch (IOException c) {
                e.addSuppressed(c);
            }
            throw e;
        }
    }

    private static String describe(IOException e) {
        return e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason() : e.toString();
    }

    @Override
    public boolean acceptsURL(String url) {
        return ConnectionSettings.accepts(url);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        return EngineProperties.NAMES.entrySet().stream().sorted(java.util.Map.Entry.comparingByKey()).map(e -> {
            DriverPropertyInfo p = new DriverPropertyInfo(e.getKey(), info == null ? null : info.getProperty(e.getKey()));
            p.description = e.getValue();
            if (e.getKey().equals("mode")) p.choices = ScanStrategy.names().toArray(String[]::new);
            if (e.getKey().equals("io")) p.choices = new String[] {"uring", "portable"};
            return p;
        }).toArray(DriverPropertyInfo[]::new);
    }

    @Override
    public int getMajorVersion() {
        return MAJOR;
    }

    @Override
    public int getMinorVersion() {
        return MINOR;
    }

    /** Not yet: the driver has not been through the JDBC compliance suite. */
    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("ascan logs through SLF4J, not java.util.logging");
    }
}
