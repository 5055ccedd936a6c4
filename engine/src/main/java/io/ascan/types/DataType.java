package io.ascan.types;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A column type with its parameters (precision and scale for DECIMAL). */
public record DataType(TypeKind kind, int precision, int scale) {
    public static final int MAX_DECIMAL_PRECISION = 18;

    public static final DataType BOOLEAN = new DataType(TypeKind.BOOLEAN, 0, 0);
    public static final DataType INTEGER = new DataType(TypeKind.INTEGER, 0, 0);
    public static final DataType BIGINT = new DataType(TypeKind.BIGINT, 0, 0);
    public static final DataType DOUBLE = new DataType(TypeKind.DOUBLE, 0, 0);
    public static final DataType DATE = new DataType(TypeKind.DATE, 0, 0);
    public static final DataType TIMESTAMP = new DataType(TypeKind.TIMESTAMP, 0, 0);
    public static final DataType VARCHAR = new DataType(TypeKind.VARCHAR, 0, 0);

    private static final Pattern DECIMAL_SYNTAX =
            Pattern.compile("(?:DECIMAL|NUMERIC)\\s*\\(\\s*(\\d+)\\s*(?:,\\s*(\\d+)\\s*)?\\)");

    public DataType {
        if (kind == TypeKind.DECIMAL) {
            if (precision < 1 || precision > MAX_DECIMAL_PRECISION) {
                throw new IllegalArgumentException("DECIMAL precision must be 1.." + MAX_DECIMAL_PRECISION
                        + " (values are scaled 64-bit integers), got " + precision);
            }
            if (scale < 0 || scale > precision) {
                throw new IllegalArgumentException("DECIMAL scale must be 0.." + precision + ", got " + scale);
            }
        } else if (precision != 0 || scale != 0) {
            throw new IllegalArgumentException(kind + " takes no precision or scale");
        }
    }

    public static DataType decimal(int precision, int scale) {
        return new DataType(TypeKind.DECIMAL, precision, scale);
    }

    /** Parses SQL spellings: INT, INTEGER, BIGINT, DOUBLE, DECIMAL(p,s), DATE, TIMESTAMP, VARCHAR[(n)], BOOLEAN... */
    public static DataType parse(String text) {
        String s = text.trim().toUpperCase(Locale.ROOT);
        Matcher m = DECIMAL_SYNTAX.matcher(s);
        if (m.matches()) {
            return decimal(Integer.parseInt(m.group(1)), m.group(2) == null ? 0 : Integer.parseInt(m.group(2)));
        }
        return switch (s.replaceAll("\\s*\\(\\s*\\d+\\s*\\)$", "")) {
            case "BOOLEAN", "BOOL" -> BOOLEAN;
            case "INT", "INTEGER", "INT4" -> INTEGER;
            case "BIGINT", "LONG", "INT8" -> BIGINT;
            case "DOUBLE", "DOUBLE PRECISION", "FLOAT8", "FLOAT", "REAL" -> DOUBLE;
            case "DATE" -> DATE;
            case "TIMESTAMP" -> TIMESTAMP;
            case "VARCHAR", "CHAR", "TEXT", "STRING", "CHARACTER VARYING" -> VARCHAR;
            default -> throw new IllegalArgumentException("unknown type '" + text
                    + "' (expected BOOLEAN, INTEGER, BIGINT, DOUBLE, DECIMAL(p,s), DATE, TIMESTAMP or VARCHAR)");
        };
    }

    @Override
    public String toString() {
        return kind == TypeKind.DECIMAL ? "DECIMAL(" + precision + "," + scale + ")" : kind.name();
    }
}
