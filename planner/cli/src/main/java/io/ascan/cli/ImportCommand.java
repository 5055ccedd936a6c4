package io.ascan.cli;

import io.ascan.exchange.UserException;
import io.ascan.catalog.Catalog;
import io.ascan.exchange.ArrowIpcImporter;
import io.ascan.exchange.CsvImporter;
import io.ascan.exchange.CsvOptions;
import io.ascan.exchange.ImportFormat;
import io.ascan.exchange.ImportResult;
import io.ascan.exchange.ImportTarget;
import io.ascan.exchange.ParquetImporter;
import io.ascan.exchange.Progress;
import io.ascan.exchange.SchemaText;
import io.ascan.format.TableSchema;
import io.ascan.format.WriteOptions;
import io.ascan.memory.Allocators;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ascan import}: a CSV, Parquet or Arrow IPC file becomes a table. */
public final class ImportCommand implements CliCommand {
    @Override
    public List<String> path() {
        return List.of("import");
    }

    @Override
    public Object command() {
        return new Run();
    }

    @Command(name = "import", mixinStandardHelpOptions = true,
            description = {"Imports a CSV, Parquet or Arrow IPC file as a new table.",
                    "The table appears only when the import succeeds; on any error nothing is left behind."})
    static final class Run implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Option(names = "--dir", required = true, paramLabel = "DIR",
                description = "Catalog directory to import into (created if missing).")
        Path dir;

        @Option(names = "--table", required = true, paramLabel = "NAME",
                description = "Name of the table to create (letters, digits, underscores; lower-cased).")
        String table;

        @Option(names = "--from", required = true, paramLabel = "FILE",
                description = "File to import: CSV, Parquet, or Arrow IPC in file or stream format. The name's "
                        + "extension tells which (csv, parquet, arrow, arrows, feather, ipc), else the content "
                        + "does; anything else is read as CSV.")
        Path from;

        @Option(names = "--format", paramLabel = "FORMAT",
                description = "Input format when the file name does not tell: csv, parquet or arrow.")
        String format;

        @Option(names = "--schema", paramLabel = "COLUMNS",
                description = "CSV only: names and types of the columns, e.g. \"id INTEGER, price DECIMAL(15,2), "
                        + "day DATE\" (in file order, replacing the header's names). Default: the header's names "
                        + "with types inferred by scanning the file.")
        String schema;

        @Option(names = "--delimiter", paramLabel = "CHAR",
                description = "CSV only: the field delimiter, one character (\\t or tab for a tab). Default: "
                        + "the one of , ; tab | that the first line has most of (outside quotes), else ','.")
        String delimiter;

        @Option(names = "--null", paramLabel = "TEXT",
                description = "CSV only: an unquoted field equal to TEXT is NULL (e.g. NA, \\N). Default: an "
                        + "unquoted empty field is NULL; a quoted empty field is always an empty string.")
        String nullString;

        @Option(names = "--no-header",
                description = "CSV only: the first line is data; columns are named column1, column2, ...")
        boolean noHeader;

        @Option(names = "--quote", paramLabel = "CHAR",
                description = "CSV only: the quote character, or none (default: \").")
        String quote;

        @Option(names = "--escape", paramLabel = "CHAR",
                description = "CSV only: the character that escapes a quote or delimiter inside a field "
                        + "(default: none; a quote inside quotes is doubled, as RFC 4180 says).")
        String escape;

        @Option(names = "--slice-rows", paramLabel = "N",
                description = "Rows per slice at most (default: as many as fit 2 MiB column segments).")
        int sliceRows;

        @Option(names = "--packed",
                description = "Store integer columns bit-packed against each segment's minimum where that saves a quarter "
                        + "of their bytes: less disk and link, more CPU to expand them on read (see docs/storage.md).")
        boolean packed;

        @Option(names = "--replace",
                description = "Replace an existing table of that name (atomically, once the import succeeded).")
        boolean replace;

        @Override
        public Integer call() throws Exception {
            ImportTarget.checkReadable(from);
            ImportFormat fmt = format != null ? ImportFormat.parse(format) : ImportFormat.detect(from);
            TableSchema columns = schema == null ? null : SchemaText.parse(schema);
            if (columns != null && fmt != ImportFormat.CSV) {
                throw new UserException("--schema applies to CSV files only; " + from + " is " + fmt
                        + ", whose columns carry their own types");
            }
            if (fmt != ImportFormat.CSV && (delimiter != null || nullString != null || noHeader || quote != null
                    || escape != null)) {
                throw new UserException("--delimiter, --null, --no-header, --quote and --escape apply to CSV files "
                        + "only; " + from + " is " + fmt);
            }
            CsvOptions csv = fmt != ImportFormat.CSV ? CsvOptions.DEFAULTS : CsvOptions.DEFAULTS
                    .withDelimiter(delimiter != null ? CsvOptions.character("--delimiter", delimiter, false)
                            : CsvOptions.sniffDelimiter(from))
                    .withQuote(quote != null ? CsvOptions.character("--quote", quote, true) : (Character) '"')
                    .withEscape(CsvOptions.character("--escape", escape, true))
                    .withNullString(nullString)
                    .withHeader(!noHeader);
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw new UserException(dir + " is not a directory (--dir names the catalog directory)");
            }
            if (sliceRows < 0) throw new UserException("--slice-rows must not be negative, got " + sliceRows);
            ImportTarget target = new ImportTarget(CatalogOptions.report(Catalog.create(dir), spec.commandLine().getErr()), table,
                    WriteOptions.DEFAULTS.withReplace(replace).withMaxSliceRows(sliceRows).withPacked(packed));
            target.checkWritable();
            var err = spec.commandLine().getErr();
            Progress progress = Progress.to(err, "import " + from.getFileName());
            ImportResult result = switch (fmt) {
                case CSV -> CsvImporter.importFile(from, csv, target, columns, progress);
                case PARQUET -> ParquetImporter.importFile(from, target, progress);
                case ARROW -> {
                    try (BufferAllocator allocator = Allocators.root()) {
                        yield ArrowIpcImporter.importFile(from, target, allocator, progress);
                    }
                }
            };
            spec.commandLine().getOut().printf("imported %,d rows into table '%s' (%s)%n", result.rows(), result.table(),
                    SchemaText.format(result.schema()));
            return 0;
        }
    }
}
