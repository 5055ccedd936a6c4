package io.ascan.jdbc;

import io.ascan.types.DataType;
import java.sql.ParameterMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

/** The {@code ?} parameters of a prepared statement, typed where the planner inferred a type. */
final class AscanParameterMetaData implements ParameterMetaData {
    private final List<DataType> types;

    AscanParameterMetaData(List<DataType> types) {
        this.types = types;
    }

    private DataType type(int p) throws SQLException {
        if (p < 1 || p > types.size()) {
            throw new SQLException("parameter index " + p + " out of range 1.." + types.size(), "07009");
        }
        return types.get(p - 1);
    }

    @Override
    public int getParameterCount() {
        return types.size();
    }

    @Override
    public int isNullable(int p) throws SQLException {
        type(p);
        return parameterNullable;
    }

    @Override
    public boolean isSigned(int p) throws SQLException {
        DataType t = type(p);
        return t != null && JdbcTypes.signed(t);
    }

    @Override
    public int getPrecision(int p) throws SQLException {
        DataType t = type(p);
        return t == null ? 0 : JdbcTypes.precision(t);
    }

    @Override
    public int getScale(int p) throws SQLException {
        DataType t = type(p);
        return t == null ? 0 : JdbcTypes.scale(t);
    }

    @Override
    public int getParameterType(int p) throws SQLException {
        DataType t = type(p);
        return t == null ? Types.OTHER : JdbcTypes.sqlType(t);
    }

    @Override
    public String getParameterTypeName(int p) throws SQLException {
        DataType t = type(p);
        return t == null ? "ANY" : JdbcTypes.typeName(t);
    }

    @Override
    public String getParameterClassName(int p) throws SQLException {
        DataType t = type(p);
        return t == null ? Object.class.getName() : JdbcTypes.className(t);
    }

    @Override
    public int getParameterMode(int p) throws SQLException {
        type(p);
        return parameterModeIn;
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
