package io.ascan.shell;

import io.ascan.cli.TargetOptions;
import io.ascan.cli.CliCommand;
import io.ascan.exchange.UserException;
import io.ascan.embedded.Ascan;
import io.ascan.embedded.CatalogTarget;
import io.ascan.embedded.ColumnReader;
import io.ascan.embedded.QueryProgress;
import io.ascan.embedded.QueryReader;
import io.ascan.engine.EngineConfig;
import io.ascan.engine.EngineProperties;
import io.ascan.exec.QueryException;
import io.ascan.exec.SqlStates;
import io.ascan.planner.PlanningException;
import io.ascan.planner.PreparedQuery;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ascan sql}: runs SQL statements on a catalog and prints their results. */
public final class SqlCommand implements CliCommand {
    @Override
    public List<String> path() {
        return List.of("sql");
    }

    @Override
    public Object command() {
        return new Run();
    }

    /** Opens the catalog; tests replace it to run with a scripted executor. */
    @FunctionalInterface
    public interface Opener {
        Ascan open(Path dir, EngineConfig config) throws IOException;

        /** A storage node's catalog ({@code grpc://host:port}) with its connection settings. */
        default Ascan open(String url, Map<String, String> nodeSettings, EngineConfig config) throws IOException {
            return Ascan.open(CatalogTarget.open(url, new LinkedHashMap<>(nodeSettings)), config);
        }
    }

    enum Format { table, csv, json, arrow }

    enum Progress { auto, on, off }

    static final class Source {
        @Option(names = "-e", paramLabel = "SQL", description = "SQL to run (several statements separated by ';').")
        String sql;

        @Option(names = "-f", paramLabel = "FILE", description = "File of SQL statements separated by ';', run in order.")
        Path file;
    }

