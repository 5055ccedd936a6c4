package io.ascan.planner.schema;

import io.ascan.exchange.UserException;
import io.ascan.codegen.rt.SqlException;
import io.ascan.exec.SqlStates;
import io.ascan.exchange.CsvOptions;
import io.ascan.exchange.FileSource;
import io.ascan.exchange.FileTableCache;
import io.ascan.exchange.ImportFormat;
import io.ascan.catalog.Table;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.TableMacro;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.util.NlsString;

/**
 * {@code read_parquet(path)}, {@code read_arrow(path)} and {@code read_csv(path, delim, header,
 * nullstr, quote, escape)} in FROM: the files {@code path} names (a glob allowed) as a table,
 * imported on first use into the {@link FileTableCache} and scanned like a catalog table. Called
 * while the query is validated, so the row type is the files' schema at planning time.
 */
public final class FileTableMacro implements TableMacro {
    /** The read_csv options, after the path, as DuckDB names them. */
    static final List<String> CSV_OPTIONS = List.of("delim", "header", "nullstr", "quote", "escape");
    /** The parameters in order: the path, then (read_csv only) the options. */
    public static final List<String> PARAMETERS = List.of("path", "delim", "header", "nullstr", "quote", "escape");

    private final ImportFormat format;
    private final FileTableCache cache;

    FileTableMacro(ImportFormat format, FileTableCache cache) {
        this.format = format;
        this.cache = cache;
    }

    @Override
    public List<FunctionParameter> getParameters() {
        List<FunctionParameter> params = new ArrayList<>();
        params.add(parameter(0, "path", String.class, false));
        if (format == ImportFormat.CSV) {
            for (int i = 0; i < CSV_OPTIONS.size(); i++) {
                String n = CSV_OPTIONS.get(i);
                params.add(parameter(i + 1, n, n.equals("header") ? Boolean.class : String.class, true));
            }
        }
        return params;
    }

    /** Java types: Calcite hands a macro its literal arguments only as values of a Java type. */
    private static FunctionParameter parameter(int ordinal, String name, Class<?> type, boolean optional) {
        return new FunctionParameter() {
            @Override public int getOrdinal() { return ordinal; }
            @Override public String getName() { return name; }
            @Override public RelDataType getType(RelDataTypeFactory f) { return f.createJavaType(type); }
            @Override public boolean isOptional() { return optional; }
        };
    }

    @Override
    public TranslatableTable apply(List<?> arguments) {
        String path = text(arguments.getFirst());
        if (path == null) throw new SqlException(SqlStates.IO_ERROR, "the path of " + function() + " must not be NULL");
        CsvOptions csv = format == ImportFormat.CSV ? csvOptions(arguments) : null;
        FileSource source = FileSource.resolve(path);
        List<AscanTable> tables = new ArrayList<>();
        for (FileSource.Stamp file : source.files()) {
            Table t = cache.table(file, format, csv);
            // Each file's table depends on the whole source: a glob matching another file is a new table.
            tables.add(new AscanTable(t, ManifestVersion.of(t.tableDir()), source));
        }
        return new FileTable(tables);
    }

    private String function() {
        return "read_" + format.name().toLowerCase(java.util.Locale.ROOT);
    }

    private static CsvOptions csvOptions(List<?> arguments) {
        CsvOptions o = CsvOptions.DEFAULTS;
        try {
            String delim = text(arguments.get(1));
            if (delim != null) o = o.withDelimiter(CsvOptions.character("delim", delim, false));
            if (arguments.get(2) != null) o = o.withHeader((Boolean) arguments.get(2));
            String nullstr = text(arguments.get(3));
            if (nullstr != null) o = o.withNullString(nullstr);
            String quote = text(arguments.get(4));
            if (quote != null) o = o.withQuote(quote.isEmpty() ? null : CsvOptions.character("quote", quote, true));
            String escape = text(arguments.get(5));
            if (escape != null) o = o.withEscape(escape.isEmpty() ? null : CsvOptions.character("escape", escape, true));
        } catch (UserException e) {
            throw new SqlException(SqlStates.SYNTAX_OR_ACCESS, "read_csv: " + e.getMessage());
        }
        return o;
    }

    private static String text(Object arg) {
        if (arg == null) return null;
        return arg instanceof NlsString s ? s.getValue() : arg.toString();
    }
}
