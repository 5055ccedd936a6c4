package io.ascan.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.cli.Main;
import io.ascan.embedded.Ascan;
import io.ascan.embedded.QueryProgress;
import io.ascan.jdbc.JdbcFixtures;
import io.ascan.jdbc.ScriptedExecutor;
import io.ascan.planner.AscanQueryService;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code ascan sql} output formats and errors with the scripted executor; {@code ascan shell} on sqlline. */
class SqlCommandTest {
    @TempDir static Path dir;
    ScriptedExecutor executor;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    @BeforeAll
    static void catalog() throws Exception {
        JdbcFixtures.catalog(dir);
    }

    @BeforeEach
    void executor() {
        executor = new ScriptedExecutor();
        executor.rows = p -> JdbcFixtures.ROWS;
    }

    @AfterEach
    void close() {
        executor.close();
    }

    int run(String... args) {
        return run(new java.io.ByteArrayInputStream(new byte[0]), new java.io.ByteArrayOutputStream(), args);
    }

    int run(java.io.InputStream stdin, java.io.OutputStream stdout, String... args) {
        CommandLine cmd = new CommandLine(new SqlCommand.Run((d, c) -> Ascan.open(d, c, executor::service), stdin, stdout));
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        cmd.setExecutionExceptionHandler((e, c, p) -> {
            c.getErr().println("sql: " + e.getMessage());
            c.getErr().flush();
            return 2;
        });
        return cmd.execute(args);
    }

    @Test
    void csvIsRfc4180() {
        assertEquals(0, run("--dir", dir.toString(), "--format", "csv", "-e", JdbcFixtures.ALL_TYPES));
        assertEquals("b,i,l,d,m,dt,ts,s\r\n"
                + "true,42,9000000000,100000000000000000000.0,-1234.50,1998-12-31,2020-02-29 23:59:58.123456,"
                + "\"a, \"\"quoted\"\"\nline\"\r\n"
                + ",,,,,,,\r\n"
                + "false,-7,-1,0.5,0.05,1970-01-01,1969-12-31 23:00:00,\"\"\r\n", out.toString());
    }

    @Test
    void table() {
        executor.rows = p -> List.<Object[]>of(new Object[] {1, "x"}, new Object[] {null, "long value"});
        assertEquals(0, run("--dir", dir.toString(), "-e", "SELECT i, s AS name FROM all_types"));
        assertEquals("""
                 i    | name
                ------+------------
                    1 | x
                 NULL | long value
                (2 rows)
                """, out.toString());
    }

    @Test
    void arrowFormatIsOneIpcStream() throws Exception {
        var bytes = new java.io.ByteArrayOutputStream();
        assertEquals(0, run(new java.io.ByteArrayInputStream(new byte[0]), bytes,
                "--dir", dir.toString(), "--format", "arrow", "-e", JdbcFixtures.ALL_TYPES));
        assertEquals("", out.toString(), "nothing but the stream, and that on the binary output");
        try (var allocator = new org.apache.arrow.memory.RootAllocator();
             var reader = new org.apache.arrow.vector.ipc.ArrowStreamReader(
                     new java.io.ByteArrayInputStream(bytes.toByteArray()), allocator)) {
            var root = reader.getVectorSchemaRoot();
            assertEquals("[b, i, l, d, m, dt, ts, s]",
                    root.getSchema().getFields().stream().map(f -> f.getName()).toList().toString());
            int rows = 0;
            StringBuilder first = new StringBuilder();
            while (reader.loadNextBatch()) {
                if (rows == 0) {
                    for (var v : root.getFieldVectors()) first.append(v.getObject(0)).append('|');
                }
                rows += root.getRowCount();
            }
            assertEquals(JdbcFixtures.ROWS.size(), rows);
            assertTrue(first.toString().startsWith("true|42|9000000000|1.0E20|-1234.50|10591|"), first.toString());
        }
        assertEquals(2, run("--dir", dir.toString(), "--format", "arrow", "-e", "SELECT 1; SELECT 2"));
        assertTrue(err.toString().contains("give one statement, not 2"), err.toString());
    }

