package io.ascan.e2e.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Queries and prepared statements across replaces of their table, and queries on a damaged table. */
class SnapshotReadsTest {
    @TempDir Path dir;

    @Test
    void aPreparedStatementAnswersFromTheTableAsItIsNow() throws Exception {
        Generations.write(dir, 1, false);
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + dir);
             PreparedStatement p = c.prepareStatement(Generations.QUERY);
             PreparedStatement filtered = c.prepareStatement("SELECT COUNT(*) FROM t WHERE v >= ?")) {
            try (ResultSet rs = p.executeQuery()) {
                assertEquals(1, Generations.check(rs));
            }
            filtered.setLong(1, 1_000_000L + 1000);
            try (ResultSet rs = filtered.executeQuery()) {
                rs.next();
                assertEquals(Generations.rows(1) - 1000, rs.getLong(1));
            }
            for (int g = 2; g <= 4; g++) {
                Generations.write(dir, g, true);
                try (ResultSet rs = p.executeQuery()) {
                    assertEquals(g, Generations.check(rs), "planned before the replace, answered after it");
                }
                filtered.setLong(1, g * 1_000_000L + 1000);
                try (ResultSet rs = filtered.executeQuery()) {
                    rs.next();
                    assertEquals(Generations.rows(g) - 1000, rs.getLong(1));
                }
            }
            // The same text prepared again after a replace is not served a stale cached plan either.
            Generations.write(dir, 5, true);
            try (PreparedStatement again = c.prepareStatement(Generations.QUERY); ResultSet rs = again.executeQuery()) {
                assertEquals(5, Generations.check(rs));
            }
        }
    }

    @Test
    void anOpenResultKeepsReadingTheVersionItStartedOn() throws Exception {
        Generations.write(dir, 1, false);
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + dir + "?mode=direct");
             Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT id, v FROM t")) {
                int read = 0;
                long sum = 0;
                while (rs.next()) {
                    if (read == 10) {
                        Generations.write(dir, 2, true);
                        Generations.write(dir, 3, true);
                    }
                    sum += rs.getLong(2);
                    read++;
                }
                long n = Generations.rows(1);
                assertEquals(n, read);
                assertEquals(1_000_000L * n + n * (n - 1) / 2, sum);
            }
            try (ResultSet rs = s.executeQuery(Generations.QUERY)) {
                assertEquals(3, Generations.check(rs));
            }
        }
        // The versions the result held went with it: one version is left.
        assertEquals(1, Files.list(dir.resolve("t")).filter(p -> p.getFileName().toString().startsWith("v")).count());
    }

    @Test
    void aDamagedTableFailsWithXX001AndItsReasonWhileOthersWork() throws Exception {
        Generations.write(dir, 1, false);
        Path manifest = Catalog.open(dir).table("t").dir().resolve("manifest.json");
        String text = Files.readString(manifest);
        int at = text.indexOf("\"max\" : 1000499");
        assertTrue(at > 0, text);
        Files.writeString(manifest, text.substring(0, at) + "\"max\" : 1000399" + text.substring(at + 15));
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + dir); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("SELECT COUNT(*) FROM t WHERE v > 1000450"));
            assertEquals("XX001", e.getSQLState(), e.toString());
            assertTrue(e.getMessage().contains("table 't'") && e.getMessage().contains("manifest checksum mismatch"), e.getMessage());
            // A table whose manifest is missing is damaged too, not "no such table".
            Path other = Files.createDirectories(dir.resolve("u"));
            Files.writeString(other.resolve("000-a.col"), "orphan column file");
            e = assertThrows(SQLException.class, () -> s.executeQuery("SELECT COUNT(*) FROM u"));
            assertEquals("XX001", e.getSQLState(), e.toString());
            assertTrue(e.getMessage().contains("table 'u'") && e.getMessage().contains("is missing"), e.getMessage());
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM (VALUES (1), (2)) AS x(a)")) {
                rs.next();
                assertEquals(2, rs.getLong(1));
            }
            try (ResultSet rs = c.getMetaData().getTables(null, null, "%", null)) {
                assertTrue(rs.next());
                assertEquals("t", rs.getString("TABLE_NAME"), "a damaged table is listed, not hidden");
                assertTrue(rs.next());
                assertEquals("u", rs.getString("TABLE_NAME"));
            }
            try (ResultSet rs = c.getMetaData().getColumns(null, null, "%", null)) {
                assertTrue(!rs.next(), "it has no readable columns, and listing them does not fail");
            }
        }
    }
}
