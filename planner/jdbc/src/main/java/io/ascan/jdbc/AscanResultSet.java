package io.ascan.jdbc;

import io.ascan.embedded.ColumnReader;
import io.ascan.embedded.QueryProgress;
import io.ascan.exec.QueryException;
import io.ascan.exec.QueryResult;
import io.ascan.plan.OutputColumn;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A forward-only cursor over the Arrow batches of a {@link QueryResult}. Values are read in
 * place from the vectors ({@link ColumnReader}); {@link Values} converts them to what each
 * getter promises. The query is closed as soon as the last row (or the statement's max rows)
 * has been passed, releasing workers and memory before the application closes the result set;
 * at that point its statistics become a warning on the result set and its statement.
 */
final class AscanResultSet extends ReadOnlyResultSet {
    private final AscanStatement statement; // null for DatabaseMetaData results
    private final QueryResult result;
    private final StatementExecution query; // null for DatabaseMetaData results
    private final List<OutputColumn> columns;
    private final AscanResultSetMetaData metaData;
    private final long maxRows;
    private ColumnReader[] readers;
    private int row;
    private int batchRows;
    private long rowNumber;
    private boolean done;
    private boolean closed;
    private boolean wasNull;
    private int fetchSize;
    private SQLWarning warnings;

    /** The statement's progress line until its first rows arrive; null when none is drawn. */
    private QueryProgress progress;

    AscanResultSet(AscanStatement statement, QueryResult result, StatementExecution query, AscanResultSetMetaData metaData,
                   long maxRows, QueryProgress progress) {
        this.progress = progress;
        this.statement = statement;
        this.result = result;
        this.query = query;
        this.columns = result.columns();
        this.metaData = metaData;
        this.maxRows = maxRows;
    }

    @Override
    public boolean next() throws SQLException {
        checkOpen();
        if (done) return false;
        if (maxRows > 0 && rowNumber >= maxRows) return finish();
        row++;
        try {
            while (row >= batchRows) {
                boolean more = result.next();
                stopProgress(); // the first rows (or the end) are here: nothing of the line may stay above them
                if (!more) return finish();
                bind(result.batch());
            }
        } catch (QueryException e) {
            stopProgress();
            finish();
            throw SqlErrors.execution(e, query);
        } catch (RuntimeException | Error e) {
            stopProgress();
            finish();
            throw SqlErrors.internal(e);
        }
        rowNumber++;
        return true;
    }

    private void bind(VectorSchemaRoot batch) {
        if (batch.getFieldVectors().size() != columns.size()) {
            throw new IllegalStateException("a result batch has " + batch.getFieldVectors().size() + " vectors for "
                    + columns.size() + " columns");
        }
        readers = new ColumnReader[columns.size()];
        for (int c = 0; c < readers.length; c++) readers[c] = ColumnReader.of(columns.get(c), batch.getVector(c));
        batchRows = batch.getRowCount();
        row = 0;
    }

    /** No more rows: statistics become a warning, the query is released. */
    private boolean finish() {
        if (!done) {
            done = true;
            readers = null;
            if (statement != null && !statement.connection.scanWarnings()) {
                release();
                return false;
            }
            var scans = result.scanReports();
            if (!scans.isEmpty()) {
                for (var report : scans) {
                    warn(new ScanWarning(report));
                    if (statement != null) statement.addWarning(new ScanWarning(report));
                }
            } else {
                String stats = result.statistics();
                if (stats != null && !stats.isBlank()) {
                    warn(new SQLWarning(stats, "01000"));
                    if (statement != null) statement.addWarning(new SQLWarning(stats, "01000"));
                }
            }
            release();
        }
        return false;
    }

    private void stopProgress() {
        if (progress == null) return;
        progress.close();
        progress = null;
    }

    private void warn(SQLWarning w) {
        if (warnings == null) warnings = w;
        else warnings.setNextWarning(w);
    }

    private void release() {
        result.close();
        if (query != null) query.finished();
    }

    /** Stops the query from another thread (Statement.cancel()); next() then fails. */
    void cancel() {
        result.cancel();
    }

    @Override
    public void close() {
        if (closed) return;
        stopProgress();
        closed = true;
        done = true;
        readers = null;
        release();
        if (statement != null) statement.resultSetClosed(this);
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    private void checkOpen() throws SQLException {
        if (closed) throw SqlErrors.closed("result set");
    }

    /** The reader of a column on the current row; sets wasNull. */
    private ColumnReader column(int index) throws SQLException {
        checkOpen();
        if (readers == null) {
            throw new SQLException(done ? "the cursor is after the last row" : "the cursor is before the first row: call next()",
                    "24000");
        }
        if (index < 1 || index > readers.length) {
            throw new SQLException("column index " + index + " out of range 1.." + readers.length, "07009");
        }
        ColumnReader r = readers[index - 1];
        wasNull = r.isNull(row);
        return r;
    }

    @Override
    public boolean wasNull() {
        return wasNull;
    }

    @Override
    public int findColumn(String label) throws SQLException {
        checkOpen();
        for (int c = 0; c < columns.size(); c++) if (columns.get(c).name().equals(label)) return c + 1;
        for (int c = 0; c < columns.size(); c++) if (columns.get(c).name().equalsIgnoreCase(label)) return c + 1;
        throw new SQLException("no column '" + label + "' in the result (columns: "
                + String.join(", ", columns.stream().map(OutputColumn::name).toList()) + ")", "42703");
    }

    // ---- getters ------------------------------------------------------------------------------

    @Override
    public String getString(int c) throws SQLException {
        ColumnReader r = column(c);
        return wasNull ? null : r.text(row);
    }

    @Override
    public String getNString(int c) throws SQLException {
        return getString(c);
    }

    @Override
    public boolean getBoolean(int c) throws SQLException {
        ColumnReader r = column(c);
        return !wasNull && Values.toBoolean(r, row);
    }

    @Override
    public byte getByte(int c) throws SQLException {
        ColumnReader r = column(c);
        return wasNull ? 0 : (byte) Values.toLong(r, row, Byte.MIN_VALUE, Byte.MAX_VALUE, "TINYINT");
    }

    @Override
    public short getShort(int c) throws SQLException {
        ColumnReader r = column(c);
        return wasNull ? 0 : (short) Values.toLong(r, row, Short.MIN_VALUE, Short.MAX_VALUE, "SMALLINT");
    }

    @Override
    public int getInt(int c) throws SQLException {
        ColumnReader r = column(c);
        return wasNull ? 0 : (int) Values.toLong(r, row, Integer.MIN_VALUE, Integer.MAX_VALUE, "INTEGER");
    }

    @Override
    public long getLong(int c) throws SQLException {
        ColumnReader r = column(c);
        return wasNull ? 0 : Values.toLong(r, row, Long.MIN_VALUE, Long.MAX_VALUE, "BIGINT");
    }

    @Override
    public float getFloat(int c) throws SQLException {
        ColumnReader r = column(c);
        return wasNull ? 0 : (float) Values.toDouble(r, row);
    }

    @Override
    public double getDouble(int c) throws SQLException {
        ColumnReader r = column(c);
        return wasNull ? 0 : Values.toDouble(r, row);
    }

    @Override
    public BigDecimal getBigDecimal(int c) throws SQLException {
        ColumnReader r = column(c);
        return wasNull ? null : Values.toDecimal(r, row);
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(int c, int scale) throws SQLException {
        BigDecimal d = getBigDecimal(c);
        return d == null ? null : d.setScale(scale, RoundingMode.HALF_UP);
    }

    @Override
    public byte[] getBytes(int c) throws SQLException {
        String s = getString(c);
        return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Date getDate(int c) throws SQLException {
        return getDate(c, null);
    }

    @Override
    public Date getDate(int c, Calendar cal) throws SQLException {
        ColumnReader r = column(c);
        return wasNull ? null : Values.toDate(r, row, cal);
    }

    @Override
    public Time getTime(int c) throws SQLException {
        return getTime(c, null);
    }

    @Override
    public Time getTime(int c, Calendar cal) throws SQLException {
        ColumnReader r = column(c);
        return wasNull ? null : Values.toTime(r, row, cal);
    }

    @Override
    public Timestamp getTimestamp(int c) throws SQLException {
        return getTimestamp(c, null);
    }

    @Override
    public Timestamp getTimestamp(int c, Calendar cal) throws SQLException {
        ColumnReader r = column(c);
        return wasNull ? null : Values.toTimestamp(r, row, cal);
    }

    @Override
    public Object getObject(int c) throws SQLException {
        ColumnReader r = column(c);
        return wasNull ? null : Values.toJdbcObject(r, row);
    }

    @Override
    public Object getObject(int c, Map<String, Class<?>> map) throws SQLException {
        if (map != null && !map.isEmpty()) throw SqlErrors.unsupported("user-defined type maps");
        return getObject(c);
    }

    @Override
    public <T> T getObject(int c, Class<T> type) throws SQLException {
        ColumnReader r = column(c);
        return wasNull ? null : Values.toObject(r, row, type);
    }

    @Override
    public InputStream getAsciiStream(int c) throws SQLException {
        String s = getString(c);
        return s == null ? null : new ByteArrayInputStream(s.getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    @Deprecated
    public InputStream getUnicodeStream(int c) throws SQLException {
        String s = getString(c);
        return s == null ? null : new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_16BE));
    }

    @Override
    public InputStream getBinaryStream(int c) throws SQLException {
        byte[] b = getBytes(c);
        return b == null ? null : new ByteArrayInputStream(b);
    }

    @Override
    public Reader getCharacterStream(int c) throws SQLException {
        String s = getString(c);
        return s == null ? null : new StringReader(s);
    }

    @Override
    public Reader getNCharacterStream(int c) throws SQLException {
        return getCharacterStream(c);
    }

    // ---- state -----------------------------------------------------------------------------------

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        return metaData;
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return warnings;
    }

    @Override
    public void clearWarnings() {
        warnings = null;
    }

    @Override
    public Statement getStatement() {
        return statement;
    }

    @Override
    public int getRow() {
        return readers == null ? 0 : (int) Math.min(rowNumber, Integer.MAX_VALUE);
    }

    @Override
    public boolean isBeforeFirst() {
        return rowNumber == 0 && !done;
    }

    @Override
    public boolean isAfterLast() {
        return done && rowNumber > 0;
    }

    @Override
    public boolean isFirst() {
        return readers != null && rowNumber == 1;
    }

    @Override
    public boolean isLast() throws SQLException {
        throw SqlErrors.unsupported("isLast() on a streaming result");
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        if (rows < 0) throw new SQLException("fetch size must not be negative", "HY024");
        fetchSize = rows; // a hint; batches come as the engine produces them
    }

    @Override
    public int getFetchSize() {
        return fetchSize;
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
