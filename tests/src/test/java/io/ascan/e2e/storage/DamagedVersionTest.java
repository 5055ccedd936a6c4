package io.ascan.e2e.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.format.TableVersions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A current version whose lock file is gone (removed by hand, or lost with a damaged disk) can
 * never be pinned: a query on it ends with an error naming the table, rather than planning again
 * for ever in the belief that a writer just replaced the version.
 */
class DamagedVersionTest {
    @TempDir Path dir;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES) // a guard against the hang this test is about, not a timing claim
    void aCurrentVersionWithoutItsLockFileIsAnErrorNamingTheTable() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + dir); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE t (k BIGINT)");
            s.executeUpdate("INSERT INTO t VALUES (1), (2)");
            String version = Catalog.open(dir).currentVersion("t");
            Files.delete(dir.resolve("t").resolve(version).resolve(TableVersions.LOCK));

            SQLException e = assertThrows(SQLException.class, () -> {
                try (ResultSet rs = s.executeQuery("SELECT SUM(k) FROM t")) {
                    rs.next();
                }
            });
            assertTrue(e.getMessage().contains("'t'") && e.getMessage().contains(TableVersions.LOCK), e.getMessage());
            assertEquals("XX001", e.getSQLState(), e.getMessage());
        }
    }
}
