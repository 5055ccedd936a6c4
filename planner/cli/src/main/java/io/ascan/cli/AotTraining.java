package io.ascan.cli;

import io.ascan.gen.TpchGenerator;
import io.ascan.planner.BenchmarkQueries;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * The training run of the launcher's JDK AOT cache ({@code -XX:AOTCacheOutput}, docs/performance.md):
 * runs what a first {@code ascan sql} does (picocli, catalog open, Calcite parse, validate, convert
 * and optimise, Janino, a scan) on a tiny SSB catalog, so that the classes those steps load, and
 * their method profiles, are in the cache that later launches map instead of loading again.
 */
public final class AotTraining {
    private AotTraining() {}

    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("ascan-aot-training");
        try {
            run("gen", "ssb", "--sf", Double.toString(TpchGenerator.MIN_SCALE_FACTOR), "--threads", "1",
                    "--dir", dir.toString());
            run("sql", "--dir", dir.toString(), "-e", "SELECT 1");
            for (String q : BenchmarkQueries.names("ssb")) {
                run("sql", "--dir", dir.toString(), "-e", BenchmarkQueries.text("ssb", q));
            }
            run("sql", "--dir", dir.toString(), "--format", "csv", "-e", "SELECT 1");
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** Runs one command in this JVM with its output discarded; a failure fails the training run. */
    private static void run(String... args) {
        CommandLine cmd = Main.commandLine();
        PrintWriter err = new PrintWriter(System.err, true);
        cmd.setOut(new PrintWriter(Writer.nullWriter()));
        cmd.setErr(err);
        int exit = cmd.execute(args);
        if (exit != 0) throw new IllegalStateException("AOT training: ascan " + String.join(" ", args) + " exited " + exit);
    }
}
