package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.shell.SqlCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code ascan sql}'s progress line: forced on, it shows the scans' slices done of slices to read
 * on stderr, is erased before the result, and never reaches stdout. Not timing-based: a forced
 * line is drawn once more when the first batch arrives, whatever the query's speed.
 */
class SqlProgressTest {
    private static final String ERASE = "\r\033[K";
    @TempDir static Path dir;

    @BeforeAll
    static void data() throws Exception {
        SmallFixture.writeAscan(dir.resolve("db"));
    }

    @Test
    void forcedProgressShowsSlicesOnStderrAndIsErased() {
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(0, run(out, err, "--progress", "on", "-e", "SELECT COUNT(*) AS n FROM ta"));
        String e = err.toString();
        // ta: 42 rows in slices of 5
        Matcher m = Pattern.compile("slices (\\d+)/9, [\\d,]+ rows, [\\d.]+ [KMG]?i?B").matcher(e);
        String last = null;
        while (m.find()) last = m.group(1);
        assertEquals("9", last, "the last line drawn shows every slice done: " + e);
        assertTrue(e.startsWith(ERASE) && e.endsWith(ERASE), "each line is drawn in place and the last erased: " + e);
        assertTrue(!out.toString().contains("slices"), out.toString());
        assertTrue(out.toString().contains("42"), out.toString());
    }

    @Test
    void noProgressUnlessAskedOrOnATerminal() {
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(0, run(out, err, "-e", "SELECT COUNT(*) AS n FROM ta")); // auto: stderr is no terminal here
        assertEquals("", err.toString());
        assertEquals(0, run(out, err, "--progress", "off", "-e", "SELECT COUNT(*) AS n FROM ta"));
        assertEquals("", err.toString());
    }

    private static int run(StringWriter out, StringWriter err, String... args) {
        CommandLine cmd = new CommandLine(new SqlCommand.Run());
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        String[] all = new String[args.length + 4];
        all[0] = "--dir";
        all[1] = dir.resolve("db").toString();
        all[2] = "--set";
        all[3] = "io=portable";
        System.arraycopy(args, 0, all, 4, args.length);
        return cmd.execute(all);
    }
}
