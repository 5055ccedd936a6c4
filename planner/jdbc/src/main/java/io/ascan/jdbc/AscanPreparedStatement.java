package io.ascan.jdbc;

import io.ascan.planner.PreparedQuery;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;

/**
 * A statement planned once at {@code prepareStatement} (so bad SQL fails there, and the result
 * metadata is known before execution) and run with the bound {@code ?} values, converted by
 * {@link Parameters} to the query service's Java mapping.
 */
final class AscanPreparedStatement extends AscanStatement implements PreparedStatement {
    private static final Object UNSET = new Object();

    private final PreparedQuery prepared;
    private final Object[] parameters;

    AscanPreparedStatement(AscanConnection connection, PreparedQuery prepared) {
        super(connection);
        this.prepared = prepared;
        this.parameters = new Object[prepared.parameterCount()];
        Arrays.fill(parameters, UNSET);
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        checkOpen();
        return run(prepared, bound());
    }

    private List<Object> bound() throws SQLException {
        for (int i = 0; i < parameters.length; i++) {
            if (parameters[i] == UNSET) throw new SQLException("parameter " + (i + 1) + " is not set", "07001");
        }
        return Arrays.asList(parameters.clone());
    }

    @Override
    public boolean execute() throws SQLException {
        checkOpen();
        return execute(prepared, bound());
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        return metaData(prepared);
    }

    @Override
    public ParameterMetaData getParameterMetaData() throws SQLException {
        checkOpen();
        return new AscanParameterMetaData(prepared.parameterTypes());
    }

    @Override
    public void clearParameters() throws SQLException {
        checkOpen();
        Arrays.fill(parameters, UNSET);
    }

    private void set(int index, Object value) throws SQLException {
        checkOpen();
        if (index < 1 || index > parameters.length) {
            throw new SQLException("parameter index " + index + " out of range 1.." + parameters.length, "07009");
        }
        parameters[index - 1] = value;
    }

    // ---- the SQL text is fixed ---------------------------------------------------------------------

    private static SQLException fixedText() {
        return new SQLException("a PreparedStatement runs the SQL it was prepared with: use executeQuery()", "HY000");
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        throw fixedText();
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        throw fixedText();
    }

    @Override
    public int executeUpdate() throws SQLException {
        return (int) Math.min(Integer.MAX_VALUE, executeLargeUpdate());
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        checkOpen();
        return update(prepared, bound());
    }

    @Override
    public void addBatch() throws SQLException {
        throw SqlErrors.unsupported("batches (they hold updates, and ascan is read-only)");
    }

    // ---- setters ------------------------------------------------------------------------------------

    @Override
    public void setNull(int i, int sqlType) throws SQLException {
        set(i, null);
    }

    @Override
    public void setNull(int i, int sqlType, String typeName) throws SQLException {
        set(i, null);
    }

