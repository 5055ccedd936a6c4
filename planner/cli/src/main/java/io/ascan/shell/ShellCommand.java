package io.ascan.shell;

import io.ascan.cli.TargetOptions;
import io.ascan.cli.CliCommand;
import io.ascan.engine.EngineProperties;
import io.ascan.jdbc.AscanDriver;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import sqlline.SqlLine;

/** {@code ascan shell}: the sqlline console connected to a catalog through the JDBC driver. */
public final class ShellCommand implements CliCommand {
    @Override
    public List<String> path() {
        return List.of("shell");
    }

    @Override
    public Object command() {
        return new Run();
    }

    /**
     * sqlline's row width without a terminal. Piped input or output gives sqlline a dumb terminal
     * of width 0, and it cuts every row to that width: tables of blank lines.
     */
    static final int PIPED_MAX_WIDTH = 1 << 20;

    @Command(name = "shell", mixinStandardHelpOptions = true,
            description = {"Opens sqlline on jdbc:ascan:DIR (--dir) or jdbc:ascan:grpc://HOST:PORT (--url, a storage "
                    + "node). End statements with ';'; !tables lists the tables, !describe T a table's columns, "
                    + "!quit leaves."})
    public static final class Run implements Callable<Integer> {
        @Mixin TargetOptions catalog;

        @Option(names = "--mode", paramLabel = "MODE", description = "Scan mode (connection property mode).")
        String mode;

        @Option(names = "--set", paramLabel = "NAME=VALUE", description = "Any setting of docs/configuration.md, e.g. --set compute.threads=4.")
        Map<String, String> settings = new LinkedHashMap<>();

        @Option(names = "--cache-bytes", paramLabel = "BYTES", description = EngineProperties.CACHE_BYTES_HELP)
        String cacheBytes;

        @Option(names = "--stats", description = "After each query, print its scan reports (the driver's statement "
                + "warnings); off by default.")
        boolean stats;

        @Option(names = "--progress", defaultValue = "auto", paramLabel = "WHEN",
                description = "A progress line on stderr (slices, rows, bytes of the scans) while a query runs, as "
                        + "ascan sql shows: auto (for queries running over a second, when stderr is a terminal), on "
                        + "(from the start, whatever stderr is), off (default: ${DEFAULT-VALUE}).")
        SqlCommand.Progress progress;

        /** Input and output for tests; null: the terminal. */
        InputStream in;
        OutputStream out;

        String url() {
            String node = catalog.url();
            Map<String, String> all = new LinkedHashMap<>(catalog.nodeSettings());
            all.putAll(settings);
            if (mode != null) all.put("mode", mode);
            if (cacheBytes != null) all.put("cache.bytes", cacheBytes);
            // The driver hands each scan's report over as a statement warning, which sqlline prints
            // after every query: only --stats asks for them.
            if (!stats) all.putIfAbsent("jdbc.scanWarnings", "false");
            // the driver draws the line (the shell never sees sqlline's statements): it runs until the first rows
            all.putIfAbsent("jdbc.progress", switch (progress) {
                case on -> "on";
                case off -> "off";
                case auto -> io.ascan.gen.ProgressBar.stderrIsTerminal() ? "delayed" : "off";
            });
            StringBuilder url = new StringBuilder("jdbc:ascan:")
                    .append(node != null ? node : catalog.dir().toAbsolutePath().normalize().toString());
            char sep = '?';
            for (var e : all.entrySet()) {
                url.append(sep).append(enc(e.getKey())).append('=').append(enc(e.getValue()));
                sep = '&';
            }
            return url.toString();
        }

        /** Whether sqlline talks to a terminal (which then tells its width); tests pass their own streams. */
        private boolean interactive() {
            Console console = System.console();
            return in == null && console != null && console.isTerminal();
        }

        private static String enc(String s) {
            return URLEncoder.encode(s, StandardCharsets.UTF_8);
        }

        @Override
        public Integer call() throws IOException {
            List<String> args = new ArrayList<>(List.of("-u", url(), "-n", "", "-p", "", "-d", AscanDriver.class.getName()));
            if (!interactive()) args.add("--maxWidth=" + PIPED_MAX_WIDTH);
            SqlLine sqlline = new SqlLine();
            if (out != null) {
                sqlline.setOutputStream(out);
                sqlline.setErrorStream(out);
            }
            SqlLine.Status status = sqlline.begin(args.toArray(String[]::new), in, in == null);
            return status == SqlLine.Status.OK ? 0 : 1;
        }
    }
}
