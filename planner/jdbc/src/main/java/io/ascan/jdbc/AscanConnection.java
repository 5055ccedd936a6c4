package io.ascan.jdbc;

import io.ascan.catalog.Catalog;
import io.ascan.engine.EngineConfig;
import io.ascan.exec.CancelSignal;
import io.ascan.memory.Allocators;
import io.ascan.planner.PlanningException;
import io.ascan.planner.PreparedQuery;
import io.ascan.planner.QueryPlanner;
import io.ascan.planner.QueryService;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Struct;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A session on one catalog directory. ascan is read-only, so there are no transactions:
 * auto-commit is always on in effect, commit and rollback do nothing, and every isolation
 * level holds trivially (the level asked for is remembered, as tools expect). Tables live in
 * the one schema {@code ascan}; there is no catalog level.
 */
final class AscanConnection implements Connection {
    private final String url;
    private final Catalog catalog;
    private final EngineConfig config;
    private final QueryService service;
    private final Set<AscanStatement> statements = ConcurrentHashMap.newKeySet();
    private BufferAllocator metadataAllocator;
    private int isolation = TRANSACTION_NONE;
    private boolean autoCommit = true;
    private volatile boolean closed;
    /** The catalog's storage node connection (closed with the connection; nothing for a directory). */
    private io.ascan.embedded.CatalogTarget remote;

    AscanConnection(String url, Catalog catalog, EngineConfig config, QueryService service) {
        this.url = url;
        this.catalog = catalog;
        this.config = config;
        this.service = service;
    }

    String url() {
        return url;
    }

    Catalog catalog() {
        return catalog;
    }

    private volatile boolean scanWarnings = true;

    /** Whether results hand their scan reports over as warnings (connection property jdbc.scanWarnings). */
    AscanConnection scanWarnings(boolean on) {
        scanWarnings = on;
        return this;
    }

    boolean scanWarnings() {
        return scanWarnings;
    }

    private volatile ConnectionSettings.Progress progress = ConnectionSettings.Progress.off;

    /** Whether statements draw a progress line on stderr (connection property jdbc.progress). */
    AscanConnection progress(ConnectionSettings.Progress p) {
        progress = p;
        return this;
    }

    ConnectionSettings.Progress progress() {
        return progress;
    }

    EngineConfig config() {
        return config;
    }

    PreparedQuery prepare(String sql) throws SQLException {
        return prepare(sql, null);
    }

    /** {@code cancel}: stops the planning (null: nothing can). */
    PreparedQuery prepare(String sql, CancelSignal cancel) throws SQLException {
        checkOpen();
        try {
            return service.prepare(sql, cancel);
        } catch (PlanningException e) {
            throw SqlErrors.planning(e);
        } catch (RuntimeException | Error e) {
            throw SqlErrors.internal(e);
        }
    }

    /** Memory of DatabaseMetaData results: created on first use, freed at close. */
    synchronized BufferAllocator metadataAllocator() {
        if (metadataAllocator == null) metadataAllocator = Allocators.root();
        return metadataAllocator;
    }

    void checkOpen() throws SQLException {
        if (closed) throw SqlErrors.closed("connection");
    }

    void statementClosed(AscanStatement s) {
        statements.remove(s);
    }

    private <S extends AscanStatement> S register(S s) {
        statements.add(s);
        return s;
    }

    private static void checkCursor(int type, int concurrency, int holdability) throws SQLException {
        if (type != ResultSet.TYPE_FORWARD_ONLY) throw SqlErrors.unsupported("scrollable result sets");
        if (concurrency != ResultSet.CONCUR_READ_ONLY) throw SqlErrors.unsupported("updatable result sets");
        if (holdability != ResultSet.CLOSE_CURSORS_AT_COMMIT && holdability != ResultSet.HOLD_CURSORS_OVER_COMMIT) {
            throw new SQLException("unknown holdability " + holdability, "HY024");
        }
    }

    @Override
    public Statement createStatement() throws SQLException {
        checkOpen();
        return register(new AscanStatement(this));
    }

    @Override
    public Statement createStatement(int type, int concurrency) throws SQLException {
        return createStatement(type, concurrency, ResultSet.CLOSE_CURSORS_AT_COMMIT);
    }

    @Override
    public Statement createStatement(int type, int concurrency, int holdability) throws SQLException {
        checkCursor(type, concurrency, holdability);
        return createStatement();
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        return register(new AscanPreparedStatement(this, prepare(sql)));
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency) throws SQLException {
        return prepareStatement(sql, type, concurrency, ResultSet.CLOSE_CURSORS_AT_COMMIT);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency, int holdability) throws SQLException {
        checkCursor(type, concurrency, holdability);
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
        if (autoGeneratedKeys != Statement.NO_GENERATED_KEYS) throw SqlErrors.unsupported("generated keys");
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
        throw SqlErrors.unsupported("generated keys");
    }

