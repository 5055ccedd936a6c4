package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** {@code --help} of every command the launcher offers, each in its own launcher JVM. */
class LauncherHelpTest {
    /**
     * Every command, by group ("" is the launcher itself). A new command fails this test until it
     * is listed here, and it belongs in {@link LauncherCatalogTest} or {@link LauncherExchangeTest} too.
     */
    private static final Map<String, Set<String>> COMMANDS = Map.of(
            "", Set.of("bench", "export", "gen", "import", "quickstart", "scan", "shell", "sql", "storage-node", "tables"),
            "gen", Set.of("ssb", "taxi", "tpch"),
            "bench", Set.of("ascan", "cscan", "duckdb", "hybrid", "io", "pushback", "remote"));

    @Test
    void everyCommandPrintsItsUsageAndExitsZero() throws Exception {
        List<String> paths = new ArrayList<>();
        for (var group : COMMANDS.entrySet()) {
            paths.add(group.getKey());
            for (String c : group.getValue()) {
                String path = (group.getKey().isEmpty() ? "" : group.getKey() + " ") + c;
                if (!COMMANDS.containsKey(path)) paths.add(path);
            }
        }
        // JVM start-up dominates: run a few at once
        Map<String, Future<Launcher.Child>> runs = new LinkedHashMap<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()))) {
            for (String path : paths) {
                List<String> args = new ArrayList<>(path.isEmpty() ? List.of() : List.of(path.split(" ")));
                args.add("--help");
                runs.put(path, pool.submit(() -> Launcher.run(args.toArray(String[]::new))));
            }
        }
        for (var run : runs.entrySet()) {
            String path = run.getKey();
            Launcher.Child help = run.getValue().get().ok();
            String usage = "Usage: ascan" + (path.isEmpty() ? "" : " " + path) + " ";
            assertTrue(help.out().startsWith(usage), help.toString());
            assertTrue(help.out().contains("-h, --help"), help.toString());
            assertEquals("", help.err(), help.toString());
            assertFalse(help.out().contains("DESIGN.md"), "help cites a file the repository does not have:\n" + help);
            if (COMMANDS.containsKey(path)) assertEquals(COMMANDS.get(path), commandsListed(help.out()), help.toString());
        }
    }

    /** The names under "Commands:" in picocli's usage (continuation lines are indented further). */
    static Set<String> commandsListed(String usage) {
        Set<String> names = new TreeSet<>();
        boolean inList = false;
        for (String line : usage.lines().toList()) {
            if (line.equals("Commands:")) {
                inList = true;
            } else if (inList && line.isBlank()) {
                break;
            } else if (inList && line.startsWith("  ") && !line.startsWith("   ")) {
                names.add(line.strip().split("\\s+")[0]);
            }
        }
        return names;
    }
}
