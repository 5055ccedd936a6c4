package io.ascan.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.jdbc.JdbcFixtures;
import io.ascan.storage.node.StorageNode;
import io.ascan.testing.CliRun;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code ascan sql --url} and {@code ascan shell --url} against a storage node on a free loopback
 * port (with a bearer token read from --token-file), run in-process as the launcher runs them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RemoteSqlCommandTest {
    private static final String TOKEN = "cli-s3cret";

    private Path dir;
    private StorageNode node;
    private Path tokenFile;
    private String url;

    @BeforeAll
    void node(@TempDir Path scratch) throws Exception {
        dir = scratch;
        Path served = Files.createDirectories(dir.resolve("served"));
        JdbcFixtures.catalog(served);
        tokenFile = Files.writeString(dir.resolve("token"), TOKEN + "\n");
        node = StorageNode.start(StorageNode.Settings.local(served).withToken(TOKEN));
        url = "grpc://127.0.0.1:" + node.port();
    }

    @AfterAll
    void stop() throws Exception {
        try {
            assertEquals(0, node.allocatedBytes(), "storage node memory after the commands");
        } finally {
            node.close();
        }
    }

    @Test
    void sqlRunsOnTheNodesCatalog() {
        CliRun r = CliRun.of("sql", "--url", url, "--token-file", tokenFile.toString(), "--format", "csv",
                "-e", "SELECT o_id, o_custkey, o_total FROM orders; SELECT COUNT(*) AS n, SUM(i) AS s FROM all_types");
        assertEquals(0, r.exit(), r.err());
        // the fixture's all_types: ten rows, i = 0..9
        assertEquals("o_id,o_custkey,o_total\n1,7,19.99\nn,s\n10,45\n", r.out().replace("\r\n", "\n"));
        for (String mode : new String[] {"direct", "pushdown"}) {
            CliRun m = CliRun.of("sql", "--url", url, "--token-file", tokenFile.toString(), "--mode", mode, "--format", "csv",
                    "-e", "SELECT o_total FROM orders WHERE o_custkey = 7");
            assertEquals("o_total\n19.99\n", m.out().replace("\r\n", "\n"), mode + ": " + m.err());
        }
    }

    @Test
    void connectionSettingsGoToTheNodeNotTheEngine() {
        // --set storage.linkBandwidth was parsed as an engine setting and refused as unknown
        CliRun link = CliRun.of("sql", "--url", url, "--set", "storage.tokenFile=" + tokenFile, "--set", "storage.linkBandwidth=125000000",
                "--format", "csv", "-e", "SELECT COUNT(*) AS n FROM all_types");
        assertEquals(0, link.exit(), link.err());
        assertEquals("n\n10\n", link.out().replace("\r\n", "\n"));
        CliRun bad = CliRun.of("sql", "--url", url, "--token-file", tokenFile.toString(), "--set", "storage.linkBandwidth=fast",
                "-e", "SELECT 1");
        assertTrue(bad.exit() != 0 && bad.err().contains("storage.linkBandwidth must be an integer"), bad.err());
        CliRun forADir = CliRun.of("sql", "--dir", dir.resolve("served").toString(), "--set", "storage.linkBandwidth=1", "-e", "SELECT 1");
        assertTrue(forADir.exit() != 0 && forADir.err().contains("storage.linkBandwidth is a setting of a storage node"), forADir.err());
    }

    @Test
    void aMissingOrWrongTokenIsRefusedWithTheNodeNamed() throws Exception {
        CliRun none = CliRun.of("sql", "--url", url, "-e", "SELECT 1");
        assertTrue(none.exit() != 0 && none.err().contains("127.0.0.1:" + node.port()) && none.err().contains("UNAUTHENTICATED"),
                none.err());
        Path wrong = Files.writeString(dir.resolve("wrong"), "guess");
        CliRun bad = CliRun.of("sql", "--url", url, "--token-file", wrong.toString(), "-e", "SELECT 1");
        assertTrue(bad.exit() != 0 && bad.err().contains("UNAUTHENTICATED"), bad.err());
        assertEquals("", bad.out());
    }

    @Test
    void targetOptionsAreCheckedAndDocumented() {
        CliRun both = CliRun.of("sql", "--url", url, "--dir", dir.toString(), "-e", "SELECT 1");
        assertEquals(2, both.exit(), both.err());
        assertTrue(both.err().contains("mutually exclusive"), both.err());
        CliRun notANode = CliRun.of("sql", "--url", dir.toString(), "-e", "SELECT 1");
        assertTrue(notANode.exit() != 0 && notANode.err().contains("grpc://HOST:PORT"), notANode.err());
        CliRun tokenForADir = CliRun.of("sql", "--dir", dir.resolve("served").toString(), "--token-file", tokenFile.toString(),
                "-e", "SELECT 1");
        assertTrue(tokenForADir.exit() != 0 && tokenForADir.err().contains("--token-file"), tokenForADir.err());
        for (String command : new String[] {"sql", "shell"}) {
            CliRun help = CliRun.of(command, "--help");
            assertTrue(help.out().contains("--url=URL") && help.out().contains("--token-file=FILE")
                    && help.out().contains("grpc://HOST:PORT"), help.out());
        }
    }

    @Test
    void shellRunsOnTheNodesCatalog() throws Exception {
        ShellCommand.Run shell = new ShellCommand.Run();
        new CommandLine(shell).parseArgs("--url", url, "--token-file", tokenFile.toString());
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        shell.in = new ByteArrayInputStream("!tables\nSELECT o_custkey, o_total FROM orders;\n!quit\n".getBytes(StandardCharsets.UTF_8));
        shell.out = console;
        assertEquals(0, shell.call());
        String text = console.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("all_types") && text.contains("orders"), text);
        assertTrue(text.matches("(?s).*\\|\\s*7\\s*\\|\\s*19\\.99\\s*\\|.*"), text);
    }
}
