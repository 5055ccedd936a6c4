package io.ascan.e2e.sqllogic;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The functions DatabaseMetaData advertises are the ones the engine runs: each name has a query
 * in {@code sqllogic/functions/advertised.test}, which SqlLogicTest compares with DuckDB.
 */
class AdvertisedFunctionsTest {
    private static final String FILE = "sqllogic/functions/advertised.test";

    @Test
    void everyAdvertisedFunctionIsExercised(@TempDir Path catalog) throws Exception {
        String text = Files.readString(Path.of(AdvertisedFunctionsTest.class.getClassLoader().getResource(FILE).toURI()));
        List<String> queries = new ArrayList<>();
        for (SqlLogicFile.Record r : SqlLogicFile.parse(FILE, text).records()) queries.add(r.sql().toUpperCase(Locale.ROOT));
        List<String> advertised = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + catalog)) {
            DatabaseMetaData m = c.getMetaData();
            for (String list : List.of(m.getNumericFunctions(), m.getStringFunctions(), m.getTimeDateFunctions(), m.getSystemFunctions())) {
                for (String name : list.split(",")) if (!name.isBlank()) advertised.add(name.trim());
            }
        }
        assertTrue(advertised.contains("CHAR_LENGTH"), "CHAR_LENGTH runs: " + advertised);
        for (String name : advertised) {
            // CURRENT_DATE is called without parentheses
            String after = name.equals("CURRENT_DATE") ? "\\b" : "\\s*\\(";
            Pattern call = Pattern.compile("\\b" + Pattern.quote(name.toUpperCase(Locale.ROOT)) + after);
            assertTrue(queries.stream().anyMatch(q -> call.matcher(q).find()), name + " is advertised but no query of " + FILE + " calls it");
        }
    }
}