    @Override
    public void setBoolean(int i, boolean x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setByte(int i, byte x) throws SQLException {
        set(i, (int) x);
    }

    @Override
    public void setShort(int i, short x) throws SQLException {
        set(i, (int) x);
    }

    @Override
    public void setInt(int i, int x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setLong(int i, long x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setFloat(int i, float x) throws SQLException {
        set(i, (double) x);
    }

    @Override
    public void setDouble(int i, double x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setBigDecimal(int i, BigDecimal x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setString(int i, String x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setNString(int i, String x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setDate(int i, Date x) throws SQLException {
        set(i, Parameters.fromJdbc(x));
    }

    @Override
    public void setDate(int i, Date x, Calendar cal) throws SQLException {
        set(i, Parameters.date(x, cal));
    }

    @Override
    public void setTimestamp(int i, Timestamp x) throws SQLException {
        set(i, Parameters.fromJdbc(x));
    }

    @Override
    public void setTimestamp(int i, Timestamp x, Calendar cal) throws SQLException {
        set(i, Parameters.timestamp(x, cal));
    }

    @Override
    public void setTime(int i, Time x) throws SQLException {
        throw SqlErrors.unsupported("TIME parameters (ascan has no TIME type)");
    }

    @Override
    public void setTime(int i, Time x, Calendar cal) throws SQLException {
        throw SqlErrors.unsupported("TIME parameters (ascan has no TIME type)");
    }

    @Override
    public void setObject(int i, Object x) throws SQLException {
        set(i, Parameters.fromJdbc(x));
    }

    @Override
    public void setObject(int i, Object x, int targetSqlType) throws SQLException {
        set(i, Parameters.fromJdbc(x, targetSqlType));
    }

    @Override
    public void setObject(int i, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
        set(i, Parameters.fromJdbc(x, targetSqlType));
    }

    @Override
    public void setBytes(int i, byte[] x) throws SQLException {
        throw SqlErrors.unsupported("binary parameters");
    }

    @Override
    public void setCharacterStream(int i, Reader reader, int length) throws SQLException {
        set(i, Parameters.read(reader, length));
    }

    @Override
    public void setCharacterStream(int i, Reader reader, long length) throws SQLException {
        set(i, Parameters.read(reader, length));
    }

    @Override
    public void setCharacterStream(int i, Reader reader) throws SQLException {
        set(i, Parameters.read(reader, -1));
    }

    @Override
    public void setNCharacterStream(int i, Reader reader, long length) throws SQLException {
        set(i, Parameters.read(reader, length));
    }

    @Override
    public void setNCharacterStream(int i, Reader reader) throws SQLException {
        set(i, Parameters.read(reader, -1));
    }

    @Override
    public void setAsciiStream(int i, InputStream x, int length) throws SQLException {
        throw SqlErrors.unsupported("stream parameters");
    }

    @Override
    public void setAsciiStream(int i, InputStream x, long length) throws SQLException {
        throw SqlErrors.unsupported("stream parameters");
    }

    @Override
    public void setAsciiStream(int i, InputStream x) throws SQLException {
        throw SqlErrors.unsupported("stream parameters");
    }

    @Override
    @Deprecated
    public void setUnicodeStream(int i, InputStream x, int length) throws SQLException {
        throw SqlErrors.unsupported("stream parameters");
    }

    @Override
    public void setBinaryStream(int i, InputStream x, int length) throws SQLException {
        throw SqlErrors.unsupported("binary parameters");
    }

    @Override
    public void setBinaryStream(int i, InputStream x, long length) throws SQLException {
        throw SqlErrors.unsupported("binary parameters");
    }

    @Override
    public void setBinaryStream(int i, InputStream x) throws SQLException {
        throw SqlErrors.unsupported("binary parameters");
    }

    @Override
    public void setRef(int i, Ref x) throws SQLException {
        throw SqlErrors.unsupported("REF parameters");
    }

    @Override
    public void setBlob(int i, Blob x) throws SQLException {
        throw SqlErrors.unsupported("BLOB parameters");
    }

    @Override
    public void setBlob(int i, InputStream x, long length) throws SQLException {
        throw SqlErrors.unsupported("BLOB parameters");
    }

    @Override
    public void setBlob(int i, InputStream x) throws SQLException {
        throw SqlErrors.unsupported("BLOB parameters");
    }

    @Override
    public void setClob(int i, Clob x) throws SQLException {
        throw SqlErrors.unsupported("CLOB parameters");
    }

    @Override
    public void setClob(int i, Reader x, long length) throws SQLException {
        throw SqlErrors.unsupported("CLOB parameters");
    }

    @Override
    public void setClob(int i, Reader x) throws SQLException {
        throw SqlErrors.unsupported("CLOB parameters");
    }

    @Override
    public void setNClob(int i, NClob x) throws SQLException {
        throw SqlErrors.unsupported("NCLOB parameters");
    }

    @Override
    public void setNClob(int i, Reader x, long length) throws SQLException {
        throw SqlErrors.unsupported("NCLOB parameters");
    }

    @Override
    public void setNClob(int i, Reader x) throws SQLException {
        throw SqlErrors.unsupported("NCLOB parameters");
    }

    @Override
    public void setArray(int i, Array x) throws SQLException {
        throw SqlErrors.unsupported("ARRAY parameters");
    }

    @Override
    public void setURL(int i, URL x) throws SQLException {
        throw SqlErrors.unsupported("DATALINK parameters");
    }

    @Override
    public void setRowId(int i, RowId x) throws SQLException {
        throw SqlErrors.unsupported("ROWID parameters");
    }

    @Override
    public void setSQLXML(int i, SQLXML x) throws SQLException {
        throw SqlErrors.unsupported("XML parameters");
    }
}
