package io.ascan.jdbc;

import io.ascan.catalog.Table;
import io.ascan.format.ColumnSpec;
import io.ascan.plan.OutputColumn;
import io.ascan.planner.MaterializedResult;
import io.ascan.planner.QueryPlanner;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.io.IOException;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The result sets of {@link DatabaseMetaData}, with the columns JDBC specifies, read from the
 * catalog: one schema ({@code ascan}), its tables (type TABLE) and their columns, and ascan's
 * types. Listings of things ascan does not have (keys, indexes, procedures...) are empty.
 */
final class MetadataResults {
    static final String CATALOGS = "TABLE_CAT";
    static final String SCHEMAS = "TABLE_SCHEM,TABLE_CATALOG";
    static final String TABLE_TYPES = "TABLE_TYPE";
    static final String TABLES = "TABLE_CAT,TABLE_SCHEM,TABLE_NAME,TABLE_TYPE,REMARKS,TYPE_CAT,TYPE_SCHEM,TYPE_NAME,"
            + "SELF_REFERENCING_COL_NAME,REF_GENERATION";
    static final String COLUMNS = "TABLE_CAT,TABLE_SCHEM,TABLE_NAME,COLUMN_NAME,DATA_TYPE:i,TYPE_NAME,COLUMN_SIZE:i,"
            + "BUFFER_LENGTH:i,DECIMAL_DIGITS:i,NUM_PREC_RADIX:i,NULLABLE:i,REMARKS,COLUMN_DEF,SQL_DATA_TYPE:i,"
            + "SQL_DATETIME_SUB:i,CHAR_OCTET_LENGTH:i,ORDINAL_POSITION:i,IS_NULLABLE,SCOPE_CATALOG,SCOPE_SCHEMA,"
            + "SCOPE_TABLE,SOURCE_DATA_TYPE:i,IS_AUTOINCREMENT,IS_GENERATEDCOLUMN";
    static final String TYPE_INFO = "TYPE_NAME,DATA_TYPE:i,PRECISION:i,LITERAL_PREFIX,LITERAL_SUFFIX,CREATE_PARAMS,"
            + "NULLABLE:i,CASE_SENSITIVE:b,SEARCHABLE:i,UNSIGNED_ATTRIBUTE:b,FIXED_PREC_SCALE:b,AUTO_INCREMENT:b,"
            + "LOCAL_TYPE_NAME,MINIMUM_SCALE:i,MAXIMUM_SCALE:i,SQL_DATA_TYPE:i,SQL_DATETIME_SUB:i,NUM_PREC_RADIX:i";
    static final String PROCEDURES = "PROCEDURE_CAT,PROCEDURE_SCHEM,PROCEDURE_NAME,RESERVED1,RESERVED2,RESERVED3,"
            + "REMARKS,PROCEDURE_TYPE:i,SPECIFIC_NAME";
    static final String PROCEDURE_COLUMNS = "PROCEDURE_CAT,PROCEDURE_SCHEM,PROCEDURE_NAME,COLUMN_NAME,COLUMN_TYPE:i,"
            + "DATA_TYPE:i,TYPE_NAME,PRECISION:i,LENGTH:i,SCALE:i,RADIX:i,NULLABLE:i,REMARKS,COLUMN_DEF,SQL_DATA_TYPE:i,"
            + "SQL_DATETIME_SUB:i,CHAR_OCTET_LENGTH:i,ORDINAL_POSITION:i,IS_NULLABLE,SPECIFIC_NAME";
    static final String PRIMARY_KEYS = "TABLE_CAT,TABLE_SCHEM,TABLE_NAME,COLUMN_NAME,KEY_SEQ:i,PK_NAME";
    static final String KEYS = "PKTABLE_CAT,PKTABLE_SCHEM,PKTABLE_NAME,PKCOLUMN_NAME,FKTABLE_CAT,FKTABLE_SCHEM,"
            + "FKTABLE_NAME,FKCOLUMN_NAME,KEY_SEQ:i,UPDATE_RULE:i,DELETE_RULE:i,FK_NAME,PK_NAME,DEFERRABILITY:i";
    static final String INDEX_INFO = "TABLE_CAT,TABLE_SCHEM,TABLE_NAME,NON_UNIQUE:b,INDEX_QUALIFIER,INDEX_NAME,TYPE:i,"
            + "ORDINAL_POSITION:i,COLUMN_NAME,ASC_OR_DESC,CARDINALITY:l,PAGES:l,FILTER_CONDITION";
    static final String FUNCTIONS = "FUNCTION_CAT,FUNCTION_SCHEM,FUNCTION_NAME,REMARKS,FUNCTION_TYPE:i,SPECIFIC_NAME";
    static final String FUNCTION_COLUMNS = "FUNCTION_CAT,FUNCTION_SCHEM,FUNCTION_NAME,COLUMN_NAME,COLUMN_TYPE:i,"
            + "DATA_TYPE:i,TYPE_NAME,PRECISION:i,LENGTH:i,SCALE:i,RADIX:i,NULLABLE:i,REMARKS,CHAR_OCTET_LENGTH:i,"
            + "ORDINAL_POSITION:i,IS_NULLABLE,SPECIFIC_NAME";
    static final String UDTS = "TYPE_CAT,TYPE_SCHEM,TYPE_NAME,CLASS_NAME,DATA_TYPE:i,REMARKS,BASE_TYPE:i";
    static final String SUPER_TYPES = "TYPE_CAT,TYPE_SCHEM,TYPE_NAME,SUPERTYPE_CAT,SUPERTYPE_SCHEM,SUPERTYPE_NAME";
    static final String SUPER_TABLES = "TABLE_CAT,TABLE_SCHEM,TABLE_NAME,SUPERTABLE_NAME";
    static final String ATTRIBUTES = "TYPE_CAT,TYPE_SCHEM,TYPE_NAME,ATTR_NAME,DATA_TYPE:i,ATTR_TYPE_NAME,ATTR_SIZE:i,"
            + "DECIMAL_DIGITS:i,NUM_PREC_RADIX:i,NULLABLE:i,REMARKS,ATTR_DEF,SQL_DATA_TYPE:i,SQL_DATETIME_SUB:i,"
            + "CHAR_OCTET_LENGTH:i,ORDINAL_POSITION:i,IS_NULLABLE,SCOPE_CATALOG,SCOPE_SCHEMA,SCOPE_TABLE,SOURCE_DATA_TYPE:i";
    static final String BEST_ROW_IDENTIFIER = "SCOPE:i,COLUMN_NAME,DATA_TYPE:i,TYPE_NAME,COLUMN_SIZE:i,BUFFER_LENGTH:i,"
            + "DECIMAL_DIGITS:i,PSEUDO_COLUMN:i";
    static final String VERSION_COLUMNS = BEST_ROW_IDENTIFIER;
    static final String COLUMN_PRIVILEGES = "TABLE_CAT,TABLE_SCHEM,TABLE_NAME,COLUMN_NAME,GRANTOR,GRANTEE,PRIVILEGE,IS_GRANTABLE";
    static final String TABLE_PRIVILEGES = "TABLE_CAT,TABLE_SCHEM,TABLE_NAME,GRANTOR,GRANTEE,PRIVILEGE,IS_GRANTABLE";
    static final String PSEUDO_COLUMNS = "TABLE_CAT,TABLE_SCHEM,TABLE_NAME,COLUMN_NAME,DATA_TYPE:i,COLUMN_SIZE:i,"
            + "DECIMAL_DIGITS:i,NUM_PREC_RADIX:i,COLUMN_USAGE,REMARKS,CHAR_OCTET_LENGTH:i,IS_NULLABLE";
    static final String CLIENT_INFO_PROPERTIES = "NAME,MAX_LEN:i,DEFAULT_VALUE,DESCRIPTION";

