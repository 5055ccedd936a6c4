package io.ascan.jdbc;

import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Calendar;

/**
 * JDBC parameter values to the query service's Java mapping (Boolean, Integer, Long, Double,
 * BigDecimal, String, LocalDate, LocalDateTime, null). The service then converts each to the
 * type the planner inferred for its {@code ?}. {@code java.sql.Date}/{@code Timestamp} keep
 * their wall-clock fields in the JVM's zone (or the Calendar's); instants become UTC.
 */
final class Parameters {
    private Parameters() {}

    static Object fromJdbc(Object x) throws SQLException {
        return switch (x) {
            case null -> null;
            case Boolean b -> b;
            case Integer i -> i;
            case Short s -> (int) s;
            case Byte b -> (int) b;
            case Long l -> l;
            case Double d -> d;
            case Float f -> (double) f;
            case BigDecimal d -> d;
            case BigInteger i -> new BigDecimal(i);
            case String s -> s;
            case Character c -> c.toString();
            case Date d -> d.toLocalDate();
            case Timestamp t -> t.toLocalDateTime();
            case java.sql.Time t -> throw SqlErrors.unsupported("TIME parameters (ascan has no TIME type)");
            case java.util.Date d -> new Timestamp(d.getTime()).toLocalDateTime();
            case LocalDate d -> d;
            case LocalDateTime t -> t;
            case Instant i -> LocalDateTime.ofInstant(i, ZoneOffset.UTC);
            case OffsetDateTime t -> t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
            case ZonedDateTime t -> t.withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
            default -> throw new SQLException("parameters of class " + x.getClass().getName() + " are not supported", "22023");
        };
    }

    /** With a target type: strings as requested, everything else converted by the service. */
    static Object fromJdbc(Object x, int targetSqlType) throws SQLException {
        Object v = fromJdbc(x);
        return switch (targetSqlType) {
            case Types.VARCHAR, Types.CHAR, Types.LONGVARCHAR, Types.NVARCHAR, Types.NCHAR ->
                    v == null || v instanceof String ? v : v instanceof BigDecimal d ? d.toPlainString() : v.toString();
            default -> v;
        };
    }

    static LocalDate date(Date d, Calendar cal) {
        if (d == null) return null;
        if (cal == null) return d.toLocalDate();
        return Instant.ofEpochMilli(d.getTime()).atZone(cal.getTimeZone().toZoneId()).toLocalDate();
    }

    static LocalDateTime timestamp(Timestamp t, Calendar cal) {
        if (t == null) return null;
        if (cal == null) return t.toLocalDateTime();
        return LocalDateTime.ofInstant(t.toInstant(), cal.getTimeZone().toZoneId());
    }

    static String read(Reader reader, long length) throws SQLException {
        if (reader == null) return null;
        try {
            StringBuilder sb = new StringBuilder();
            char[] buf = new char[8192];
            int n;
            while ((length < 0 || sb.length() < length) && (n = reader.read(buf)) > 0) sb.append(buf, 0, n);
            return length >= 0 && sb.length() > length ? sb.substring(0, (int) length) : sb.toString();
        } catch (IOException e) {
            throw new SQLException("cannot read the parameter's characters: " + e.getMessage(), "HY000", e);
        }
    }
}
