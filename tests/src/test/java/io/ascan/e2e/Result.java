package io.ascan.e2e;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A query result read completely and normalised so that two engines' results compare: numbers
 * become {@link BigDecimal} (a DOUBLE by its exact binary value), DATE a {@link LocalDate},
 * TIMESTAMP a {@link LocalDateTime}, text a String; NULL is null.
 *
 * @param inexact per column: the engine typed it DOUBLE/REAL/FLOAT
 */
public record Result(List<String> labels, List<String> typeNames, boolean[] inexact, List<Object[]> rows) {
    public static Result read(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        List<String> labels = new ArrayList<>(n), typeNames = new ArrayList<>(n);
        int[] types = new int[n];
        boolean[] inexact = new boolean[n];
        for (int c = 0; c < n; c++) {
            labels.add(md.getColumnLabel(c + 1));
            typeNames.add(md.getColumnTypeName(c + 1));
            types[c] = md.getColumnType(c + 1);
            inexact[c] = types[c] == Types.DOUBLE || types[c] == Types.FLOAT || types[c] == Types.REAL;
        }
        List<Object[]> rows = new ArrayList<>();
        while (rs.next()) {
            Object[] row = new Object[n];
            for (int c = 0; c < n; c++) row[c] = value(rs, c + 1, types[c]);
            rows.add(row);
        }
        return new Result(List.copyOf(labels), List.copyOf(typeNames), inexact, rows);
    }

    private static Object value(ResultSet rs, int c, int type) throws SQLException {
        Object v = switch (type) {
            case Types.DATE -> rs.getObject(c, LocalDate.class);
            case Types.TIMESTAMP -> rs.getObject(c, LocalDateTime.class);
            default -> rs.getObject(c);
        };
        if (rs.wasNull() || v == null) return null;
        return switch (v) {
            case BigDecimal d -> d;
            case BigInteger i -> new BigDecimal(i);
            case Double d when d.isNaN() || d.isInfinite() -> d;
            case Float f when f.isNaN() || f.isInfinite() -> f.doubleValue();
            case Double d -> new BigDecimal(d);
            case Float f -> new BigDecimal(f.doubleValue());
            case Number x -> BigDecimal.valueOf(x.longValue());
            case java.sql.Date d -> d.toLocalDate();
            case java.sql.Timestamp t -> t.toLocalDateTime();
            default -> v;
        };
    }

    public int columns() {
        return labels.size();
    }

    public static String format(Object[] row) {
        return Arrays.stream(row).map(Result::format).collect(Collectors.joining(" | ", "[", "]"));
    }

    public static String format(Object v) {
        if (v == null) return "NULL";
        if (v instanceof BigDecimal d) {
            // DOUBLEs arrive as their exact binary expansion: show them as Java prints a double.
            return d.scale() > 18 ? Double.toString(d.doubleValue()) : d.toPlainString();
        }
        if (v instanceof String s) return "'" + s + "'";
        return v.toString();
    }
}