    @Test
    void sqlFromStandardInputWithoutEOrF() {
        executor.rows = p -> List.<Object[]>of(new Object[] {1});
        var stdin = new java.io.ByteArrayInputStream("SELECT i FROM all_types;\nSELECT i FROM all_types WHERE i > 0;\n"
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(0, run(stdin, new java.io.ByteArrayOutputStream(), "--dir", dir.toString(), "--format", "csv"));
        assertEquals("i\r\n1\r\ni\r\n1\r\n", out.toString());
    }

    @Test
    void json() {
        assertEquals(0, run("--dir", dir.toString(), "--format", "json", "-e", JdbcFixtures.ALL_TYPES));
        String[] lines = out.toString().split("\n");
        assertEquals(3, lines.length);
        assertEquals("{\"b\":true,\"i\":42,\"l\":9000000000,\"d\":100000000000000000000.0,\"m\":-1234.50,"
                + "\"dt\":\"1998-12-31\",\"ts\":\"2020-02-29 23:59:58.123456\",\"s\":\"a, \\\"quoted\\\"\\nline\"}", lines[0]);
        assertEquals("{\"b\":null,\"i\":null,\"l\":null,\"d\":null,\"m\":null,\"dt\":null,\"ts\":null,\"s\":null}", lines[1]);
    }

    @Test
    void statementsOfAFileRunInOrderWithStats() throws Exception {
        executor.statistics = "scan all_types: direct 1 slice";
        executor.rows = p -> List.<Object[]>of(new Object[] {1});
        Path file = dir.resolve("q.sql");
        Files.writeString(file, "-- two queries; one file\nSELECT i FROM all_types;\n/* ; */ SELECT 'a;b' AS x FROM all_types WHERE s <> ';';\n");
        assertEquals(0, run("--dir", dir.toString(), "--format", "csv", "--stats", "-f", file.toString()));
        assertEquals("i\r\n1\r\nx\r\n1\r\n", out.toString());
        assertEquals("scan all_types: direct 1 slice\nscan all_types: direct 1 slice\n", err.toString().replace("\r", ""));
    }

    @Test
    void errorsAreOneLine() {
        executor.rows = p -> List.<Object[]>of(new Object[] {1});
        assertEquals(1, run("--dir", dir.toString(), "-e", "SELECT i FROM all_types; SELECT FROM FROM x"));
        String e = err.toString().strip();
        assertTrue(e.startsWith("error: statement 2: ") && e.contains("Incorrect syntax near the keyword 'FROM' at line 1, column 8")
                && e.endsWith("(SQLSTATE 42601)") && !e.contains("\n"), e);
        err.getBuffer().setLength(0);
        assertEquals(1, run("--dir", dir.toString(), "-e", "SELECT nope FROM all_types"));
        assertTrue(err.toString().contains("Column 'nope' not found") && err.toString().contains("(SQLSTATE 42703)"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("--dir", dir.toString(), "--mode", "fast", "-e", "SELECT 1"));
        assertTrue(err.toString().contains("mode must be one of"), err.toString());
    }

    @Test
    void explainNeedsNoExecutor() {
        CommandLine cmd = new CommandLine(new SqlCommand.Run((d, c) -> Ascan.open(d, c, catalog -> new AscanQueryService(catalog, null))));
        cmd.setOut(new PrintWriter(out));
        assertEquals(0, cmd.execute("--dir", dir.toString(), "--format", "csv", "-e", "EXPLAIN PLAN FOR SELECT i FROM all_types WHERE i = 3"));
        assertTrue(out.toString().startsWith("PLAN\r\n"), out.toString());
        assertTrue(out.toString().contains("AdaptiveScan(table=all_types, columns=[i], P=[i = 3]"), out.toString());
    }

    @Test
    void cacheBytesFlagSizesTheEnginesCache() {
        long[] seen = {Long.MIN_VALUE};
        CommandLine cmd = new CommandLine(new SqlCommand.Run((d, c) -> {
            seen[0] = c.cacheBytes();
            return Ascan.open(d, c, executor::service);
        }));
        cmd.setOut(new PrintWriter(out));
        assertEquals(0, cmd.execute("--dir", dir.toString(), "--cache-bytes", "32m", "-e", JdbcFixtures.ALL_TYPES));
        assertEquals(32L << 20, seen[0]);
        ShellCommand.Run shell = new ShellCommand.Run();
        new CommandLine(shell).parseArgs("--dir", dir.toString(), "--cache-bytes", "0");
        assertTrue(shell.url().contains("?cache.bytes=0"), shell.url());
    }

    @Test
    void helpThroughTheLauncher() {
        CommandLine main = Main.commandLine();
        StringWriter help = new StringWriter();
        main.setOut(new PrintWriter(help));
        assertEquals(0, main.execute("sql", "--help"));
        assertTrue(help.toString().contains("--format") && help.toString().contains("-e=SQL"), help.toString());
        assertTrue(help.toString().contains("--cache-bytes=BYTES"), help.toString());
        help.getBuffer().setLength(0);
        assertEquals(0, main.execute("shell", "--help"));
        assertTrue(help.toString().contains("sqlline") && help.toString().contains("--cache-bytes=BYTES"), help.toString());
    }

    @Test
    void shellListsTablesThroughSqlline() throws Exception {
        ShellCommand.Run shell = new ShellCommand.Run();
        new CommandLine(shell).parseArgs("--dir", dir.toString(), "--set", "io=portable");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        shell.in = new ByteArrayInputStream("!tables\n!columns orders\nEXPLAIN PLAN FOR SELECT o_id FROM orders;\n!quit\n"
                .getBytes(StandardCharsets.UTF_8));
        shell.out = console;
        shell.call();
        String text = console.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("all_types") && text.contains("orders") && text.contains("o_total"), text);
        assertTrue(text.contains("AdaptiveScan(table=orders"), text);
    }

    @Test
    void shellPrintsScanReportsOnlyWithStats() throws Exception {
        String query = "SELECT COUNT(*) AS n FROM orders;\n!quit\n";
        String plain = shell(query);
        assertTrue(plain.contains("| n "), plain);
        assertTrue(!plain.contains("Warning") && !plain.contains("AdaptiveScan orders"), plain);
        String stats = shell(query, "--stats");
        assertTrue(stats.contains("Warning: AdaptiveScan orders"), stats);
    }

    /**
     * The shell's progress line (drawn by the driver, jdbc.progress): forced on, it shows the
     * scans' slices on stderr, all done in its last drawing, and is erased before sqlline prints
     * the rows; never on the console. Not timing-based: a forced line is drawn once more when the
     * first batch arrives. Without a terminal on stderr, auto draws nothing.
     */
    @Test
    void shellShowsTheProgressLineOnStderr() throws Exception {
        String query = "SELECT COUNT(*) AS n FROM orders;\n!quit\n";
        String[] console = new String[1];
        String err = stderrOf(() -> console[0] = shell(query, "--progress", "on"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("slices (\\d+)/(\\d+), [\\d,]+ rows").matcher(err);
        String done = null, total = null;
        int last = -1;
        while (m.find()) {
            done = m.group(1);
            total = m.group(2);
            last = m.end();
        }
        assertTrue(done != null && done.equals(total) && !total.equals("0"), "the last line shows every slice done: " + err);
        assertTrue(err.indexOf(QueryProgress.ERASE, last) >= 0, "the line is erased after its last drawing: " + err);
        assertTrue(console[0].contains("| n ") && !console[0].contains("slices"), console[0]);
        String auto = stderrOf(() -> console[0] = shell(query));
        assertTrue(!auto.contains("slices") && !auto.contains(QueryProgress.ERASE), "stderr is no terminal here: " + auto);
        assertTrue(console[0].contains("| n "), console[0]);
    }

    private interface Body {
        void run() throws Exception;
    }

    /** What {@code body} wrote on System.err, where the driver draws the progress line. */
    private static String stderrOf(Body body) throws Exception {
        java.io.PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            body.run();
        } finally {
            System.setErr(saved);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    private static String shell(String input, String... flags) throws Exception {
        ShellCommand.Run shell = new ShellCommand.Run();
        List<String> args = new java.util.ArrayList<>(List.of("--dir", dir.toString(), "--set", "io=portable"));
        args.addAll(List.of(flags));
        new CommandLine(shell).parseArgs(args.toArray(String[]::new));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        shell.in = new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8));
        shell.out = console;
        shell.call();
        return console.toString(StandardCharsets.UTF_8);
    }
}
