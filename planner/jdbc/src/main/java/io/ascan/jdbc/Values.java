package io.ascan.jdbc;

import io.ascan.embedded.ColumnReader;
import java.math.BigDecimal;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Calendar;
import java.util.Locale;

/**
 * The conversions of the ResultSet getters: from a non-NULL value of a column's SQL type to
 * what the getter returns, following the JDBC conversion table. DATE and TIMESTAMP have no time
 * zone: {@code java.sql} values show the same wall-clock fields in the JVM's zone, or in the
 * Calendar's zone when one is given.
 */
final class Values {
    private Values() {}

    static boolean toBoolean(ColumnReader r, int row) throws SQLException {
        return switch (r.type().kind()) {
            case BOOLEAN -> r.getBoolean(row);
            case INTEGER, BIGINT -> r.getLong(row) != 0;
            case DOUBLE -> r.getDouble(row) != 0;
            case DECIMAL -> r.getDecimal(row).signum() != 0;
            case VARCHAR -> switch (r.getString(row).trim().toLowerCase(Locale.ROOT)) {
                case "true", "t", "1", "yes", "y" -> true;
                case "false", "f", "0", "no", "n" -> false;
                default -> throw cannot(r, row, "BOOLEAN");
            };
            default -> throw cannot(r, row, "BOOLEAN");
        };
    }

    /** An integer in [min, max]; fractions are truncated toward zero, as JDBC getters do. */
    static long toLong(ColumnReader r, int row, long min, long max, String target) throws SQLException {
        BigDecimal v = switch (r.type().kind()) {
            case INTEGER, BIGINT -> {
                long l = r.getLong(row);
                if (l < min || l > max) throw outOfRange(Long.toString(l), target);
                yield null;
            }
            case BOOLEAN -> BigDecimal.valueOf(r.getBoolean(row) ? 1 : 0);
            case DOUBLE -> {
                double d = r.getDouble(row);
                if (Double.isNaN(d) || Double.isInfinite(d)) throw outOfRange(Double.toString(d), target);
                yield new BigDecimal(d);
            }
            case DECIMAL -> r.getDecimal(row);
            case VARCHAR -> parseDecimal(r, row, target);
            default -> throw cannot(r, row, target);
        };
        if (v == null) return r.getLong(row);
        BigDecimal whole = v.setScale(0, java.math.RoundingMode.DOWN);
        if (whole.compareTo(BigDecimal.valueOf(min)) < 0 || whole.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw outOfRange(v.toPlainString(), target);
        }
        return whole.longValue();
    }

    static double toDouble(ColumnReader r, int row) throws SQLException {
        return switch (r.type().kind()) {
            case DOUBLE -> r.getDouble(row);
            case INTEGER, BIGINT -> r.getLong(row);
            case DECIMAL -> r.getDecimal(row).doubleValue();
            case BOOLEAN -> r.getBoolean(row) ? 1 : 0;
            case VARCHAR -> {
                try {
                    yield Double.parseDouble(r.getString(row).trim());
                } catch (NumberFormatException e) {
                    throw cannot(r, row, "DOUBLE");
                }
            }
            default -> throw cannot(r, row, "DOUBLE");
        };
    }

    static BigDecimal toDecimal(ColumnReader r, int row) throws SQLException {
        return switch (r.type().kind()) {
            case DECIMAL -> r.getDecimal(row);
            case INTEGER, BIGINT -> BigDecimal.valueOf(r.getLong(row));
            case DOUBLE -> {
                double d = r.getDouble(row);
                if (Double.isNaN(d) || Double.isInfinite(d)) throw cannot(r, row, "DECIMAL");
                yield BigDecimal.valueOf(d);
            }
            case BOOLEAN -> BigDecimal.valueOf(r.getBoolean(row) ? 1 : 0);
            case VARCHAR -> parseDecimal(r, row, "DECIMAL");
            default -> throw cannot(r, row, "DECIMAL");
        };
    }

    private static BigDecimal parseDecimal(ColumnReader r, int row, String target) throws SQLException {
        try {
            return new BigDecimal(r.getString(row).trim());
        } catch (NumberFormatException e) {
            throw cannot(r, row, target);
        }
    }

    static LocalDateTime toLocalDateTime(ColumnReader r, int row) throws SQLException {
        return switch (r.type().kind()) {
            case TIMESTAMP -> r.getTimestamp(row);
            case DATE -> r.getDate(row).atStartOfDay();
            case VARCHAR -> {
                String s = r.getString(row).trim();
                try {
                    yield s.length() == 10 ? LocalDate.parse(s).atStartOfDay() : LocalDateTime.parse(s.replace(' ', 'T'));
                } catch (DateTimeParseException e) {
                    throw cannot(r, row, "TIMESTAMP");
                }
            }
            default -> throw cannot(r, row, "TIMESTAMP");
        };
    }