    @Override
    public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
        throw SqlErrors.unsupported("generated keys");
    }

    @Override
    public CallableStatement prepareCall(String sql) throws SQLException {
        throw SqlErrors.unsupported("stored procedures");
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency) throws SQLException {
        throw SqlErrors.unsupported("stored procedures");
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency, int holdability) throws SQLException {
        throw SqlErrors.unsupported("stored procedures");
    }

    @Override
    public String nativeSQL(String sql) throws SQLException {
        checkOpen();
        return sql;
    }

    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        checkOpen();
        return new AscanDatabaseMetaData(this);
    }

    /** Closes open statements (and so their results), then the query service. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        for (AscanStatement s : Set.copyOf(statements)) s.close();
        try {
            service.close();
            synchronized (this) {
                if (metadataAllocator != null) metadataAllocator.close();
            }
        } finally {
            if (remote != null) {
                try {
                    remote.close();
                } catch (java.io.IOException e) {
                    java.util.logging.Logger.getLogger(AscanConnection.class.getName()).warning("closing the storage node connection: " + e);
                }
            }
        }
    }

    AscanConnection remote(io.ascan.embedded.CatalogTarget target) {
        this.remote = target;
        return this;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public boolean isValid(int timeoutSeconds) throws SQLException {
        if (timeoutSeconds < 0) throw new SQLException("timeout must not be negative", "HY024");
        return !closed;
    }

    @Override
    public void abort(Executor executor) {
        close();
    }

    // ---- transactions: none (read-only) -----------------------------------------------------------

    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        checkOpen();
        this.autoCommit = autoCommit;
    }

    @Override
    public boolean getAutoCommit() throws SQLException {
        checkOpen();
        return autoCommit;
    }

    @Override
    public void commit() throws SQLException {
        checkOpen();
    }

    @Override
    public void rollback() throws SQLException {
        checkOpen();
    }

    @Override
    public void rollback(Savepoint savepoint) throws SQLException {
        throw SqlErrors.unsupported("savepoints");
    }

    @Override
    public Savepoint setSavepoint() throws SQLException {
        throw SqlErrors.unsupported("savepoints");
    }

    @Override
    public Savepoint setSavepoint(String name) throws SQLException {
        throw SqlErrors.unsupported("savepoints");
    }

    @Override
    public void releaseSavepoint(Savepoint savepoint) throws SQLException {
        throw SqlErrors.unsupported("savepoints");
    }

    @Override
    public void setTransactionIsolation(int level) throws SQLException {
        checkOpen();
        isolation = level;
    }

    @Override
    public int getTransactionIsolation() throws SQLException {
        checkOpen();
        return isolation;
    }

    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        checkOpen(); // a hint drivers may ignore: statements that change tables run either way
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        checkOpen();
        return false;
    }

    @Override
    public void setHoldability(int holdability) throws SQLException {
        checkOpen();
    }

    @Override
    public int getHoldability() {
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    // ---- naming: one schema, no catalogs -------------------------------------------------------

    @Override
    public void setCatalog(String catalog) throws SQLException {
        checkOpen(); // JDBC: ignored when catalogs are not supported
    }

    @Override
    public String getCatalog() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void setSchema(String schema) throws SQLException {
        checkOpen();
        if (!QueryPlanner.SCHEMA.equalsIgnoreCase(schema)) {
            throw new SQLException("no schema '" + schema + "': the tables are in schema " + QueryPlanner.SCHEMA, "3F000");
        }
    }

    @Override
    public String getSchema() throws SQLException {
        checkOpen();
        return QueryPlanner.SCHEMA;
    }

    @Override
    public Map<String, Class<?>> getTypeMap() {
        return Map.of();
    }

    @Override
    public void setTypeMap(Map<String, Class<?>> map) throws SQLException {
        if (map != null && !map.isEmpty()) throw SqlErrors.unsupported("user-defined type maps");
    }

    // ---- the rest ----------------------------------------------------------------------------------

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void clearWarnings() {
    }

    @Override
    public void setClientInfo(String name, String value) throws SQLClientInfoException {
        // no client info properties: JDBC says to ignore unknown names here (getClientInfoProperties is empty)
    }

    @Override
    public void setClientInfo(Properties properties) {
    }

    @Override
    public String getClientInfo(String name) {
        return null;
    }

    @Override
    public Properties getClientInfo() {
        return new Properties();
    }

    @Override
    public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
        checkOpen(); // in-process: there is no network
    }

    @Override
    public int getNetworkTimeout() {
        return 0;
    }

    @Override
    public Clob createClob() throws SQLException {
        throw SqlErrors.unsupported("CLOB");
    }

    @Override
    public Blob createBlob() throws SQLException {
        throw SqlErrors.unsupported("BLOB");
    }

    @Override
    public NClob createNClob() throws SQLException {
        throw SqlErrors.unsupported("NCLOB");
    }

    @Override
    public SQLXML createSQLXML() throws SQLException {
        throw SqlErrors.unsupported("XML");
    }

    @Override
    public Array createArrayOf(String typeName, Object[] elements) throws SQLException {
        throw SqlErrors.unsupported("ARRAY");
    }

    @Override
    public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
        throw SqlErrors.unsupported("STRUCT");
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) return iface.cast(this);
        throw new SQLException("not a wrapper for " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