    /** Every type, in the DATA_TYPE order getTypeInfo must use. */
    private static final List<DataType> TYPES = List.of(DataType.BIGINT, DataType.decimal(DataType.MAX_DECIMAL_PRECISION, 0),
            DataType.INTEGER, DataType.DOUBLE, DataType.VARCHAR, DataType.BOOLEAN, DataType.DATE, DataType.TIMESTAMP);

    private final AscanConnection connection;

    MetadataResults(AscanConnection connection) {
        this.connection = connection;
    }

    /** "NAME,COUNT:i" to columns: VARCHAR unless suffixed :i (INTEGER), :l (BIGINT) or :b (BOOLEAN). */
    static List<OutputColumn> columns(String spec) {
        return Arrays.stream(spec.split(",")).map(c -> {
            int colon = c.indexOf(':');
            if (colon < 0) return new OutputColumn(c, DataType.VARCHAR);
            DataType t = switch (c.charAt(colon + 1)) {
                case 'i' -> DataType.INTEGER;
                case 'l' -> DataType.BIGINT;
                case 'b' -> DataType.BOOLEAN;
                default -> throw new IllegalArgumentException(c);
            };
            return new OutputColumn(c.substring(0, colon), t);
        }).toList();
    }

    ResultSet empty(String spec) throws SQLException {
        return rows(spec, List.of());
    }

    private ResultSet rows(String spec, List<Object[]> rows) throws SQLException {
        connection.checkOpen();
        List<OutputColumn> columns = columns(spec);
        MaterializedResult r = MaterializedResult.of(connection.metadataAllocator(), columns, rows);
        return new AscanResultSet(null, r, null, AscanResultSetMetaData.allNullable(columns), 0, null);
    }