    static Date toDate(ColumnReader r, int row, Calendar cal) throws SQLException {
        LocalDate d = r.type().kind() == io.ascan.types.TypeKind.DATE ? r.getDate(row) : toLocalDateTime(r, row).toLocalDate();
        if (cal == null) return Date.valueOf(d);
        return new Date(d.atStartOfDay(zone(cal)).toInstant().toEpochMilli());
    }

    static Time toTime(ColumnReader r, int row, Calendar cal) throws SQLException {
        if (r.type().kind() == io.ascan.types.TypeKind.DATE) throw cannot(r, row, "TIME");
        LocalTime t = r.type().kind() == io.ascan.types.TypeKind.VARCHAR && r.getString(row).trim().length() <= 15
                ? parseTime(r, row) : toLocalDateTime(r, row).toLocalTime();
        if (cal == null) {
            Time time = Time.valueOf(t);
            return new Time(time.getTime() + t.getNano() / 1_000_000);
        }
        return new Time(t.atDate(LocalDate.EPOCH).atZone(zone(cal)).toInstant().toEpochMilli());
    }

    private static LocalTime parseTime(ColumnReader r, int row) throws SQLException {
        try {
            return LocalTime.parse(r.getString(row).trim());
        } catch (DateTimeParseException e) {
            throw cannot(r, row, "TIME");
        }
    }

    static Timestamp toTimestamp(ColumnReader r, int row, Calendar cal) throws SQLException {
        LocalDateTime t = toLocalDateTime(r, row);
        if (cal == null) return Timestamp.valueOf(t);
        Timestamp ts = Timestamp.from(t.atZone(zone(cal)).toInstant());
        return ts;
    }

    private static ZoneId zone(Calendar cal) {
        return cal.getTimeZone().toZoneId();
    }

    /** getObject(int): the class ResultSetMetaData.getColumnClassName names. */
    static Object toJdbcObject(ColumnReader r, int row) {
        return switch (r.type().kind()) {
            case DATE -> Date.valueOf(r.getDate(row));
            case TIMESTAMP -> Timestamp.valueOf(r.getTimestamp(row));
            default -> r.getObject(row);
        };
    }

    /** getObject(int, Class): the JDBC 4.2 mappings plus the getters' own conversions. */
    static <T> T toObject(ColumnReader r, int row, Class<T> type) throws SQLException {
        Object v;
        if (type == String.class) v = r.text(row);
        else if (type == Boolean.class) v = toBoolean(r, row);
        else if (type == Integer.class) v = (int) toLong(r, row, Integer.MIN_VALUE, Integer.MAX_VALUE, "INTEGER");
        else if (type == Long.class) v = toLong(r, row, Long.MIN_VALUE, Long.MAX_VALUE, "BIGINT");
        else if (type == Short.class) v = (short) toLong(r, row, Short.MIN_VALUE, Short.MAX_VALUE, "SMALLINT");
        else if (type == Byte.class) v = (byte) toLong(r, row, Byte.MIN_VALUE, Byte.MAX_VALUE, "TINYINT");
        else if (type == Double.class) v = toDouble(r, row);
        else if (type == Float.class) v = (float) toDouble(r, row);
        else if (type == BigDecimal.class) v = toDecimal(r, row);
        else if (type == LocalDate.class) v = toLocalDateTime(r, row).toLocalDate();
        else if (type == LocalDateTime.class) v = toLocalDateTime(r, row);
        else if (type == LocalTime.class) v = toLocalDateTime(r, row).toLocalTime();
        else if (type == Date.class) v = toDate(r, row, null);
        else if (type == Timestamp.class) v = toTimestamp(r, row, null);
        else if (type == Time.class) v = toTime(r, row, null);
        else if (type == Instant.class) v = toLocalDateTime(r, row).toInstant(ZoneOffset.UTC);
        else if (type == OffsetDateTime.class) v = toLocalDateTime(r, row).atOffset(ZoneOffset.UTC);
        else if (type == Object.class) v = toJdbcObject(r, row);
        else throw SqlErrors.unsupported("getObject(..., " + type.getName() + ")");
        return type.cast(v);
    }

    private static SQLException cannot(ColumnReader r, int row, String target) {
        return SqlErrors.conversion("cannot convert " + r.type() + " value '" + r.text(row) + "' of column '"
                + r.column().name() + "' to " + target);
    }

    private static SQLException outOfRange(String value, String target) {
        return new SQLException("value " + value + " is out of range for " + target, "22003");
    }
}
