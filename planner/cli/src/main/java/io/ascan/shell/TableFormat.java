package io.ascan.shell;

import io.ascan.embedded.ColumnReader;
import io.ascan.plan.OutputColumn;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * An aligned table for people, in the style of psql: header, rule, rows with numbers
 * right-aligned, NULL shown as {@code NULL}, and a row count. Rows are held until the end to
 * size the columns, so use csv or json for large results.
 */
final class TableFormat implements ResultFormat {
    static final String NULL = "NULL";

    private final Writer out;
    private List<OutputColumn> columns;
    private final List<String[]> rows = new ArrayList<>();

    TableFormat(Writer out) {
        this.out = out;
    }

    @Override
    public void begin(List<OutputColumn> cols) {
        columns = cols;
        rows.clear();
    }

    @Override
    public void row(ColumnReader[] readers, int row) {
        String[] r = new String[readers.length];
        for (int c = 0; c < r.length; c++) {
            String v = readers[c].text(row);
            r[c] = v == null ? NULL : v.replace("\r", "\\r").replace("\n", "\\n");
        }
        rows.add(r);
    }

    @Override
    public void end(long count) throws IOException {
        int[] width = new int[columns.size()];
        for (int c = 0; c < width.length; c++) width[c] = columns.get(c).name().length();
        for (String[] r : rows) for (int c = 0; c < width.length; c++) width[c] = Math.max(width[c], r[c].length());
        StringBuilder sb = new StringBuilder();
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < width.length; c++) cell(line, c, columns.get(c).name(), width[c], false);
        endLine(sb, line);
        for (int c = 0; c < width.length; c++) line.append(c == 0 ? "" : "+").append("-".repeat(width[c] + 2));
        endLine(sb, line);
        for (String[] r : rows) {
            for (int c = 0; c < width.length; c++) cell(line, c, r[c], width[c], numeric(c) && !r[c].equals(NULL));
            endLine(sb, line);
        }
        sb.append('(').append(count).append(count == 1 ? " row)\n" : " rows)\n");
        out.write(sb.toString());
        rows.clear();
    }

    private boolean numeric(int c) {
        return switch (columns.get(c).type().kind()) {
            case INTEGER, BIGINT, DOUBLE, DECIMAL -> true;
            default -> false;
        };
    }

    private static void endLine(StringBuilder sb, StringBuilder line) {
        sb.append(line.toString().stripTrailing()).append('\n');
        line.setLength(0);
    }

    private static void cell(StringBuilder sb, int c, String v, int width, boolean right) {
        sb.append(c == 0 ? " " : "| ");
        String pad = " ".repeat(width - v.length());
        sb.append(right ? pad + v : v + pad).append(' ');
    }
}