    ResultSet schemas(String catalog, String schemaPattern) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        if (catalogMatches(catalog) && like(schemaPattern, QueryPlanner.SCHEMA)) rows.add(new Object[] {QueryPlanner.SCHEMA, null});
        return rows(SCHEMAS, rows);
    }

    ResultSet tableTypes() throws SQLException {
        return rows(TABLE_TYPES, List.<Object[]>of(new Object[] {"TABLE"}));
    }

    ResultSet tables(String catalog, String schemaPattern, String tablePattern, String[] types) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        boolean tablesWanted = types == null || Arrays.stream(types).anyMatch("TABLE"::equalsIgnoreCase);
        if (tablesWanted && catalogMatches(catalog) && like(schemaPattern, QueryPlanner.SCHEMA)) {
            for (String name : tableNames()) {
                if (like(tablePattern, name)) {
                    rows.add(new Object[] {null, QueryPlanner.SCHEMA, name, "TABLE", "", null, null, null, null, null});
                }
            }
        }
        return rows(TABLES, rows);
    }

    ResultSet columns(String catalog, String schemaPattern, String tablePattern, String columnPattern) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        if (catalogMatches(catalog) && like(schemaPattern, QueryPlanner.SCHEMA)) {
            for (String name : tableNames()) {
                if (!like(tablePattern, name)) continue;
                Table t = table(name);
                if (t == null) continue; // damaged: listed by getTables, but it has no readable columns
                List<ColumnSpec> specs = t.schema().columns();
                for (int i = 0; i < specs.size(); i++) {
                    ColumnSpec c = specs.get(i);
                    if (like(columnPattern, c.name())) rows.add(column(name, c, i + 1));
                }
            }
        }
        return rows(COLUMNS, rows);
    }

    private static Object[] column(String table, ColumnSpec c, int position) {
        DataType t = c.type();
        Integer size = t.kind() == TypeKind.BOOLEAN ? null : Integer.valueOf(JdbcTypes.precision(t));
        Integer digits = null;
        if (t.kind() == TypeKind.DECIMAL || t.kind() == TypeKind.TIMESTAMP || JdbcTypes.signed(t)) digits = JdbcTypes.scale(t);
        Integer octets = t.kind() == TypeKind.VARCHAR ? Integer.valueOf(JdbcTypes.UNBOUNDED) : null;
        // every column of the table format may hold NULLs
        return new Object[] {null, QueryPlanner.SCHEMA, table, c.name(), JdbcTypes.sqlType(t), JdbcTypes.typeName(t), size,
                null, digits, JdbcTypes.radix(t), DatabaseMetaData.columnNullable, "", null, null, null, octets, position,
                "YES", null, null, null, null, "NO", "NO"};
    }

    ResultSet typeInfo() throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        for (DataType t : TYPES) {
            boolean decimal = t.kind() == TypeKind.DECIMAL;
            String quote = switch (t.kind()) {
                case VARCHAR -> "'";
                case DATE -> "DATE '";
                case TIMESTAMP -> "TIMESTAMP '";
                default -> null;
            };
            rows.add(new Object[] {JdbcTypes.typeName(t), JdbcTypes.sqlType(t), JdbcTypes.precision(t), quote,
                    quote == null ? null : "'", decimal ? "precision,scale" : null, DatabaseMetaData.typeNullable,
                    t.kind() == TypeKind.VARCHAR, DatabaseMetaData.typeSearchable, !JdbcTypes.signed(t), false, false,
                    JdbcTypes.typeName(t), 0, decimal ? DataType.MAX_DECIMAL_PRECISION : JdbcTypes.scale(t), null, null,
                    JdbcTypes.radix(t)});
        }
        return rows(TYPE_INFO, rows);
    }

    private static boolean catalogMatches(String catalog) {
        return catalog == null || catalog.isEmpty(); // "" = without a catalog, which is every table here
    }

    private List<String> tableNames() throws SQLException {
        try {
            return connection.catalog().tableNames();
        } catch (IOException e) {
            throw new SQLException("cannot list the tables of " + connection.catalog().dir() + ": " + e.getMessage(), "58030", e);
        }
    }

    /** The table, or null when it is damaged (a query on it gives the reason). */
    private Table table(String name) throws SQLException {
        try {
            return connection.catalog().table(name);
        } catch (io.ascan.format.StorageException damaged) {
            return null;
        } catch (IOException e) {
            throw new SQLException("cannot read table '" + name + "': " + e.getMessage(), "58030", e);
        }
    }

    /** JDBC search patterns: % any sequence, _ one character, \ escapes; null matches everything. */
    static boolean like(String pattern, String value) {
        if (pattern == null) return true;
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char ch = pattern.charAt(i);
            if (ch == '\\' && i + 1 < pattern.length()) re.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
            else if (ch == '%') re.append(".*");
            else if (ch == '_') re.append('.');
            else re.append(Pattern.quote(String.valueOf(ch)));
        }
        return Pattern.compile(re.toString(), Pattern.DOTALL).matcher(value).matches();
    }
}
