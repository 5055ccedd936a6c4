package io.ascan.planner;

import io.ascan.engine.EngineProperties;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/configuration.md documents exactly the settings {@link EngineProperties} accepts. */
class ConfigurationDocTest {
    /** A row of the settings table: "| `name` | meaning | ...". */
    private static final Pattern ROW = Pattern.compile("^\\| `([a-zA-Z.]+)` \\|", Pattern.MULTILINE);

    @Test
    void everySettingIsDocumentedAndNothingElse() throws Exception {
        String doc = Files.readString(Path.of("..", "..", "docs", "configuration.md"));
        Set<String> documented = new TreeSet<>();
        Matcher m = ROW.matcher(doc.substring(doc.indexOf("## Settings")));
        while (m.find()) documented.add(m.group(1));
        assertEquals(new TreeSet<>(EngineProperties.NAMES.keySet()), documented);
    }
}
