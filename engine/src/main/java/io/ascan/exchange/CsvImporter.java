package io.ascan.exchange;

import io.ascan.format.ColumnSpec;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.types.DataType;
import java.io.BufferedReader;
import io.ascan.format.TableWriteException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Imports a CSV file: RFC 4180 with a header row unless {@link CsvOptions} say otherwise
 * (delimiter, quote, escape, NULL text, no header: columns are then named column1, column2, ...). Types come from {@code --schema} or are
 * inferred by a first pass over the whole file ({@link TypeInference}); the second pass writes.
 * An unquoted empty field is NULL; a quoted empty field is an empty VARCHAR (NULL for other
 * types). Errors name the file, the line where the record starts, the column and the value.
 */
public final class CsvImporter {
    private static final int MAX_SHOWN_VALUE = 60;

    private CsvImporter() {}

    /** A record and the line it starts on (1-based, the header being line 1). */
    private interface RecordSink {
        void accept(CSVRecord record, long line);
    }

    /**
     * @param schema the columns (names and types) to use instead of the header's names and
     *               inferred types, or null to infer; its column count must match the file's
     */
    public static ImportResult importFile(Path file, ImportTarget target, TableSchema schema, Progress progress)
            throws IOException {
        return importFile(file, CsvOptions.DEFAULTS, target, schema, progress);
    }

    public static ImportResult importFile(Path file, CsvOptions options, ImportTarget target, TableSchema schema,
                                          Progress progress) throws IOException {
        ImportTarget.checkReadable(file);
        target.checkWritable();
        TableSchema s = schema == null ? infer(file, options, progress.phase("scanning " + file.getFileName())) : schema;
        Progress writing = progress.phase("importing " + file.getFileName());
        try (TableWriter w = target.create(s)) {
            scan(file, options, s, (r, line) -> {
                append(w, s, r, line, file);
                writing.row();
            });
            w.commit();
            writing.done();
            return new ImportResult(w.name(), s, w.rowCount());
        }
    }

    /** The header's names (lower-cased) with the type every value of each column parses as. */
    static TableSchema infer(Path file, CsvOptions options, Progress progress) throws IOException {
        List<TypeInference> columns = new ArrayList<>();
        List<String> header = scan(file, options, null, (r, line) -> {
            while (columns.size() < r.size()) columns.add(new TypeInference());
            for (int c = 0; c < r.size(); c++) {
                String v = r.get(c);
                if (v != null && !v.isBlank()) columns.get(c).accept(v.strip());
            }
            progress.row();
        });
        progress.done();
        List<ColumnSpec> specs = new ArrayList<>();
        for (int c = 0; c < header.size(); c++) {
            DataType t = c < columns.size() ? columns.get(c).type() : DataType.VARCHAR;
            specs.add(ColumnSpec.of(header.get(c), t));
        }
        try {
            return new TableSchema(specs);
        } catch (IllegalArgumentException e) {
            throw new UserException(file + (options.header() ? " line 1 (header): " : ": ") + e.getMessage());
        }
    }

