package io.ascan.jdbc;

import io.ascan.plan.OutputColumn;
import io.ascan.types.DataType;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;

/** Result columns as JDBC describes them; known at prepare time, before anything runs. */
final class AscanResultSetMetaData implements ResultSetMetaData {
    private final List<OutputColumn> columns;
    private final boolean[] nullable;

    AscanResultSetMetaData(List<OutputColumn> columns, boolean[] nullable) {
        this.columns = List.copyOf(columns);
        this.nullable = nullable.clone();
    }

    /** Every column nullable: DatabaseMetaData results. */
    static AscanResultSetMetaData allNullable(List<OutputColumn> columns) {
        boolean[] n = new boolean[columns.size()];
        java.util.Arrays.fill(n, true);
        return new AscanResultSetMetaData(columns, n);
    }

    private OutputColumn column(int c) throws SQLException {
        if (c < 1 || c > columns.size()) {
            throw new SQLException("column index " + c + " out of range 1.." + columns.size(), "07009");
        }
        return columns.get(c - 1);
    }

    private DataType type(int c) throws SQLException {
        return column(c).type();
    }

    @Override
    public int getColumnCount() {
        return columns.size();
    }

    @Override
    public boolean isAutoIncrement(int c) throws SQLException {
        column(c);
        return false;
    }

    @Override
    public boolean isCaseSensitive(int c) throws SQLException {
        return type(c).kind() == io.ascan.types.TypeKind.VARCHAR;
    }

    @Override
    public boolean isSearchable(int c) throws SQLException {
        column(c);
        return true;
    }

    @Override
    public boolean isCurrency(int c) throws SQLException {
        column(c);
        return false;
    }

    @Override
    public int isNullable(int c) throws SQLException {
        column(c);
        return nullable[c - 1] ? columnNullable : columnNoNulls;
    }

    @Override
    public boolean isSigned(int c) throws SQLException {
        return JdbcTypes.signed(type(c));
    }

    @Override
    public int getColumnDisplaySize(int c) throws SQLException {
        return JdbcTypes.displaySize(type(c));
    }

    @Override
    public String getColumnLabel(int c) throws SQLException {
        return column(c).name();
    }

    @Override
    public String getColumnName(int c) throws SQLException {
        return column(c).name();
    }

    @Override
    public String getSchemaName(int c) throws SQLException {
        column(c);
        return "";
    }

    @Override
    public int getPrecision(int c) throws SQLException {
        return JdbcTypes.precision(type(c));
    }

    @Override
    public int getScale(int c) throws SQLException {
        return JdbcTypes.scale(type(c));
    }

    @Override
    public String getTableName(int c) throws SQLException {
        column(c);
        return "";
    }

    @Override
    public String getCatalogName(int c) throws SQLException {
        column(c);
        return "";
    }

    @Override
    public int getColumnType(int c) throws SQLException {
        return JdbcTypes.sqlType(type(c));
    }

    @Override
    public String getColumnTypeName(int c) throws SQLException {
        return JdbcTypes.typeName(type(c));
    }

    @Override
    public boolean isReadOnly(int c) throws SQLException {
        column(c);
        return true;
    }

    @Override
    public boolean isWritable(int c) throws SQLException {
        column(c);
        return false;
    }

    @Override
    public boolean isDefinitelyWritable(int c) throws SQLException {
        column(c);
        return false;
    }

    @Override
    public String getColumnClassName(int c) throws SQLException {
        return JdbcTypes.className(type(c));
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
