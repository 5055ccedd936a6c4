package io.ascan.storage.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.ascan.testing.AllTypesTable;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pyarrow recipe of docs/storage-node.md, run for real: the script {@code
 * docs/storage-node-pyarrow.py} reads a table of a node on loopback (with a bearer token) in
 * parallel through GetFlightInfo's endpoints, counts its rows and sums a column; both are compared
 * with values computed from the fixture's definition. Skipped, with the reason, where no python3 with
 * pyarrow is found ({@code ./ascan test} installs one, or {@code pip install pyarrow}).
 */
class PyarrowRecipeTest {
    private static final Path SCRIPT = Path.of("..", "docs", "storage-node-pyarrow.py");
    /** The python3 with pyarrow that {@code ./ascan test} found or installed; the PATH's otherwise. */
    private static final String PYTHON = System.getProperty("ascan.python", "").isBlank() ? "python3" : System.getProperty("ascan.python");
    private static final int ROWS = 3000;
    private static final int SLICE_ROWS = 100;

    /** Runs {@code command}; its exit code and output (stdout and stderr), or null when it cannot start. */
    private static Run run(List<String> command) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return new Run(-1, out + "(killed after 5 minutes)");
            }
            return new Run(p.exitValue(), out);
        } catch (IOException e) {
            return null;
        }
    }

    private record Run(int exit, String out) {}

    @Test
    void pyarrowReadsATableInParallel(@TempDir Path scratch) throws Exception {
        Run probe = run(List.of(PYTHON, "-c", "import pyarrow.flight"));
        assumeTrue(probe != null && probe.exit() == 0,
                PYTHON + " with pyarrow is not installed (pip install pyarrow; `./ascan test` installs it): the pyarrow recipe is not run");
        Path served = scratch.resolve("served");
        AllTypesTable.write(served, ROWS, SLICE_ROWS);
        Path token = Files.writeString(scratch.resolve("token"), "py-s3cret\n");
        long sumI = 0;
        BigDecimal sumM = BigDecimal.ZERO.setScale(2);
        for (int r = 0; r < ROWS; r++) {
            if (AllTypesTable.expected(1, r) instanceof Integer i) sumI += i;
            if (AllTypesTable.expected(4, r) instanceof BigDecimal m) sumM = sumM.add(m);
        }
        try (StorageNode node = StorageNode.start(StorageNode.Settings.local(served).withToken("py-s3cret"))) {
            String url = "grpc://127.0.0.1:" + node.port();
            assertTrue(ROWS / SLICE_ROWS > NodeProducer.SLICES_PER_ENDPOINT, "several endpoints, read in parallel");
            List<String> base = new ArrayList<>(List.of(PYTHON, SCRIPT.toString(), url, "all_types"));
            Run ints = run(concat(base, "i", token.toString()));
            assertEquals(0, ints.exit(), ints.out());
            assertEquals(ROWS + "\n" + sumI + "\n", ints.out());
            Run decimals = run(concat(base, "m", token.toString()));
            assertEquals(0, decimals.exit(), decimals.out());
            assertEquals(ROWS + "\n" + sumM.toPlainString() + "\n", decimals.out());
            Run noToken = run(concat(base, "i"));
            assertTrue(noToken.exit() != 0 && noToken.out().contains("nauthenticated"), noToken.out());
            assertEquals(0, node.allocatedBytes());
        }
    }

    private static List<String> concat(List<String> base, String... more) {
        List<String> all = new ArrayList<>(base);
        all.addAll(List.of(more));
        return all;
    }
}
