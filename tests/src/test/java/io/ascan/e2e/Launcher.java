package io.ascan.e2e;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs an {@code ascan} command in a child JVM on exactly the classpath the {@code ./ascan}
 * launcher uses ({@code planner/cli/target/classes} and {@code planner/cli/target/launcher.classpath},
 * which the cli module's build writes), with the launcher's JVM flags. A library version
 * that only the launcher resolves (commons-io 2.15.0 under commons-csv 1.14.1 once made every CSV
 * import fail with NoSuchMethodError) fails here, while the test classpath would hide it.
 */
final class Launcher {
    private static final Path CLI_TARGET = Path.of("..", "planner", "cli", "target");
    private static final long TIMEOUT_MINUTES = 3;
    private static String classpath;

    private Launcher() {}

    /** What a command did: its exit code, standard output and standard error. */
    record Child(List<String> args, int exit, String out, String err) {
        /** Asserts a zero exit and returns this. */
        Child ok() {
            if (exit != 0) throw new AssertionError("exit " + exit + "\n" + this);
            return this;
        }

        @Override
        public String toString() {
            return "ascan " + String.join(" ", args) + "\n--- stdout:\n" + out + "\n--- stderr:\n" + err;
        }
    }

    /** Runs {@code ascan args...} with an empty standard input. */
    static Child run(String... args) {
        return runWithInput("", args);
    }

    /** Runs {@code ascan args...} with {@code input} piped into its standard input. */
    static Child runWithInput(String input, String... args) {
        return runWith(List.of(), classpath(), input, args);
    }

    /** Runs {@code ascan args...} in a JVM with {@code jvmOptions} too, on {@code classpath}. */
    static Child runWith(List<String> jvmOptions, String classpath, String input, String... args) {
        List<String> command = new ArrayList<>(List.of(java(),
                "--enable-native-access=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classpath, "io.ascan.cli.Main"));
        command.addAll(List.of(args));
        Path errFile = null;
        try {
            // stderr goes to a file so that neither pipe can fill up while the other is read
            errFile = Files.createTempFile("ascan-launcher-", ".err");
            Process p = new ProcessBuilder(command).redirectError(errFile.toFile()).start();
            try (OutputStream stdin = p.getOutputStream()) {
                stdin.write(input.getBytes(StandardCharsets.UTF_8));
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                p.destroyForcibly().waitFor();
                throw new AssertionError("ascan " + String.join(" ", args) + " did not finish:\n" + out);
            }
            return new Child(List.of(args), p.exitValue(), out, Files.readString(errFile));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        } finally {
            if (errFile != null) errFile.toFile().delete();
        }
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The cli module's jar and the launcher's classpath: what ./ascan runs with its AOT cache. */
    static String jarClasspath() throws IOException {
        try (var files = Files.list(CLI_TARGET)) {
            Path jar = files.filter(f -> f.getFileName().toString().matches("cli-.*[0-9T]\\.jar")).findFirst()
                    .orElseThrow(() -> new AssertionError("no cli jar in " + CLI_TARGET + ": the cli module's package phase makes it"));
            return jar + File.pathSeparator + Files.readString(CLI_TARGET.resolve("launcher.classpath")).strip();
        }
    }

    /** The JVM options the script adds to keep the JVM quiet about an AOT cache it cannot use. */
    static List<String> aotQuietOptions() throws IOException {
        Matcher m = Pattern.compile("(?m)^AOT_QUIET=\\((.*)\\)$").matcher(Files.readString(Path.of("..", "ascan")));
        if (!m.find()) throw new AssertionError("./ascan no longer defines AOT_QUIET=(...); update Launcher");
        return List.of(m.group(1).strip().split("\\s+"));
    }

    private static synchronized String classpath() {
        if (classpath == null) {
            try {
                // the script must run what these tests run
                String script = Files.readString(Path.of("..", "ascan"));
                if (!script.contains("CLI_TARGET=\"$ROOT/planner/cli/target\"")) {
                    throw new AssertionError("./ascan no longer runs from planner/cli/target; update Launcher");
                }
                classpath = CLI_TARGET.resolve("classes") + File.pathSeparator
                        + Files.readString(CLI_TARGET.resolve("launcher.classpath")).strip();
            } catch (IOException e) {
                throw new UncheckedIOException("the launcher's classpath is written by the cli module's "
                        + "package phase", e);
            }
        }
        return classpath;
    }
}
