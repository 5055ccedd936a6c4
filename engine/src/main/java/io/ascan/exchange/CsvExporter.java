package io.ascan.exchange;

import io.ascan.catalog.Table;
import io.ascan.format.ColumnData;
import io.ascan.format.SliceData;
import io.ascan.format.TableSchema;
import io.ascan.io.AlignedBufferPool;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Writes a table as RFC 4180 CSV: a header row, CRLF line ends, UTF-8. NULL is an empty field
 * and an empty string is {@code ""}: the quoting is done here rather than by Commons CSV's
 * printer, whose quote modes cannot tell those two apart. Values use {@link ValueFormat}:
 * numbers in plain decimal, DECIMAL with its scale, ISO dates, timestamps as
 * {@code yyyy-MM-dd HH:mm:ss[.ffffff]}.
 */
public final class CsvExporter {
    private static final String EOL = "\r\n";

    private CsvExporter() {}

    /** Writes {@code table} to {@code to} (replacing it atomically) and returns the rows written. */
    public static long export(Table table, Path to, AlignedBufferPool pool, BufferAllocator allocator, Progress progress)
            throws IOException {
        return export(table, to, CsvOptions.DEFAULTS, pool, allocator, progress);
    }

    /**
     * As {@link #export(Table, Path, AlignedBufferPool, BufferAllocator, Progress)} with the
     * options' delimiter, header (or none) and NULL text (an empty field when null); quotes are
     * always {@code "}, and a value equal to the NULL text is quoted so that it reads back as itself.
     */
    public static long export(Table table, Path to, CsvOptions options, AlignedBufferPool pool, BufferAllocator allocator,
                              Progress progress) throws IOException {
        TableSchema schema = table.schema();
        try (AtomicFile out = AtomicFile.create(to)) {
            long rows;
            try (Writer w = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(out.temp()),
                    StandardCharsets.UTF_8), 1 << 16)) {
                if (options.header()) {
                    for (int c = 0; c < schema.size(); c++) {
                        if (c > 0) w.write(options.delimiter());
                        field(w, schema.column(c).name(), options);
                    }
                    w.write(EOL);
                }
                rows = TableScan.forEachSlice(table, pool, allocator, slice -> {
                    writeSlice(w, slice, options);
                    progress.rows(slice.rowCount());
                });
            }
            out.commit();
            progress.done();
            return rows;
        }
    }

    private static void writeSlice(Writer w, SliceData slice, CsvOptions options) throws IOException {
        int columns = slice.columns().size();
        for (int r = 0; r < slice.rowCount(); r++) {
            for (int c = 0; c < columns; c++) {
                if (c > 0) w.write(options.delimiter());
                ColumnData col = slice.column(c);
                if (!col.isNull(r)) field(w, text(col, r), options);
                else if (options.nullString() != null) w.write(options.nullString());
            }
            w.write(EOL);
        }
    }

    static String text(ColumnData col, int r) {
        var type = col.spec().type();
        return switch (type.kind()) {
            case BOOLEAN -> col.getBoolean(r) ? "true" : "false";
            case INTEGER -> Integer.toString(col.getInt(r));
            case BIGINT -> Long.toString(col.getLong(r));
            case DOUBLE -> ValueFormat.formatDouble(col.getDouble(r));
            case DECIMAL -> ValueFormat.formatDecimal(col.getLong(r), type.scale());
            case DATE -> ValueFormat.formatDate(col.getInt(r));
            case TIMESTAMP -> ValueFormat.formatTimestamp(col.getLong(r));
            case VARCHAR -> col.getString(r);
        };
    }

    /**
     * A non-NULL field, quoted when RFC 4180 requires it (comma, quote, line break), when empty
     * (so it is not read back as NULL), and when it has leading or trailing blanks (which some
     * readers trim from unquoted fields).
     */
    public static void field(Writer w, String v) throws IOException {
        field(w, v, CsvOptions.DEFAULTS);
    }

    private static void field(Writer w, String v, CsvOptions options) throws IOException {
        boolean quote = v.isEmpty() || v.charAt(0) == ' ' || v.charAt(v.length() - 1) == ' ' || v.equals(options.nullString());
        for (int i = 0; i < v.length() && !quote; i++) {
            char ch = v.charAt(i);
            quote = ch == options.delimiter() || ch == '"' || ch == '\n' || ch == '\r' || ch == '\t';
        }
        if (!quote) {
            w.write(v);
            return;
        }
        w.write('"');
        w.write(v.replace("\"", "\"\""));
        w.write('"');
    }
}
