package io.ascan.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DatabaseMetaData over a real catalog written with TableWriter. */
class JdbcDatabaseMetaDataTest {
    @TempDir static Path dir;
    static Connection conn;
    static DatabaseMetaData md;

    @BeforeAll
    static void open() throws Exception {
        JdbcFixtures.catalog(dir);
        conn = DriverManager.getConnection("jdbc:ascan:" + dir);
        md = conn.getMetaData();
    }

    @AfterAll
    static void close() throws SQLException {
        conn.close();
    }

    static List<String> column(ResultSet rs, String name) throws SQLException {
        List<String> out = new ArrayList<>();
        try (rs) {
            while (rs.next()) out.add(rs.getString(name));
        }
        return out;
    }

    @Test
    void tables() throws SQLException {
        assertEquals(List.of("all_types", "orders"), column(md.getTables(null, null, "%", null), "TABLE_NAME"));
        assertEquals(List.of("orders"), column(md.getTables(null, "ascan", "ord_rs", new String[] {"TABLE"}), "TABLE_NAME"));
        assertEquals(List.of(), column(md.getTables(null, null, "%", new String[] {"VIEW"}), "TABLE_NAME"));
        assertEquals(List.of(), column(md.getTables(null, "other", "%", null), "TABLE_NAME"));
        try (ResultSet rs = md.getTables(null, null, "orders", null)) {
            assertTrue(rs.next());
            assertEquals("ascan", rs.getString("TABLE_SCHEM"));
            assertEquals("TABLE", rs.getString("TABLE_TYPE"));
            assertEquals(null, rs.getString("TABLE_CAT"));
            assertEquals(10, rs.getMetaData().getColumnCount());
        }
    }

    @Test
    void columns() throws SQLException {
        assertEquals(List.of("b", "i", "l", "d", "m", "dt", "ts", "s"), column(md.getColumns(null, null, "all_types", null), "COLUMN_NAME"));
        try (ResultSet rs = md.getColumns(null, "ascan", "orders", "o\\_total")) {
            assertEquals(24, rs.getMetaData().getColumnCount());
            assertTrue(rs.next());
            assertEquals("orders", rs.getString("TABLE_NAME"));
            assertEquals(Types.DECIMAL, rs.getInt("DATA_TYPE"));
            assertEquals("DECIMAL", rs.getString("TYPE_NAME"));
            assertEquals(15, rs.getInt("COLUMN_SIZE"));
            assertEquals(2, rs.getInt("DECIMAL_DIGITS"));
            assertEquals(10, rs.getInt("NUM_PREC_RADIX"));
            assertEquals(DatabaseMetaData.columnNullable, rs.getInt("NULLABLE"));
            assertEquals("YES", rs.getString("IS_NULLABLE"));
            assertEquals(3, rs.getInt("ORDINAL_POSITION"));
            assertFalse(rs.next());
        }
        List<String> types = column(md.getColumns(null, null, "all_types", "%"), "TYPE_NAME");
        assertEquals(List.of("BOOLEAN", "INTEGER", "BIGINT", "DOUBLE", "DECIMAL", "DATE", "TIMESTAMP", "VARCHAR"), types);
    }

    @Test
    void schemasTypesAndTheRest() throws SQLException {
        assertEquals(List.of("ascan"), column(md.getSchemas(), "TABLE_SCHEM"));
        assertEquals(List.of(), column(md.getCatalogs(), "TABLE_CAT"));
        assertEquals(List.of("TABLE"), column(md.getTableTypes(), "TABLE_TYPE"));
        List<String> typeNames = column(md.getTypeInfo(), "TYPE_NAME");
        assertEquals(List.of("BIGINT", "DECIMAL", "INTEGER", "DOUBLE", "VARCHAR", "BOOLEAN", "DATE", "TIMESTAMP"), typeNames);
        try (ResultSet rs = md.getTypeInfo()) {
            int last = Integer.MIN_VALUE;
            while (rs.next()) {
                assertTrue(rs.getInt("DATA_TYPE") >= last, "ordered by DATA_TYPE");
                last = rs.getInt("DATA_TYPE");
            }
        }
        assertEquals(List.of(), column(md.getPrimaryKeys(null, null, "orders"), "COLUMN_NAME"));
        assertEquals(List.of(), column(md.getImportedKeys(null, null, "orders"), "FKCOLUMN_NAME"));
        assertEquals(List.of(), column(md.getIndexInfo(null, null, "orders", false, true), "INDEX_NAME"));
        assertEquals("ascan", md.getDatabaseProductName());
        assertTrue(md.storesLowerCaseIdentifiers());
        assertEquals("\"", md.getIdentifierQuoteString());
        assertEquals("jdbc:ascan:" + dir, md.getURL());
    }
}
