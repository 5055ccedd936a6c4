package io.ascan.shell;

import io.ascan.embedded.ColumnReader;
import io.ascan.plan.OutputColumn;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * JSON Lines: one object per row, keys in column order, so output streams and each line parses
 * alone. Numbers are JSON numbers in plain decimal (DECIMAL exact, with its scale), except the
 * non-finite doubles, which JSON cannot express, as strings; dates and timestamps are strings;
 * NULL is null.
 */
final class JsonFormat implements ResultFormat {
    private final Writer out;
    private String[] keys;

    JsonFormat(Writer out) {
        this.out = out;
    }

    @Override
    public void begin(List<OutputColumn> columns) {
        keys = columns.stream().map(c -> quote(c.name()) + ":").toArray(String[]::new);
    }

    @Override
    public void row(ColumnReader[] columns, int row) throws IOException {
        out.write('{');
        for (int c = 0; c < columns.length; c++) {
            if (c > 0) out.write(',');
            out.write(keys[c]);
            out.write(value(columns[c], row));
        }
        out.write("}\n");
    }

    private static String value(ColumnReader r, int row) {
        String text = r.text(row);
        if (text == null) return "null";
        return switch (r.type().kind()) {
            case BOOLEAN, INTEGER, BIGINT, DECIMAL -> text;
            case DOUBLE -> Double.isFinite(r.getDouble(row)) ? text : quote(text);
            default -> quote(text);
        };
    }

    static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        return sb.append('"').toString();
    }

    @Override
    public void end(long rows) {
    }
}
