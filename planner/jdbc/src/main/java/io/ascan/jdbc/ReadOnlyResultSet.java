package io.ascan.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;

/**
 * The parts of {@link ResultSet} that are the same for every forward-only, read-only result:
 * getters by column label delegate to the getters by index, updates fail, and the cursor only
 * moves forward. Subclasses implement reading.
 */
abstract class ReadOnlyResultSet implements ResultSet {
    // ---- cursor: forward only ----------------------------------------------------------------

    private static SQLException forwardOnly() {
        return new SQLException("the result set is TYPE_FORWARD_ONLY: only next() moves the cursor", "HY106");
    }

    @Override
    public boolean previous() throws SQLException {
        throw forwardOnly();
    }

    @Override
    public boolean first() throws SQLException {
        throw forwardOnly();
    }

    @Override
    public boolean last() throws SQLException {
        throw forwardOnly();
    }

    @Override
    public void beforeFirst() throws SQLException {
        throw forwardOnly();
    }

    @Override
    public void afterLast() throws SQLException {
        throw forwardOnly();
    }

    @Override
    public boolean absolute(int row) throws SQLException {
        throw forwardOnly();
    }

    @Override
    public boolean relative(int rows) throws SQLException {
        throw forwardOnly();
    }

    @Override
    public int getType() {
        return TYPE_FORWARD_ONLY;
    }

    @Override
    public int getConcurrency() {
        return CONCUR_READ_ONLY;
    }

