package io.ascan.jdbc;

import io.ascan.types.DataType;
import java.sql.Types;

/** How each ascan type presents itself to JDBC: metadata, type info, parameter metadata. */
final class JdbcTypes {
    /** VARCHAR has no declared length. */
    static final int UNBOUNDED = Integer.MAX_VALUE;

    private JdbcTypes() {}

    static int sqlType(DataType t) {
        return switch (t.kind()) {
            case BOOLEAN -> Types.BOOLEAN;
            case INTEGER -> Types.INTEGER;
            case BIGINT -> Types.BIGINT;
            case DOUBLE -> Types.DOUBLE;
            case DECIMAL -> Types.DECIMAL;
            case DATE -> Types.DATE;
            case TIMESTAMP -> Types.TIMESTAMP;
            case VARCHAR -> Types.VARCHAR;
        };
    }

    static String typeName(DataType t) {
        return t.kind().name();
    }

    /** Digits for numbers, characters of the text form for dates and times (JDBC's definition). */
    static int precision(DataType t) {
        return switch (t.kind()) {
            case BOOLEAN -> 1;
            case INTEGER -> 10;
            case BIGINT -> 19;
            case DOUBLE -> 17;
            case DECIMAL -> t.precision();
            case DATE -> 10;
            case TIMESTAMP -> 26; // yyyy-mm-dd hh:mm:ss.ffffff
            case VARCHAR -> UNBOUNDED;
        };
    }

    static int scale(DataType t) {
        return switch (t.kind()) {
            case DECIMAL -> t.scale();
            case TIMESTAMP -> 6;
            default -> 0;
        };
    }

    static int displaySize(DataType t) {
        return switch (t.kind()) {
            case BOOLEAN -> 5;
            case INTEGER -> 11;
            case BIGINT -> 20;
            case DOUBLE -> 24;
            case DECIMAL -> t.precision() + (t.scale() > 0 ? 2 : 1); // sign and point
            default -> precision(t);
        };
    }

    static String className(DataType t) {
        return switch (t.kind()) {
            case BOOLEAN -> Boolean.class.getName();
            case INTEGER -> Integer.class.getName();
            case BIGINT -> Long.class.getName();
            case DOUBLE -> Double.class.getName();
            case DECIMAL -> java.math.BigDecimal.class.getName();
            case DATE -> java.sql.Date.class.getName();
            case TIMESTAMP -> java.sql.Timestamp.class.getName();
            case VARCHAR -> String.class.getName();
        };
    }

    static boolean signed(DataType t) {
        return switch (t.kind()) {
            case INTEGER, BIGINT, DOUBLE, DECIMAL -> true;
            default -> false;
        };
    }

    /** NUM_PREC_RADIX of DatabaseMetaData: 10 for numbers, null otherwise. */
    static Integer radix(DataType t) {
        return signed(t) ? 10 : null;
    }
}
