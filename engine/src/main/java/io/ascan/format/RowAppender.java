package io.ascan.format;

/**
 * Row-at-a-time typed input to the table store, without boxing. Set the columns of a row,
 * then {@link #endRow()}; a column not set in a row is NULL.
 *
 * <p>Values by type: BOOLEAN {@link #setBoolean}; INTEGER and DATE (days since the epoch)
 * {@link #setInt}; BIGINT, DECIMAL (unscaled) and TIMESTAMP (microseconds since the epoch)
 * {@link #setLong}; DOUBLE {@link #setDouble}; VARCHAR {@link #setString} or {@link #setUtf8}.
 */
public interface RowAppender {
    void setNull(int column);

    void setBoolean(int column, boolean value);

    void setInt(int column, int value);

    void setLong(int column, long value);

    void setDouble(int column, double value);

    void setString(int column, String value);

    void setUtf8(int column, byte[] bytes, int offset, int length);

    void endRow();
}
