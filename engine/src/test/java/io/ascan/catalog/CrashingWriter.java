package io.ascan.catalog;

import io.ascan.format.WriteOptions;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A writer process that dies at a given step: {@code main(catalog, table, generation, haltAt)}
 * ({@code sliceRows} a fifth) replaces (or creates) the table with {@link VersionedTables}' generation and halts the JVM, as
 * a kill would (no shutdown hooks, no cleanup), just before step {@code haltAt} (1-based). It
 * exits with 0 when the write finished before that step, printing the number of steps it took.
 */
public final class CrashingWriter {
    static final int HALTED = 86;

    private CrashingWriter() {}

    public static void main(String[] args) throws Exception {
        Path catalog = Path.of(args[0]);
        int generation = Integer.parseInt(args[2]);
        int haltAt = Integer.parseInt(args[3]);
        AtomicInteger steps = new AtomicInteger();
        WriteOptions options = WriteOptions.DEFAULTS.withReplace(true).withSteps(step -> {
            if (steps.incrementAndGet() == haltAt) {
                System.out.println("halt before step " + haltAt + ": " + step);
                System.out.flush();
                Runtime.getRuntime().halt(HALTED);
            }
        });
        VersionedTables.write(catalog, args[1], generation, options.withMaxSliceRows(Integer.parseInt(args[4])));
        System.out.println("steps " + steps.get());
    }
}