    @Command(name = "sql", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Runs SQL statements on a catalog (--dir) or a storage node's catalog (--url "
                    + "grpc://HOST:PORT) and prints each result. The SQL comes from -e, -f, or else standard input.",
                    "Formats: table (aligned, with a row count), csv (RFC 4180 with a header row, NULL as an empty "
                            + "field, numbers in plain decimal), json (JSON Lines: one object per row), arrow (one "
                            + "Arrow IPC stream on standard output, for one statement: e.g. | python -c "
                            + "'import pyarrow as pa, sys; print(pa.ipc.open_stream(sys.stdin.buffer).read_all())')."})
    public static final class Run implements Callable<Integer> {
        @Mixin TargetOptions catalog;

        @ArgGroup(exclusive = true, multiplicity = "0..1")
        Source source;

        @Option(names = "--format", defaultValue = "table", paramLabel = "FORMAT",
                description = "table, csv, json or arrow (default: ${DEFAULT-VALUE}).")
        Format format;

        @Option(names = "--mode", paramLabel = "MODE",
                description = "Scan mode: adaptive, direct, staging, pushdown or backpressure (default: adaptive).")
        String mode;

        @Option(names = "--set", paramLabel = "NAME=VALUE",
                description = "Any setting of docs/configuration.md, e.g. --set compute.threads=4 --set io=portable.")
        Map<String, String> settings = new LinkedHashMap<>();

        @Option(names = "--cache-bytes", paramLabel = "BYTES", description = EngineProperties.CACHE_BYTES_HELP)
        String cacheBytes;

        @Option(names = "--stats", description = "Print each query's execution statistics on stderr.")
        boolean stats;

        @Option(names = "--progress", defaultValue = "auto", paramLabel = "WHEN",
                description = "A progress line on stderr (slices, rows, bytes of the scans) while a query runs: auto "
                        + "(for queries running over a second, when stderr is a terminal), on (from the start, "
                        + "whatever stderr is), off (default: ${DEFAULT-VALUE}).")
        Progress progress;

        @Option(names = "--dump-code", description = "Ask the engine to show the generated source of each pipeline.")
        boolean dumpCode;

        @Spec CommandSpec spec;

        private final Opener opener;
        private final InputStream stdin;
        private final OutputStream stdout;

        public Run() {
            this(Ascan::open);
        }

        public Run(Opener opener) {
            this(opener, System.in, System.out);
        }

        /** {@code stdin} is read when neither -e nor -f is given; {@code stdout} takes the arrow format's bytes. */
        public Run(Opener opener, InputStream stdin, OutputStream stdout) {
            this.opener = opener;
            this.stdin = stdin;
            this.stdout = stdout;
        }

        @Override
        public Integer call() throws IOException {
            Map<String, String> all = new LinkedHashMap<>(settings);
            String url = catalog.url();
            Map<String, String> node = catalog.nodeSettings();
            node.putAll(CatalogTarget.takeNodeSettings(all)); // --set storage.linkBandwidth=... is the connection's
            if (url == null && !node.isEmpty()) throw new UserException(CatalogTarget.notForADirectory(node));
            if (mode != null) all.put("mode", mode);
            if (cacheBytes != null) all.put("cache.bytes", cacheBytes);
            EngineConfig config = EngineProperties.parse(all);
            config = config.withQuery(config.query().withDumpCode(dumpCode));
            List<String> statements = SqlScript.split(source == null ? readStdin()
                    : source.sql != null ? source.sql : read(source.file));
            if (statements.isEmpty()) throw new UserException("no SQL statement given");
            if (format == Format.arrow && statements.size() > 1) {
                throw new UserException("--format arrow writes one Arrow IPC stream: give one statement, not "
                        + statements.size());
            }
            PrintWriter out = spec.commandLine().getOut();
            try (Ascan db = url != null ? opener.open(url, node, config) : opener.open(catalog.dir(), config)) {
                for (int i = 0; i < statements.size(); i++) {
                    if (i > 0 && format == Format.table) out.println();
                    String where = statements.size() > 1 ? "statement " + (i + 1) + ": " : "";
                    try {
                        run(db, statements.get(i), out);
                    } catch (PlanningException e) {
                        return fail(out, where + firstLine(e.getMessage()), e.sqlState());
                    } catch (QueryException e) {
                        return fail(out, where + firstLine(e.getMessage()), e.sqlState());
                    } catch (RuntimeException | Error e) {
                        return fail(out, where + firstLine(SqlStates.message(e)), SqlStates.of(e));
                    }
                }
            } finally {
                out.flush();
            }
            return 0;
        }

        /** An SQL error: "error: <message> (SQLSTATE <state>)" on stderr, exit code 1 (2 is for usage errors). */
        private int fail(PrintWriter out, String message, String state) {
            out.flush();
            PrintWriter err = spec.commandLine().getErr();
            err.println("error: " + message + " (SQLSTATE " + state + ")");
            err.flush();
            return 1;
        }

        private void run(Ascan db, String sql, PrintWriter out) throws PlanningException, QueryException, IOException {
            ResultFormat f = switch (format) {
                case table -> new TableFormat(out);
                case csv -> new CsvFormat(out);
                case json -> new JsonFormat(out);
                case arrow -> null;
            };
            try (QueryReader r = start(db, sql)) {
                if (dumpCode) {
                    PrintWriter err = spec.commandLine().getErr();
                    err.println(r.generatedCode().strip());
                    err.flush();
                }
                if (f == null) {
                    writeArrow(r);
                    printStats(r);
                    return;
                }
                f.begin(r.columns());
                VectorSchemaRoot root = r.getVectorSchemaRoot();
                long rows = 0;
                while (loadNext(r)) {
                    ColumnReader[] readers = new ColumnReader[r.columns().size()];
                    for (int c = 0; c < readers.length; c++) readers[c] = ColumnReader.of(r.columns().get(c), root.getVector(c));
                    for (int row = 0; row < root.getRowCount(); row++) f.row(readers, row);
                    rows += root.getRowCount();
                }
                f.end(rows);
                printStats(r);
            }
        }

        /** Runs {@code sql} up to its first batch, with a progress line meanwhile when asked for. */
        private QueryReader start(Ascan db, String sql) throws PlanningException, QueryException {
            boolean show = progress == Progress.on || progress == Progress.auto && stderrIsTerminal();
            if (!show) return db.query(sql);
            PreparedQuery statement = db.prepare(sql);
            boolean forced = progress == Progress.on;
            try (QueryProgress bar = new QueryProgress(spec.commandLine().getErr(), forced ? 0 : QueryProgress.DELAY_MILLIS, forced)) {
                return db.query(statement, db.config().query(), bar::watch);
            }
        }

        private Boolean terminal;

        private boolean stderrIsTerminal() {
            if (terminal == null) terminal = io.ascan.gen.ProgressBar.stderrIsTerminal();
            return terminal;
        }

        private void printStats(QueryReader r) {
            if (!stats) return;
            PrintWriter err = spec.commandLine().getErr();
            String s = r.statistics();
            err.println(s == null || s.isBlank() ? "(no statistics)" : s.strip());
            err.flush();
        }

        /** The result as one Arrow IPC stream (the schema, then a record batch per result batch). */
        private void writeArrow(QueryReader r) throws QueryException, IOException {
            try (ArrowStreamWriter w = new ArrowStreamWriter(r.getVectorSchemaRoot(), null, Channels.newChannel(stdout))) {
                w.start();
                while (loadNext(r)) w.writeBatch();
                w.end();
            }
            stdout.flush();
        }

        private String readStdin() throws IOException {
            Console console = System.console();
            if (stdin == System.in && console != null && console.isTerminal()) {
                PrintWriter err = spec.commandLine().getErr();
                err.println("reading SQL from standard input; end it with Ctrl-D (or give -e SQL / -f FILE)");
                err.flush();
            }
            return new String(stdin.readAllBytes(), StandardCharsets.UTF_8);
        }

        /** QueryReader reports query failures as IOException wrapping the QueryException. */
        private static boolean loadNext(QueryReader r) throws QueryException, IOException {
            try {
                return r.loadNextBatch();
            } catch (IOException e) {
                if (e.getCause() instanceof QueryException q) throw q;
                throw e;
            }
        }

        private static String read(Path file) throws IOException {
            if (!Files.isRegularFile(file)) throw new UserException("no SQL file " + file);
            return Files.readString(file);
        }

        /** Calcite's parse errors list every expected token below the first line; the first line names the problem and where. */
        static String firstLine(String message) {
            if (message == null) return "failed";
            int nl = message.indexOf('\n');
            return (nl < 0 ? message : message.substring(0, nl)).strip();
        }
    }
}
