package io.ascan.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.codegen.rt.SqlException;
import io.ascan.exec.QueryException;
import io.ascan.exec.SqlStates;
import io.ascan.format.StorageException;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every failure reaches JDBC as an SQLException of its SQLSTATE class, Errors included; the connection stays usable. */
class JdbcErrorsTest {
    @TempDir static Path dir;
    ScriptedExecutor executor;
    Connection conn;

    @BeforeAll
    static void catalog() throws Exception {
        JdbcFixtures.catalog(dir);
    }

    @BeforeEach
    void open() throws SQLException {
        executor = new ScriptedExecutor();
        conn = executor.driver().connect("jdbc:ascan:" + dir + "?io=portable", new Properties());
    }

    @AfterEach
    void close() throws SQLException {
        conn.close();
        executor.close();
    }

    @Test
    void errorsFromTheEngineBecomeSqlExceptionsWithTheirCause() throws SQLException {
        try (Statement s = conn.createStatement()) {
            for (Error e : List.of(new StackOverflowError(), new AssertionError("broken invariant"), new OutOfMemoryError("heap"))) {
                executor.rows = p -> {
                    throw e;
                };
                SQLException x = assertThrows(SQLException.class, () -> s.executeQuery("SELECT i FROM all_types"));
                assertSame(e, rootCause(x), x.toString());
                String expected = e instanceof StackOverflowError ? "54001" : e instanceof OutOfMemoryError ? "53200" : "XX000";
                assertEquals(expected, x.getSQLState(), x.getMessage());
                if (e instanceof StackOverflowError) assertTrue(x.getMessage().contains("expression too deep"), x.getMessage());
                if (e instanceof AssertionError) assertTrue(x.getMessage().contains("broken invariant"), x.getMessage());
            }
            executor.rows = p -> List.<Object[]>of(new Object[] {7});
            try (ResultSet rs = s.executeQuery("SELECT i FROM all_types")) {
                assertTrue(rs.next());
                assertEquals(7, rs.getInt(1));
            }
        }
    }

    @Test
    void engineFailuresKeepTheirClass() throws SQLException {
        try (Statement s = conn.createStatement()) {
            executor.rows = p -> {
                throw SqlException.divisionByZero("i / 0");
            };
            SQLException x = assertThrows(SQLDataException.class, () -> s.executeQuery("SELECT i FROM all_types"));
            assertEquals("22012", x.getSQLState());
        }
    }

    /** The engine's own timer may notice a timeout before the driver's: still an SQLTimeoutException (it was HY000). */
    @Test
    void aTimeoutNoticedByTheEngineFirstIsATimeout() {
        StatementExecution query = StatementExecution.start(0);
        SQLException x = SqlErrors.execution(new QueryException("query timed out after 1000 ms", SqlStates.TIMEOUT, null), query);
        assertInstanceOf(SQLTimeoutException.class, x);
        assertEquals("HYT00", x.getSQLState());
        SQLException cancelled = SqlErrors.execution(new QueryException("query was cancelled", SqlStates.CANCELLED, null), query);
        assertEquals("57014", cancelled.getSQLState());
    }

    @Test
    void storageFailuresAreCorruptionOrIo() {
        QueryException corrupt = new QueryException("x", new StorageException("t", "c", 0, "CRC32C 1 does not match 2"));
        assertEquals("XX001", SqlErrors.execution(corrupt, null).getSQLState());
        QueryException io = new QueryException("x", new StorageException("t", "c", 0, "cannot load segment", new IOException("EIO")));
        assertEquals("58030", SqlErrors.execution(io, null).getSQLState());
    }

    private static Throwable rootCause(Throwable t) {
        while (t.getCause() != null) t = t.getCause();
        return t;
    }
}
