package io.ascan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** The launcher builds only the commands a run names (a cold start pays for each command's model). */
class MainTest {
    @Test
    void aNamedCommandGetsOnlyItself() {
        assertEquals(Set.of("sql"), Main.commandLine("sql").getSubcommands().keySet());
        assertEquals(Set.of("gen"), Main.commandLine("gen").getSubcommands().keySet());
        assertEquals(Set.of("ssb", "taxi", "tpch"),
                Main.commandLine("gen").getSubcommands().get("gen").getSubcommands().keySet());
    }

    @Test
    void optionsUnknownNamesAndCommandsThatRunOthersGetEveryCommand() {
        Set<String> all = Main.commandLine().getSubcommands().keySet();
        assertTrue(all.containsAll(Set.of("sql", "gen", "bench", "quickstart", "import")), all.toString());
        for (String first : new String[] {null, "--help", "nosuch", "quickstart", "bench"}) {
            assertEquals(all, Main.commandLine(first).getSubcommands().keySet(), String.valueOf(first));
        }
    }
}
