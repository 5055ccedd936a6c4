package io.ascan.jdbc;

import io.ascan.embedded.QueryProgress;
import io.ascan.exec.QueryException;
import io.ascan.exec.QueryOptions;
import io.ascan.exec.QueryResult;
import io.ascan.planner.PlanningException;
import io.ascan.planner.PreparedQuery;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.List;

/**
 * A statement: runs queries, at most one open result at a time. {@link #cancel()} and the
 * query timeout may act from other threads while another thread reads the result. Warnings
 * carry the execution statistics of the last query once its result has been read to the end.
 */
class AscanStatement implements Statement {
    protected final AscanConnection connection;
    private volatile StatementExecution running;
    private AscanResultSet resultSet;
    private long maxRows;
    private int timeoutSeconds;
    private int fetchSize;
    private SQLWarning warnings;
    private boolean closeOnCompletion;
    private volatile boolean closed;
    /** Rows written by the last statement when it changed tables (CREATE, INSERT, DROP), else -1. */
    private long updateCount = -1;

    AscanStatement(AscanConnection connection) {
        this.connection = connection;
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        checkOpen();
        StatementExecution query = begin();
        return run(prepare(sql, query), List.of(), query);
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        checkOpen();
        StatementExecution query = begin();
        return execute(prepare(sql, query), List.of(), query);
    }

    /**
     * Plans {@code sql} as part of execution {@code query}: its cancel and timeout stop the planning
     * too (a pathological query may plan for long), failing with 57014 or HYT00.
     */
    private PreparedQuery prepare(String sql, StatementExecution query) throws SQLException {
        try {
            return connection.prepare(sql, query.planning());
        } catch (SQLException e) {
            query.finished();
            if (SqlErrors.CANCELLED.equals(e.getSQLState())) throw SqlErrors.stopped(e, query);
            throw e;
        }
    }

    /** Runs a statement: true with a result set for a query, false with an update count for a change of tables. */
    protected boolean execute(PreparedQuery prepared, List<Object> parameters) throws SQLException {
        return execute(prepared, parameters, null);
    }

    private boolean execute(PreparedQuery prepared, List<Object> parameters, StatementExecution query) throws SQLException {
        if (!prepared.changesTables()) {
            run(prepared, parameters, query);
            return true;
        }
        long rows = update(prepared, parameters, query);
        updateCount = rows;
        return false;
    }

    /** Runs a statement that changes tables: the rows it wrote (0 for CREATE TABLE, DROP, views). */
    protected long update(PreparedQuery prepared, List<Object> parameters) throws SQLException {
        return update(prepared, parameters, null);
    }

    private long update(PreparedQuery prepared, List<Object> parameters, StatementExecution query) throws SQLException {
        if (!prepared.changesTables()) {
            if (query != null) query.finished();
            throw new SQLException("executeUpdate runs statements that change tables (CREATE, INSERT, DROP), not queries: "
                    + "use executeQuery", "07000");
        }
        try (AscanResultSet rs = run(prepared, parameters, query)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Runs a planned statement; the result set's columns are described before anything runs. */
    protected AscanResultSet run(PreparedQuery prepared, List<Object> parameters) throws SQLException {
        return run(prepared, parameters, null);
    }

    /** The execution of a statement, its clock started: the previous result set is closed first. */
    private StatementExecution begin() {
        closeResultSet();
        updateCount = -1;
        clearWarnings();
        StatementExecution query = StatementExecution.start(timeoutSeconds);
        running = query;
        return query;
    }

    /** {@code query}: the execution {@link #begin} started for the statement's planning, or null to start one. */
    private AscanResultSet run(PreparedQuery prepared, List<Object> parameters, StatementExecution query) throws SQLException {
        checkOpen();
        if (query == null) query = begin();
        QueryOptions options = connection.config().query().withTimeoutMillis(timeoutSeconds * 1000L);
        QueryResult result;
        try {
            result = prepared.execute(parameters, options);
        } catch (QueryException e) {
            query.finished();
            throw SqlErrors.execution(e, query);
        } catch (PlanningException e) {
            query.finished();
            throw SqlErrors.planning(e);
        } catch (RuntimeException | Error e) {
            query.finished();
            throw SqlErrors.internal(e);
        }
        query.attach(result);
        resultSet = new AscanResultSet(this, result, query, metaData(prepared), maxRows, progress(result));
        return resultSet;
    }

    /** The progress line of a started statement, when the connection asks for one (jdbc.progress); else null. */
    private QueryProgress progress(QueryResult result) {
        ConnectionSettings.Progress p = connection.progress();
        if (p == ConnectionSettings.Progress.off) return null;
        boolean forced = p == ConnectionSettings.Progress.on;
        QueryProgress bar = new QueryProgress(new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8)),
                forced ? 0 : QueryProgress.DELAY_MILLIS, forced);
        bar.watch(result);
        return bar;
    }