    @Override
    public int getHoldability() {
        return CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public int getFetchDirection() {
        return FETCH_FORWARD;
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        if (direction != FETCH_FORWARD) throw forwardOnly();
    }

    @Override
    public String getCursorName() throws SQLException {
        throw SqlErrors.unsupported("named cursors");
    }

    // ---- rows cannot change ----------------------------------------------------------------

    @Override
    public boolean rowUpdated() {
        return false;
    }

    @Override
    public boolean rowInserted() {
        return false;
    }

    @Override
    public boolean rowDeleted() {
        return false;
    }

    @Override
    public void insertRow() throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateRow() throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void deleteRow() throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void refreshRow() throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void cancelRowUpdates() throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void moveToInsertRow() throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void moveToCurrentRow() throws SQLException {
        throw SqlErrors.readOnly();
    }

    // ---- types ascan does not have ----------------------------------------------------------

    @Override
    public Ref getRef(int column) throws SQLException {
        throw SqlErrors.unsupported("REF");
    }

    @Override
    public Blob getBlob(int column) throws SQLException {
        throw SqlErrors.unsupported("BLOB");
    }

    @Override
    public Clob getClob(int column) throws SQLException {
        throw SqlErrors.unsupported("CLOB");
    }

    @Override
    public NClob getNClob(int column) throws SQLException {
        throw SqlErrors.unsupported("NCLOB");
    }

    @Override
    public Array getArray(int column) throws SQLException {
        throw SqlErrors.unsupported("ARRAY");
    }

    @Override
    public URL getURL(int column) throws SQLException {
        throw SqlErrors.unsupported("DATALINK");
    }

    @Override
    public RowId getRowId(int column) throws SQLException {
        throw SqlErrors.unsupported("ROWID");
    }

    @Override
    public SQLXML getSQLXML(int column) throws SQLException {
        throw SqlErrors.unsupported("XML");
    }

    // ---- by label: the same as by index ---------------------------------------------------------

    @Override
    public Array getArray(String label) throws SQLException {
        return getArray(findColumn(label));
    }

    @Override
    public InputStream getAsciiStream(String label) throws SQLException {
        return getAsciiStream(findColumn(label));
    }

    @Override
    public BigDecimal getBigDecimal(String label, int p1) throws SQLException {
        return getBigDecimal(findColumn(label), p1);
    }

    @Override
    public BigDecimal getBigDecimal(String label) throws SQLException {
        return getBigDecimal(findColumn(label));
    }

    @Override
    public InputStream getBinaryStream(String label) throws SQLException {
        return getBinaryStream(findColumn(label));
    }

    @Override
    public Blob getBlob(String label) throws SQLException {
        return getBlob(findColumn(label));
    }

    @Override
    public boolean getBoolean(String label) throws SQLException {
        return getBoolean(findColumn(label));
    }

    @Override
    public byte getByte(String label) throws SQLException {
        return getByte(findColumn(label));
    }

    @Override
    public byte[] getBytes(String label) throws SQLException {
        return getBytes(findColumn(label));
    }

    @Override
    public Reader getCharacterStream(String label) throws SQLException {
        return getCharacterStream(findColumn(label));
    }

    @Override
    public Clob getClob(String label) throws SQLException {
        return getClob(findColumn(label));
    }

    @Override
    public Date getDate(String label, Calendar p1) throws SQLException {
        return getDate(findColumn(label), p1);
    }

    @Override
    public Date getDate(String label) throws SQLException {
        return getDate(findColumn(label));
    }

    @Override
    public double getDouble(String label) throws SQLException {
        return getDouble(findColumn(label));
    }

    @Override
    public float getFloat(String label) throws SQLException {
        return getFloat(findColumn(label));
    }

    @Override
    public int getInt(String label) throws SQLException {
        return getInt(findColumn(label));
    }

    @Override
    public long getLong(String label) throws SQLException {
        return getLong(findColumn(label));
    }

    @Override
    public Reader getNCharacterStream(String label) throws SQLException {
        return getNCharacterStream(findColumn(label));
    }

    @Override
    public NClob getNClob(String label) throws SQLException {
        return getNClob(findColumn(label));
    }

    @Override
    public String getNString(String label) throws SQLException {
        return getNString(findColumn(label));
    }

    @Override
    public <T> T getObject(String label, Class<T> p1) throws SQLException {
        return getObject(findColumn(label), p1);
    }

    @Override
    public Object getObject(String label, Map<String, Class<?>> p1) throws SQLException {
        return getObject(findColumn(label), p1);
    }

    @Override
    public Object getObject(String label) throws SQLException {
        return getObject(findColumn(label));
    }

    @Override
    public Ref getRef(String label) throws SQLException {
        return getRef(findColumn(label));
    }

    @Override
    public RowId getRowId(String label) throws SQLException {
        return getRowId(findColumn(label));
    }

    @Override
    public SQLXML getSQLXML(String label) throws SQLException {
        return getSQLXML(findColumn(label));
    }

    @Override
    public short getShort(String label) throws SQLException {
        return getShort(findColumn(label));
    }

    @Override
    public String getString(String label) throws SQLException {
        return getString(findColumn(label));
    }

    @Override
    public Time getTime(String label, Calendar p1) throws SQLException {
        return getTime(findColumn(label), p1);
    }

    @Override
    public Time getTime(String label) throws SQLException {
        return getTime(findColumn(label));
    }

    @Override
    public Timestamp getTimestamp(String label, Calendar p1) throws SQLException {
        return getTimestamp(findColumn(label), p1);
    }

    @Override
    public Timestamp getTimestamp(String label) throws SQLException {
        return getTimestamp(findColumn(label));
    }

    @Override
    public URL getURL(String label) throws SQLException {
        return getURL(findColumn(label));
    }

    @Override
    public InputStream getUnicodeStream(String label) throws SQLException {
        return getUnicodeStream(findColumn(label));
    }

    // ---- updates: ascan results are read-only --------------------------------------------------

    @Override
    public void updateArray(String label, Array p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateArray(int p0, Array p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateAsciiStream(String label, InputStream p1, int p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateAsciiStream(String label, InputStream p1, long p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateAsciiStream(String label, InputStream p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateAsciiStream(int p0, InputStream p1, int p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateAsciiStream(int p0, InputStream p1, long p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateAsciiStream(int p0, InputStream p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBigDecimal(String label, BigDecimal p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBigDecimal(int p0, BigDecimal p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBinaryStream(String label, InputStream p1, int p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBinaryStream(String label, InputStream p1, long p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBinaryStream(String label, InputStream p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBinaryStream(int p0, InputStream p1, int p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBinaryStream(int p0, InputStream p1, long p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBinaryStream(int p0, InputStream p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBlob(String label, InputStream p1, long p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBlob(String label, InputStream p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBlob(String label, Blob p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBlob(int p0, InputStream p1, long p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBlob(int p0, InputStream p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBlob(int p0, Blob p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBoolean(String label, boolean p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBoolean(int p0, boolean p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateByte(String label, byte p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateByte(int p0, byte p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBytes(String label, byte[] p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateBytes(int p0, byte[] p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateCharacterStream(String label, Reader p1, int p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateCharacterStream(String label, Reader p1, long p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateCharacterStream(String label, Reader p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateCharacterStream(int p0, Reader p1, int p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateCharacterStream(int p0, Reader p1, long p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateCharacterStream(int p0, Reader p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateClob(String label, Reader p1, long p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateClob(String label, Reader p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateClob(String label, Clob p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateClob(int p0, Reader p1, long p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateClob(int p0, Reader p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateClob(int p0, Clob p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateDate(String label, Date p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateDate(int p0, Date p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateDouble(String label, double p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateDouble(int p0, double p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateFloat(String label, float p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateFloat(int p0, float p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateInt(String label, int p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateInt(int p0, int p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateLong(String label, long p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateLong(int p0, long p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateNCharacterStream(String label, Reader p1, long p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateNCharacterStream(String label, Reader p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateNCharacterStream(int p0, Reader p1, long p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateNCharacterStream(int p0, Reader p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateNClob(String label, Reader p1, long p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateNClob(String label, Reader p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateNClob(String label, NClob p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateNClob(int p0, Reader p1, long p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateNClob(int p0, Reader p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateNClob(int p0, NClob p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateNString(String label, String p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateNString(int p0, String p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateNull(String label) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateNull(int p0) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateObject(String label, Object p1, int p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateObject(String label, Object p1, SQLType p2, int p3) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateObject(String label, Object p1, SQLType p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateObject(String label, Object p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateObject(int p0, Object p1, int p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateObject(int p0, Object p1, SQLType p2, int p3) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateObject(int p0, Object p1, SQLType p2) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateObject(int p0, Object p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateRef(String label, Ref p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateRef(int p0, Ref p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateRowId(String label, RowId p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateRowId(int p0, RowId p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateSQLXML(String label, SQLXML p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateSQLXML(int p0, SQLXML p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateShort(String label, short p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateShort(int p0, short p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateString(String label, String p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateString(int p0, String p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateTime(String label, Time p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateTime(int p0, Time p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateTimestamp(String label, Timestamp p1) throws SQLException {
        throw SqlErrors.readOnly();
    }

    @Override
    public void updateTimestamp(int p0, Timestamp p1) throws SQLException {
        throw SqlErrors.readOnly();
    }
}
