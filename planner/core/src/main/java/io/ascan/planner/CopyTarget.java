package io.ascan.planner;

import io.ascan.catalog.Table;
import io.ascan.exchange.ArrowIpcExporter;
import io.ascan.exchange.CsvExporter;
import io.ascan.exchange.CsvOptions;
import io.ascan.exchange.ExportFormat;
import io.ascan.exchange.ParquetExporter;
import io.ascan.exchange.Progress;
import io.ascan.exchange.UserException;
import io.ascan.exec.QueryException;
import io.ascan.exec.SqlStates;
import io.ascan.io.AlignedBufferPool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Where and how {@code COPY ... TO 'file' [(option, ...)]} writes: the file (relative to the
 * working directory), its format (the {@code FORMAT} option, else the file's extension, else
 * CSV, as DuckDB) and the CSV options {@code HEADER [true|false]}, {@code DELIMITER 'c'} (also
 * {@code DELIM}, {@code SEP}) and {@code NULL 'text'}. The exporters of {@code ascan export} write
 * the file under a temporary name and rename it into place, so a failed COPY leaves no file, nor
 * damages an earlier one of that name.
 */
final class CopyTarget {
    /** The buffer pool of a table's scan for the exporters, as {@code ascan export}'s. */
    private static final long READ_BUFFER_BYTES = 256L << 20;

    private static final Pattern OPTION = Pattern.compile("^([A-Za-z_]+)(?:\\s+(.+?))?$", Pattern.DOTALL);

    final Path file;
    final ExportFormat format;
    final CsvOptions csv;

    private CopyTarget(Path file, ExportFormat format, CsvOptions csv) {
        this.file = file;
        this.format = format;
        this.csv = csv;
    }

    /** The target of file {@code name} (its SQL literal's text) and the options' text (inside the parentheses; may be null). */
    static CopyTarget parse(String name, String options) throws PlanningException {
        Path file;
        try {
            file = Path.of(name);
        } catch (InvalidPathException e) {
            throw syntax("COPY cannot write to '" + name + "': " + e.getMessage());
        }
        ExportFormat format = null;
        CsvOptions csv = CsvOptions.DEFAULTS;
        boolean csvOption = false;
        for (String option : options == null || options.isBlank() ? List.<String>of() : split(options)) {
            Matcher m = OPTION.matcher(option.strip());
            if (!m.matches()) throw syntax("cannot read COPY option '" + option.strip() + "'");
            String key = m.group(1).toUpperCase(Locale.ROOT);
            String value = m.group(2) == null ? null : unquote(m.group(2).strip());
            try {
                switch (key) {
                    case "FORMAT" -> format = switch (required(key, value).toLowerCase(Locale.ROOT)) {
                        case "csv" -> ExportFormat.CSV;
                        case "parquet" -> ExportFormat.PARQUET;
                        case "arrow", "feather", "ipc" -> ExportFormat.ARROW;
                        case "arrows" -> ExportFormat.ARROW_STREAM;
                        default -> throw syntax("COPY writes FORMAT csv, parquet or arrow, not '" + value + "'");
                    };
                    case "HEADER" -> csv = csv.withHeader(value == null || bool(key, value));
                    case "DELIMITER", "DELIM", "SEP" -> csv = csv.withDelimiter(CsvOptions.character(key, required(key, value), false));
                    case "NULL", "NULLSTR" -> csv = csv.withNullString(required(key, value));
                    default -> throw syntax("unknown COPY option " + key + " (FORMAT, HEADER, DELIMITER and NULL are supported)");
                }
            } catch (UserException | IllegalArgumentException e) {
                throw syntax("COPY option " + key + ": " + e.getMessage());
            }
            csvOption |= !key.equals("FORMAT");
        }
        if (format == null) {
            try {
                format = ExportFormat.forPath(file);
            } catch (UserException e) {
                format = ExportFormat.CSV; // DuckDB's default for a name without a known extension
            }
        }
        if (csvOption && format != ExportFormat.CSV) throw syntax("COPY's HEADER, DELIMITER and NULL options apply to CSV only, not " + format);
        return new CopyTarget(file, format, csv);
    }

    /** Fails, before any work, when the file's directory does not exist or the file is a directory. */
    void check() throws QueryException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new QueryException("COPY cannot write " + file + ": directory " + dir + " does not exist", SqlStates.IO_ERROR, null);
        }
        if (Files.isDirectory(file)) throw new QueryException("COPY cannot write " + file + ": it is a directory", SqlStates.IO_ERROR, null);
    }

    /** Writes {@code table} to the file: the rows written. */
    long write(Table table, BufferAllocator allocator) throws IOException {
        try (AlignedBufferPool pool = new AlignedBufferPool(READ_BUFFER_BYTES)) {
            return switch (format) {
                case CSV -> CsvExporter.export(table, file, csv, pool, allocator, Progress.NONE);
                case PARQUET -> ParquetExporter.export(table, file, pool, allocator, Progress.NONE);
                case ARROW -> ArrowIpcExporter.export(table, file, false, pool, allocator, Progress.NONE);
                case ARROW_STREAM -> ArrowIpcExporter.export(table, file, true, pool, allocator, Progress.NONE);
            };
        }
    }

    private static String required(String key, String value) throws PlanningException {
        if (value == null) throw syntax("COPY option " + key + " needs a value");
        return value;
    }

    private static boolean bool(String key, String value) throws PlanningException {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true", "1", "on" -> true;
            case "false", "0", "off" -> false;
            default -> throw syntax("COPY option " + key + " is true or false, not '" + value + "'");
        };
    }

    /** A value as written: 'text' (quotes doubled inside) or a bare word. */
    private static String unquote(String v) {
        if (v.length() >= 2 && v.startsWith("'") && v.endsWith("'")) return v.substring(1, v.length() - 1).replace("''", "'");
        return v;
    }

    /** Splits at commas outside single quotes. */
    private static List<String> split(String s) {
        List<String> parts = new ArrayList<>();
        boolean quoted = false;
        int from = 0;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '\'') quoted = !quoted;
            else if (ch == ',' && !quoted) {
                parts.add(s.substring(from, i));
                from = i + 1;
            }
        }
        parts.add(s.substring(from));
        return parts;
    }

    private static PlanningException syntax(String message) {
        return new PlanningException(message, 1, 1, null, SqlStates.SYNTAX);
    }
}