    static AscanResultSetMetaData metaData(PreparedQuery prepared) {
        boolean[] nullable = new boolean[prepared.columns().size()];
        for (int i = 0; i < nullable.length; i++) nullable[i] = prepared.nullable(i);
        return new AscanResultSetMetaData(prepared.columns(), nullable);
    }

    /** Safe from any thread: stops the running query, if any (the engine stops its workers). */
    @Override
    public void cancel() throws SQLException {
        checkOpen();
        StatementExecution q = running;
        if (q != null) q.cancel();
    }

    void resultSetClosed(AscanResultSet rs) {
        if (rs != resultSet) return;
        resultSet = null;
        if (closeOnCompletion) close();
    }

    private void closeResultSet() {
        AscanResultSet rs = resultSet;
        resultSet = null;
        if (rs != null) rs.close();
    }

    synchronized void addWarning(SQLWarning w) {
        if (warnings == null) warnings = w;
        else warnings.setNextWarning(w);
    }

    @Override
    public synchronized SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return warnings;
    }

    @Override
    public synchronized void clearWarnings() {
        warnings = null;
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        closeResultSet();
        connection.statementClosed(this);
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    protected void checkOpen() throws SQLException {
        if (closed) throw SqlErrors.closed("statement");
        connection.checkOpen();
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        checkOpen();
        return resultSet;
    }

    @Override
    public int getUpdateCount() throws SQLException {
        return (int) Math.min(Integer.MAX_VALUE, getLargeUpdateCount());
    }

    @Override
    public long getLargeUpdateCount() throws SQLException {
        checkOpen();
        return updateCount;
    }

    @Override
    public boolean getMoreResults() throws SQLException {
        checkOpen();
        closeResultSet();
        updateCount = -1;
        return false;
    }

    @Override
    public boolean getMoreResults(int current) throws SQLException {
        return getMoreResults();
    }

    @Override
    public int getMaxRows() throws SQLException {
        checkOpen();
        return (int) Math.min(maxRows, Integer.MAX_VALUE);
    }

    @Override
    public void setMaxRows(int max) throws SQLException {
        setLargeMaxRows(max);
    }

    @Override
    public long getLargeMaxRows() throws SQLException {
        checkOpen();
        return maxRows;
    }

    @Override
    public void setLargeMaxRows(long max) throws SQLException {
        checkOpen();
        if (max < 0) throw new SQLException("max rows must not be negative", "HY024");
        maxRows = max;
    }

    @Override
    public int getQueryTimeout() throws SQLException {
        checkOpen();
        return timeoutSeconds;
    }

    /** Seconds, 0 = none; on expiry the query is cancelled and reading it raises SQLTimeoutException. */
    @Override
    public void setQueryTimeout(int seconds) throws SQLException {
        checkOpen();
        if (seconds < 0) throw new SQLException("query timeout must not be negative", "HY024");
        timeoutSeconds = seconds;
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        checkOpen();
        if (rows < 0) throw new SQLException("fetch size must not be negative", "HY024");
        fetchSize = rows;
    }

    @Override
    public int getFetchSize() throws SQLException {
        checkOpen();
        return fetchSize;
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        if (direction != ResultSet.FETCH_FORWARD) throw SqlErrors.unsupported("fetch directions other than forward");
    }

    @Override
    public int getFetchDirection() {
        return ResultSet.FETCH_FORWARD;
    }

    @Override
    public int getResultSetConcurrency() {
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getResultSetType() {
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public int getResultSetHoldability() {
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public int getMaxFieldSize() {
        return 0;
    }

    @Override
    public void setMaxFieldSize(int max) throws SQLException {
        checkOpen(); // a hint we may ignore (JDBC allows it): values are never truncated
    }

    @Override
    public void setEscapeProcessing(boolean enable) throws SQLException {
        checkOpen(); // no JDBC escape syntax is rewritten; Calcite parses the SQL as written
    }

    @Override
    public void setCursorName(String name) throws SQLException {
        throw SqlErrors.unsupported("named cursors");
    }

    @Override
    public void closeOnCompletion() throws SQLException {
        checkOpen();
        closeOnCompletion = true;
    }

    @Override
    public boolean isCloseOnCompletion() throws SQLException {
        checkOpen();
        return closeOnCompletion;
    }

    @Override
    public void setPoolable(boolean poolable) throws SQLException {
        checkOpen();
    }

    @Override
    public boolean isPoolable() {
        return false;
    }

    @Override
    public Connection getConnection() throws SQLException {
        checkOpen();
        return connection;
    }

    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        throw SqlErrors.unsupported("generated keys");
    }

    // ---- updates: statements that change tables (CREATE, INSERT, DROP) ----------------------------

    @Override
    public int executeUpdate(String sql) throws SQLException {
        return (int) Math.min(Integer.MAX_VALUE, executeLargeUpdate(sql));
    }

    @Override
    public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        noGeneratedKeys(autoGeneratedKeys);
        return executeUpdate(sql);
    }

    @Override
    public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
        throw SqlErrors.unsupported("generated keys");
    }

    @Override
    public int executeUpdate(String sql, String[] columnNames) throws SQLException {
        throw SqlErrors.unsupported("generated keys");
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        checkOpen();
        StatementExecution query = begin();
        long rows = update(prepare(sql, query), List.of(), query);
        updateCount = rows;
        return rows;
    }

    @Override
    public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        noGeneratedKeys(autoGeneratedKeys);
        return executeLargeUpdate(sql);
    }

    @Override
    public long executeLargeUpdate(String sql, int[] columnIndexes) throws SQLException {
        throw SqlErrors.unsupported("generated keys");
    }

    @Override
    public long executeLargeUpdate(String sql, String[] columnNames) throws SQLException {
        throw SqlErrors.unsupported("generated keys");
    }

    private static void noGeneratedKeys(int autoGeneratedKeys) throws SQLException {
        if (autoGeneratedKeys != NO_GENERATED_KEYS) throw SqlErrors.unsupported("generated keys");
    }

    @Override
    public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
        if (autoGeneratedKeys != NO_GENERATED_KEYS) throw SqlErrors.unsupported("generated keys");
        return execute(sql);
    }

    @Override
    public boolean execute(String sql, int[] columnIndexes) throws SQLException {
        throw SqlErrors.unsupported("generated keys");
    }

    @Override
    public boolean execute(String sql, String[] columnNames) throws SQLException {
        throw SqlErrors.unsupported("generated keys");
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        throw SqlErrors.unsupported("batches (they hold updates, and ascan is read-only)");
    }

    @Override
    public void clearBatch() throws SQLException {
        throw SqlErrors.unsupported("batches (they hold updates, and ascan is read-only)");
    }

    @Override
    public int[] executeBatch() throws SQLException {
        throw SqlErrors.unsupported("batches (they hold updates, and ascan is read-only)");
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