    /**
     * Reads the header (checking its width against {@code schema} unless null), then hands every
     * data record to {@code sink}; returns the header's names (without a header: column1, ...).
     */
    private static List<String> scan(Path file, CsvOptions options, TableSchema schema, RecordSink sink)
            throws IOException {
        long line = 1;
        try (Reader in = open(file);
             CSVParser parser = CSVParser.builder().setReader(in).setFormat(options.parserFormat()).get()) {
            Iterator<CSVRecord> records = parser.iterator();
            if (!records.hasNext()) {
                throw new UserException(file + " is empty" + (options.header() ? ": a CSV file needs a header row" : ""));
            }
            CSVRecord first = records.next();
            List<String> header = options.header() ? names(first) : numbered(first.size());
            if (!options.header()) {
                if (schema != null && first.size() != schema.size()) {
                    throw new UserException("--schema has " + schema.size() + " columns but " + file + " has "
                            + first.size() + " fields on line 1");
                }
                sink.accept(first, 1);
            }
            line = parser.getCurrentLineNumber() + 1;
            int fields = header.size();
            if (schema != null && fields != schema.size()) {
                throw new UserException("--schema has " + schema.size() + " columns but " + file + " has "
                        + fields + " (header: " + String.join(", ", header) + ")");
            }
            while (records.hasNext()) {
                CSVRecord r = records.next();
                long start = line;
                line = parser.getCurrentLineNumber() + 1;
                if (r.size() == 1 && r.get(0) == null && fields > 1) continue; // a blank line
                if (r.size() != fields) {
                    throw new UserException(file + " line " + start + ": expected " + fields + " fields as in "
                            + (options.header() ? "the header" : "line 1") + ", found " + r.size()
                            + (options.delimiter() != ',' ? "" : " (is the delimiter ','? see --delimiter)"));
                }
                sink.accept(r, start);
            }
            return header;
        } catch (CharacterCodingException e) {
            throw new UserException(file + " near line " + line + ": not valid UTF-8");
        } catch (UncheckedIOException e) {
            // The table's side failed (disk full, ...): that names the catalog, not the input.
            if (e.getCause() instanceof TableWriteException w) throw w;
            if (e.getCause() instanceof CharacterCodingException) {
                throw new UserException(file + " near line " + line + ": not valid UTF-8");
            }
            // Malformed quoting; Commons CSV's message names the line.
            throw new UserException(file + ": malformed CSV: " + e.getCause().getMessage());
        }
    }

    /** Strict UTF-8 (bad bytes are an error, not U+FFFD), skipping a byte order mark. */
    private static Reader open(Path file) throws IOException {
        var decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        BufferedReader in = new BufferedReader(new InputStreamReader(Files.newInputStream(file), decoder), 1 << 16);
        in.mark(1);
        if (in.read() != '\uFEFF') in.reset();
        return in;
    }

    private static List<String> numbered(int n) {
        List<String> names = new ArrayList<>(n);
        for (int c = 0; c < n; c++) names.add("column" + (c + 1));
        return names;
    }

    private static List<String> names(CSVRecord header) {
        List<String> names = new ArrayList<>(header.size());
        for (int c = 0; c < header.size(); c++) {
            String n = header.get(c) == null ? "" : header.get(c).strip();
            names.add(n.isEmpty() ? "column" + (c + 1) : n);
        }
        return names;
    }

    private static void append(TableWriter w, TableSchema schema, CSVRecord r, long line, Path file) {
        for (int c = 0; c < schema.size(); c++) {
            String v = r.get(c);
            if (v == null) continue; // unset = NULL
            DataType type = schema.column(c).type();
            if (type.kind() == io.ascan.types.TypeKind.VARCHAR) {
                w.setString(c, v);
                continue;
            }
            String x = v.strip();
            if (x.isEmpty()) continue;
            try {
                switch (type.kind()) {
                    case BOOLEAN -> w.setBoolean(c, ValueFormat.parseBoolean(x));
                    case INTEGER -> w.setInt(c, ValueFormat.parseInt(x));
                    case BIGINT -> w.setLong(c, ValueFormat.parseLong(x));
                    case DOUBLE -> w.setDouble(c, ValueFormat.parseDouble(x));
                    case DECIMAL -> w.setLong(c, ValueFormat.parseDecimal(x, type));
                    case DATE -> w.setInt(c, ValueFormat.parseDate(x));
                    case TIMESTAMP -> w.setLong(c, ValueFormat.parseTimestamp(x));
                    case VARCHAR -> throw new AssertionError();
                }
            } catch (IllegalArgumentException e) {
                throw new UserException(file + " line " + line + ", column '" + schema.column(c).name() + "' ("
                        + type + "): cannot read '" + shorten(v) + "': " + e.getMessage());
            }
        }
        w.endRow();
    }

    private static String shorten(String v) {
        return v.length() <= MAX_SHOWN_VALUE ? v : v.substring(0, MAX_SHOWN_VALUE) + "...";
    }
}
