package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.testing.AllTypesTable;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Expressions far larger than a hand-written query (the cases): IN lists of 20,000
 * literals of each type, a CASE of 2,000 branches, 3,000 ORed terms, 3,000 nested parentheses.
 * They plan, compile and give the answer {@link AllTypesTable#expected} computes independently,
 * NULLs included (x IN (...) is NULL for a NULL x, and for a non-member when the list holds NULL).
 */
class LargeExpressionsTest {
    static final int ROWS = 5000;
    static final int LITERALS = 20_000;
    @TempDir static Path scratch;
    static Connection conn;

    @BeforeAll
    static void data() throws Exception {
        Path db = scratch.resolve("db");
        AllTypesTable.write(db, ROWS, 1000);
        conn = DriverManager.getConnection("jdbc:ascan:" + db);
    }

    @AfterAll
    static void close() throws SQLException {
        conn.close();
    }

    /** Column index in AllTypesTable, name, a literal of a row's value, and a literal no row holds. */
    record Column(int index, String name, IntFunction<String> present, IntFunction<String> absent) {}

    static Column column(String name) {
        return switch (name) {
            case "i" -> new Column(1, "i", r -> String.valueOf(r * 31 - 5000), k -> String.valueOf(k * 31 - 4999));
            case "l" -> new Column(2, "l", r -> String.valueOf((long) r * 1_000_000_007L), k -> String.valueOf((long) k * 1_000_000_007L + 1));
            case "m" -> new Column(4, "m", r -> BigDecimal.valueOf(r * 101L - 777, 2).toPlainString(),
                    k -> BigDecimal.valueOf(k * 101L - 776, 2).toPlainString());
            // low, not high: Calcite refuses literals outside ISO-8859-1 such as high's '✓' (a separate problem).
            case "low" -> new Column(7, "low", r -> "'" + AllTypesTable.expected(7, r) + "'", k -> "'cat-" + k + " absent'");
            case "dt" -> new Column(5, "dt", r -> "DATE '" + LocalDate.of(1992, 1, 1).plusDays(r) + "'",
                    k -> "DATE '" + LocalDate.of(1900, 1, 1).plusDays(k) + "'");
            default -> throw new AssertionError(name);
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"i", "l", "m", "low", "dt"})
    void inListsOf20000Literals(String name) throws SQLException {
        Column c = column(name);
        Random random = new Random(name.hashCode());
        // Half the literals are values of random rows (some of them NULL in the table), half no row's value.
        Set<Integer> members = new HashSet<>();
        List<String> literals = new ArrayList<>();
        for (int k = 0; k < LITERALS; k++) {
            if (k % 2 == 0) {
                int r = random.nextInt(ROWS);
                if (name.equals("low")) r -= r % 5; // low has 10 values: only those of rows r % 5 == 0 are members
                members.add(r);
                literals.add(c.present().apply(r));
            } else {
                literals.add(c.absent().apply(random.nextInt(ROWS * 4)));
            }
        }
        Set<Object> values = new HashSet<>();
        for (int m : members) if (AllTypesTable.expected(c.index(), m) != null) values.add(AllTypesTable.expected(c.index(), m));
        long in = 0, notIn = 0, unknown = 0;
        for (int r = 0; r < ROWS; r++) {
            Object v = AllTypesTable.expected(c.index(), r);
            if (v == null) unknown++;
            else if (values.contains(v)) in++;
            else notIn++;
        }
        assertTrue(in > 0 && notIn > 0 && unknown > 0, in + " " + notIn + " " + unknown);
        String list = String.join(", ", literals);

        // Each statement parses and plans 20,000 literals (seconds in Calcite): two statements per type.
        assertEquals(Map.of("true", in, "false", notIn, "null", unknown),
                groups("SELECT x, x IS NULL FROM (SELECT " + name + " IN (" + list + ") AS x FROM all_types)"));
        // A filter; with a NULL in the list a non-member is NULL, so only members are kept.
        assertEquals(in, count("SELECT COUNT(*) FROM all_types WHERE " + name + " IN (" + list + ", NULL)"));
    }

    /** Counts of TRUE members, FALSE non-members and NULL, from two boolean columns per row. */
    private static Map<String, Long> groups(String sql) throws SQLException {
        Map<String, Long> out = new HashMap<>(Map.of("true", 0L, "false", 0L, "null", 0L));
        try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                boolean member = rs.getBoolean(1), isNull = rs.getBoolean(2);
                out.merge(isNull ? "null" : member ? "true" : "false", 1L, Long::sum);
            }
        }
        return out;
    }

    @Test
    void caseOf2000Branches() throws SQLException {
        String branches = IntStream.range(0, 2000).mapToObj(k -> "WHEN i = " + (k * 2 * 31 - 5000) + " THEN " + k)
                .collect(Collectors.joining(" "));
        long expected = 0;
        for (int r = 0; r < ROWS; r++) {
            Integer v = (Integer) AllTypesTable.expected(1, r);
            expected += v == null || r % 2 != 0 || r / 2 >= 2000 ? -1 : r / 2;
        }
        assertEquals(expected, count("SELECT SUM(CASE " + branches + " ELSE -1 END) FROM all_types"));
    }

    @Test
    void orOf3000Terms() throws SQLException {
        String terms = IntStream.range(0, 3000).mapToObj(k -> "i = " + (k * 31 - 5000)).collect(Collectors.joining(" OR "));
        assertEquals(rows(r -> r < 3000 && AllTypesTable.expected(1, r) != null), count("SELECT COUNT(*) FROM all_types WHERE " + terms));
    }

    /** Terms Calcite cannot merge into one range set: generated code that must be split into methods. */
    @Test
    void orOf400TermsOnDifferentExpressions() throws SQLException {
        String terms = IntStream.range(0, 400).mapToObj(k -> "i + " + k + " = " + (k * 31 - 5000 + k)).collect(Collectors.joining(" OR "));
        assertEquals(rows(r -> r < 400 && AllTypesTable.expected(1, r) != null), count("SELECT COUNT(*) FROM all_types WHERE " + terms));
    }

    @Test
    void nested3000Parentheses() throws SQLException {
        String deep = "(".repeat(3000) + "i >= 0" + ")".repeat(3000);
        assertEquals(rows(r -> AllTypesTable.expected(1, r) instanceof Integer v && v >= 0),
                count("SELECT COUNT(*) FROM all_types WHERE " + deep));
    }

    private static long rows(java.util.function.IntPredicate p) {
        return IntStream.range(0, ROWS).filter(p).count();
    }

    private static long count(String sql) throws SQLException {
        try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }
}
