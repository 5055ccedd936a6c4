package io.ascan.e2e.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reader threads query a table through JDBC (plain and prepared statements, several scan modes)
 * while a writer replaces it again and again, in this process or in another one through the
 * CLI's {@code import --replace}. Every answer is checked against the generation it came from
 * ({@link Generations#check}); there must be no error and no wrong answer. Each variant runs for
 * {@code -Dascan.race.seconds} (default 5) and until the readers saw several versions.
 */
class ReadersRacingWriterTest {
    private static final long SECONDS = Long.getLong("ascan.race.seconds", 5);
    private static final long PAUSE_MILLIS = 150;
    /** Queries at least, whatever the time (the first ones plan and compile while the machine warms up). */
    private static final long MIN_QUERIES = 300;
    private static final List<String> MODES = List.of("adaptive", "direct", "staging", "pushdown");

    @TempDir Path dir;

    @Test
    void writerInThisProcess() throws Exception {
        Generations.write(dir, 1, false);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong replaces = new AtomicLong();
        ConcurrentLinkedQueue<Throwable> writerErrors = new ConcurrentLinkedQueue<>();
        Thread writer = new Thread(() -> {
            try {
                for (int g = 2; !stop.get(); g++) {
                    Generations.write(dir, g, true);
                    replaces.incrementAndGet();
                    Thread.sleep(PAUSE_MILLIS); // pacing, so that readers also run whole queries between replaces
                }
            } catch (Throwable t) {
                writerErrors.add(t);
            }
        }, "replacing-writer");
        writer.start();
        Race race;
        try {
            race = readWhileReplaced(replaces::get);
        } finally {
            stop.set(true);
            writer.join();
        }
        report("in-process writer", race, replaces.get());
        assertEquals(List.of(), List.copyOf(writerErrors));
        race.assertClean();
    }

    @Test
    void writerInAnotherProcessThroughTheCli() throws Exception {
        Generations.write(dir, 1, false);
        Path stop = dir.resolve("stop"), csvs = Files.createDirectories(dir.resolve("csv"));
        Path catalog = Files.createDirectories(dir.resolve("catalog"));
        Generations.write(catalog, 1, false);
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(java, "-Xmx512m", "--enable-native-access=ALL-UNNAMED",
                "--add-opens=java.base/java.nio=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
                "-cp", System.getProperty("java.class.path"), ReplacingImporter.class.getName(),
                catalog.toString(), csvs.toString(), stop.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        Race race;
        long imports;
        try {
            race = readWhileReplaced(catalog, () -> child.isAlive() ? Long.MAX_VALUE : -1);
        } finally {
            Files.writeString(stop, "");
            if (!child.waitFor(120, TimeUnit.SECONDS)) child.destroyForcibly();
        }
        String log = Files.readString(dir.resolve("child.log"), StandardCharsets.UTF_8);
        assertEquals(0, child.exitValue(), log);
        imports = Long.parseLong(log.lines().filter(l -> l.startsWith("imports ")).findFirst().orElseThrow().substring(8).trim());
        report("CLI writer in another process", race, imports);
        race.assertClean();
    }

    private interface Progress {
        long replaces();
    }

    /** What the readers saw. */
    private record Race(long queries, long errors, long wrong, Set<Integer> generations, List<String> failures) {
        void assertClean() {
            assertEquals(List.of(), failures.subList(0, Math.min(5, failures.size())), errors + " errors, " + wrong + " wrong answers");
            assertTrue(generations.size() >= 3, "the readers saw generations " + generations);
        }
    }

    private static void report(String what, Race race, long replaces) {
        System.out.printf("ReadersRacingWriterTest (%s, %d s): %d queries, %d replaces, %d errors, %d wrong answers, "
                + "%d generations seen%n", what, SECONDS, race.queries, replaces, race.errors, race.wrong, race.generations.size());
    }

    private Race readWhileReplaced(Progress writer) throws Exception {
        return readWhileReplaced(dir, writer);
    }

    /**
     * Runs one reader per scan mode until the time is up, they saw at least three generations and
     * ran {@link #MIN_QUERIES} queries (at most 5 minutes more).
     */
    private static Race readWhileReplaced(Path catalog, Progress writer) throws Exception {
        AtomicLong queries = new AtomicLong(), errors = new AtomicLong(), wrong = new AtomicLong();
        Set<Integer> seen = ConcurrentHashMap.newKeySet();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
        long giveUp = end + TimeUnit.MINUTES.toNanos(5);
        List<Thread> readers = new ArrayList<>();
        for (String mode : MODES) {
            Thread t = new Thread(() -> {
                try (Connection c = DriverManager.getConnection("jdbc:ascan:" + catalog + "?mode=" + mode);
                     Statement s = c.createStatement();
                     PreparedStatement p = c.prepareStatement(Generations.QUERY)) {
                    for (long i = 0; ; i++) {
                        long now = System.nanoTime();
                        boolean enough = now > end && seen.size() >= 3 && queries.get() >= MIN_QUERIES;
                        if (now > giveUp || enough || writer.replaces() < 0) break;
                        try (ResultSet rs = i % 2 == 0 ? s.executeQuery(Generations.QUERY) : p.executeQuery()) {
                            seen.add(Generations.check(rs));
                        } catch (AssertionError e) {
                            wrong.incrementAndGet();
                            failures.add(mode + ": " + e.getMessage());
                        } catch (Exception e) {
                            errors.incrementAndGet();
                            failures.add(mode + ": " + e);
                        }
                        queries.incrementAndGet();
                    }
                } catch (Exception e) {
                    errors.incrementAndGet();
                    failures.add(mode + ": " + e);
                }
            }, "reader-" + mode);
            t.start();
            readers.add(t);
        }
        for (Thread t : readers) t.join();
        return new Race(queries.get(), errors.get(), wrong.get(), Set.copyOf(seen), List.copyOf(failures));
    }
}
