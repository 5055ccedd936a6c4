package io.ascan.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;

/**
 * What ascan is and supports, for SQL tools. Listings come from {@link MetadataResults}. Facts
 * worth knowing: unquoted identifiers are stored in lower case, quoted ones as written; NULLs
 * sort high (last in ascending order, Calcite's default); there are no transactions, keys,
 * indexes or procedures; no limits are known (0).
 */
final class AscanDatabaseMetaData implements DatabaseMetaData {
    private final AscanConnection connection;
    private final MetadataResults results;

    AscanDatabaseMetaData(AscanConnection connection) {
        this.connection = connection;
        this.results = new MetadataResults(connection);
    }

    @Override
    public boolean allProceduresAreCallable() {
        return false;
    }

    @Override
    public boolean allTablesAreSelectable() {
        return true;
    }

    @Override
    public boolean autoCommitFailureClosesAllResultSets() {
        return false;
    }

    @Override
    public boolean dataDefinitionCausesTransactionCommit() {
        return false;
    }

    @Override
    public boolean dataDefinitionIgnoredInTransactions() {
        return false;
    }

    @Override
    public boolean deletesAreDetected(int p0) {
        return false;
    }

    @Override
    public boolean doesMaxRowSizeIncludeBlobs() {
        return false;
    }

    @Override
    public boolean generatedKeyAlwaysReturned() {
        return false;
    }

    @Override
    public ResultSet getAttributes(String catalog, String p1, String p2, String p3) throws SQLException {
        return results.empty(MetadataResults.ATTRIBUTES);
    }

    @Override
    public ResultSet getBestRowIdentifier(String catalog, String p1, String p2, int p3, boolean p4) throws SQLException {
        return results.empty(MetadataResults.BEST_ROW_IDENTIFIER);
    }

    @Override
    public String getCatalogSeparator() {
        return "";
    }

    @Override
    public String getCatalogTerm() {
        return "catalog";
    }

    @Override
    public ResultSet getCatalogs() throws SQLException {
        return results.empty(MetadataResults.CATALOGS);
    }

    @Override
    public ResultSet getClientInfoProperties() throws SQLException {
        return results.empty(MetadataResults.CLIENT_INFO_PROPERTIES);
    }

    @Override
    public ResultSet getColumnPrivileges(String catalog, String p1, String p2, String p3) throws SQLException {
        return results.empty(MetadataResults.COLUMN_PRIVILEGES);
    }

    @Override
    public ResultSet getColumns(String catalog, String schemaPattern, String tablePattern, String columnPattern) throws SQLException {
        return results.columns(catalog, schemaPattern, tablePattern, columnPattern);
    }

    @Override
    public Connection getConnection() {
        return connection;
    }

    @Override
    public ResultSet getCrossReference(String catalog, String p1, String p2, String p3, String p4, String p5) throws SQLException {
        return results.empty(MetadataResults.KEYS);
    }

    @Override
    public int getDatabaseMajorVersion() {
        return AscanDriver.MAJOR;
    }

    @Override
    public int getDatabaseMinorVersion() {
        return AscanDriver.MINOR;
    }

    @Override
    public String getDatabaseProductName() {
        return "ascan";
    }

    @Override
    public String getDatabaseProductVersion() {
        return AscanDriver.MAJOR + "." + AscanDriver.MINOR;
    }

    @Override
    public int getDefaultTransactionIsolation() {
        return Connection.TRANSACTION_NONE;
    }

    @Override
    public int getDriverMajorVersion() {
        return AscanDriver.MAJOR;
    }

    @Override
    public int getDriverMinorVersion() {
        return AscanDriver.MINOR;
    }

    @Override
    public String getDriverName() {
        return "ascan JDBC driver";
    }

    @Override
    public String getDriverVersion() {
        return AscanDriver.MAJOR + "." + AscanDriver.MINOR;
    }

    @Override
    public ResultSet getExportedKeys(String catalog, String p1, String p2) throws SQLException {
        return results.empty(MetadataResults.KEYS);
    }

    @Override
    public String getExtraNameCharacters() {
        return "";
    }

    @Override
    public ResultSet getFunctionColumns(String catalog, String p1, String p2, String p3) throws SQLException {
        return results.empty(MetadataResults.FUNCTION_COLUMNS);
    }

    @Override
    public ResultSet getFunctions(String catalog, String p1, String p2) throws SQLException {
        return results.empty(MetadataResults.FUNCTIONS);
    }

    @Override
    public String getIdentifierQuoteString() {
        return "\"";
    }

    @Override
    public ResultSet getImportedKeys(String catalog, String p1, String p2) throws SQLException {
        return results.empty(MetadataResults.KEYS);
    }

    @Override
    public ResultSet getIndexInfo(String catalog, String p1, String p2, boolean p3, boolean p4) throws SQLException {
        return results.empty(MetadataResults.INDEX_INFO);
    }

    @Override
    public int getJDBCMajorVersion() {
        return 4;
    }

    @Override
    public int getJDBCMinorVersion() {
        return 3;
    }

    @Override
    public int getMaxBinaryLiteralLength() {
        return 0;
    }

    @Override
    public int getMaxCatalogNameLength() {
        return 0;
    }

    @Override
    public int getMaxCharLiteralLength() {
        return 0;
    }

    @Override
    public int getMaxColumnNameLength() {
        return 0;
    }

    @Override
    public int getMaxColumnsInGroupBy() {
        return 0;
    }

    @Override
    public int getMaxColumnsInIndex() {
        return 0;
    }

    @Override
    public int getMaxColumnsInOrderBy() {
        return 0;
    }

    @Override
    public int getMaxColumnsInSelect() {
        return 0;
    }

    @Override
    public int getMaxColumnsInTable() {
        return 0;
    }

    @Override
    public int getMaxConnections() {
        return 0;
    }

    @Override
    public int getMaxCursorNameLength() {
        return 0;
    }

    @Override
    public int getMaxIndexLength() {
        return 0;
    }

    @Override
    public long getMaxLogicalLobSize() {
        return 0;
    }

    @Override
    public int getMaxProcedureNameLength() {
        return 0;
    }

    @Override
    public int getMaxRowSize() {
        return 0;
    }

    @Override
    public int getMaxSchemaNameLength() {
        return 0;
    }

    @Override
    public int getMaxStatementLength() {
        return 0;
    }

    @Override
    public int getMaxStatements() {
        return 0;
    }

    @Override
    public int getMaxTableNameLength() {
        return 0;
    }

    @Override
    public int getMaxTablesInSelect() {
        return 0;
    }

    @Override
    public int getMaxUserNameLength() {
        return 0;
    }

    // The function lists name only what the engine runs (each has a query in the tests'
    // sqllogic/functions/advertised.test, compared with DuckDB); tools offer them to users.
    @Override
    public String getNumericFunctions() {
        return "ABS,ACOS,ASIN,ATAN,ATAN2,CBRT,CEIL,CEILING,COS,COT,DEGREES,EXP,FLOOR,GREATEST,LEAST,LN,LOG,LOG10,LOG2,MOD,PI,POW,"
                + "POWER,RADIANS,ROUND,SIGN,SIN,SQRT,TAN,TRUNC";
    }

    @Override
    public ResultSet getPrimaryKeys(String catalog, String p1, String p2) throws SQLException {
        return results.empty(MetadataResults.PRIMARY_KEYS);
    }

    @Override
    public ResultSet getProcedureColumns(String catalog, String p1, String p2, String p3) throws SQLException {
        return results.empty(MetadataResults.PROCEDURE_COLUMNS);
    }

    @Override
    public String getProcedureTerm() {
        return "procedure";
    }

    @Override
    public ResultSet getProcedures(String catalog, String p1, String p2) throws SQLException {
        return results.empty(MetadataResults.PROCEDURES);
    }

    @Override
    public ResultSet getPseudoColumns(String catalog, String p1, String p2, String p3) throws SQLException {
        return results.empty(MetadataResults.PSEUDO_COLUMNS);
    }

    @Override
    public int getResultSetHoldability() throws SQLException {
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public RowIdLifetime getRowIdLifetime() {
        return RowIdLifetime.ROWID_UNSUPPORTED;
    }

    @Override
    public String getSQLKeywords() {
        return "";
    }

    @Override
    public int getSQLStateType() {
        return sqlStateSQL;
    }

    @Override
    public String getSchemaTerm() {
        return "schema";
    }

    @Override
    public ResultSet getSchemas() throws SQLException {
        return results.schemas(null, null);
    }

    @Override
    public ResultSet getSchemas(String catalog, String schemaPattern) throws SQLException {
        return results.schemas(catalog, schemaPattern);
    }

    @Override
    public String getSearchStringEscape() {
        return "\\";
    }

    @Override
    public String getStringFunctions() {
        return "CHAR_LENGTH,CHARACTER_LENGTH,CHR,CONCAT,CONTAINS,CONCAT_WS,ENDS_WITH,FORMAT,LEFT,LENGTH,LOWER,LPAD,LTRIM,MD5,POSITION,REGEXP_EXTRACT,"
                + "REGEXP_MATCHES,REGEXP_REPLACE,REPEAT,REPLACE,REVERSE,RIGHT,RPAD,RTRIM,SPLIT_PART,STARTS_WITH,STRLEN,STRPOS,SUBSTR,"
                + "SUBSTRING,TRANSLATE,TRIM,UPPER";
    }

    @Override
    public ResultSet getSuperTables(String catalog, String p1, String p2) throws SQLException {
        return results.empty(MetadataResults.SUPER_TABLES);
    }

    @Override
    public ResultSet getSuperTypes(String catalog, String p1, String p2) throws SQLException {
        return results.empty(MetadataResults.SUPER_TYPES);
    }

    @Override
    public String getSystemFunctions() {
        return "COALESCE,IFNULL,NULLIF";
    }

    @Override
    public ResultSet getTablePrivileges(String catalog, String p1, String p2) throws SQLException {
        return results.empty(MetadataResults.TABLE_PRIVILEGES);
    }

    @Override
    public ResultSet getTableTypes() throws SQLException {
        return results.tableTypes();
    }

    @Override
    public ResultSet getTables(String catalog, String schemaPattern, String tablePattern, String[] types) throws SQLException {
        return results.tables(catalog, schemaPattern, tablePattern, types);
    }

    @Override
    public String getTimeDateFunctions() {
        return "CURRENT_DATE,DATE_PART,DATE_TRUNC,DATEDIFF,DAY,DAYNAME,DAYOFMONTH,DAYOFWEEK,DAYOFYEAR,EPOCH,EXTRACT,HOUR,LAST_DAY,"
                + "MAKE_DATE,MAKE_TIMESTAMP,MINUTE,MONTH,MONTHNAME,NOW,QUARTER,SECOND,STRFTIME,STRPTIME,TIMESTAMPADD,TIMESTAMPDIFF,"
                + "WEEK,YEAR";
    }

    @Override
    public ResultSet getTypeInfo() throws SQLException {
        return results.typeInfo();
    }

    @Override
    public ResultSet getUDTs(String catalog, String p1, String p2, int[] p3) throws SQLException {
        return results.empty(MetadataResults.UDTS);
    }

    @Override
    public String getURL() {
        return connection.url();
    }

    @Override
    public String getUserName() {
        return "";
    }

    @Override
    public ResultSet getVersionColumns(String catalog, String p1, String p2) throws SQLException {
        return results.empty(MetadataResults.VERSION_COLUMNS);
    }

    @Override
    public boolean insertsAreDetected(int p0) {
        return false;
    }

    @Override
    public boolean isCatalogAtStart() {
        return false;
    }

    @Override
    public boolean isReadOnly() {
        return false; // CREATE TABLE, INSERT, DROP TABLE, views
    }

    @Override
    public boolean locatorsUpdateCopy() {
        return false;
    }

    @Override
    public boolean nullPlusNonNullIsNull() {
        return true;
    }

    @Override
    public boolean nullsAreSortedAtEnd() {
        return false;
    }

    @Override
    public boolean nullsAreSortedAtStart() {
        return false;
    }

    @Override
    public boolean nullsAreSortedHigh() {
        return true;
    }

    @Override
    public boolean nullsAreSortedLow() {
        return false;
    }

    @Override
    public boolean othersDeletesAreVisible(int p0) {
        return false;
    }

    @Override
    public boolean othersInsertsAreVisible(int p0) {
        return false;
    }

    @Override
    public boolean othersUpdatesAreVisible(int p0) {
        return false;
    }

    @Override
    public boolean ownDeletesAreVisible(int p0) {
        return false;
    }

    @Override
    public boolean ownInsertsAreVisible(int p0) {
        return false;
    }

    @Override
    public boolean ownUpdatesAreVisible(int p0) {
        return false;
    }

    @Override
    public boolean storesLowerCaseIdentifiers() {
        return true;
    }

    @Override
    public boolean storesLowerCaseQuotedIdentifiers() {
        return false;
    }

    @Override
    public boolean storesMixedCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean storesMixedCaseQuotedIdentifiers() {
        return true;
    }

    @Override
    public boolean storesUpperCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean storesUpperCaseQuotedIdentifiers() {
        return false;
    }

    @Override
    public boolean supportsANSI92EntryLevelSQL() {
        return true;
    }

    @Override
    public boolean supportsANSI92FullSQL() {
        return false;
    }

    @Override
    public boolean supportsANSI92IntermediateSQL() {
        return false;
    }

    @Override
    public boolean supportsAlterTableWithAddColumn() {
        return false;
    }

    @Override
    public boolean supportsAlterTableWithDropColumn() {
        return false;
    }

    @Override
    public boolean supportsBatchUpdates() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInDataManipulation() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInIndexDefinitions() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInPrivilegeDefinitions() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInProcedureCalls() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInTableDefinitions() {
        return false;
    }

    @Override
    public boolean supportsColumnAliasing() {
        return true;
    }

    @Override
    public boolean supportsConvert() {
        return false;
    }

    @Override
    public boolean supportsConvert(int p0, int p1) {
        return false;
    }

    @Override
    public boolean supportsCoreSQLGrammar() {
        return true;
    }

    @Override
    public boolean supportsCorrelatedSubqueries() {
        return true;
    }

    @Override
    public boolean supportsDataDefinitionAndDataManipulationTransactions() {
        return false;
    }

    @Override
    public boolean supportsDataManipulationTransactionsOnly() {
        return false;
    }

    @Override
    public boolean supportsDifferentTableCorrelationNames() {
        return false;
    }

    @Override
    public boolean supportsExpressionsInOrderBy() {
        return true;
    }

    @Override
    public boolean supportsExtendedSQLGrammar() {
        return false;
    }

    @Override
    public boolean supportsFullOuterJoins() {
        return true;
    }

    @Override
    public boolean supportsGetGeneratedKeys() {
        return false;
    }

    @Override
    public boolean supportsGroupBy() {
        return true;
    }

    @Override
    public boolean supportsGroupByBeyondSelect() {
        return true;
    }

    @Override
    public boolean supportsGroupByUnrelated() {
        return true;
    }

    @Override
    public boolean supportsIntegrityEnhancementFacility() {
        return false;
    }

    @Override
    public boolean supportsLikeEscapeClause() {
        return true;
    }

    @Override
    public boolean supportsLimitedOuterJoins() {
        return true;
    }

    @Override
    public boolean supportsMinimumSQLGrammar() {
        return true;
    }

    @Override
    public boolean supportsMixedCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean supportsMixedCaseQuotedIdentifiers() {
        return true;
    }

    @Override
    public boolean supportsMultipleOpenResults() {
        return false;
    }

    @Override
    public boolean supportsMultipleResultSets() {
        return false;
    }

    @Override
    public boolean supportsMultipleTransactions() {
        return true;
    }

    @Override
    public boolean supportsNamedParameters() {
        return false;
    }

    @Override
    public boolean supportsNonNullableColumns() {
        return false;
    }

    @Override
    public boolean supportsOpenCursorsAcrossCommit() {
        return true;
    }

    @Override
    public boolean supportsOpenCursorsAcrossRollback() {
        return true;
    }

    @Override
    public boolean supportsOpenStatementsAcrossCommit() {
        return true;
    }

    @Override
    public boolean supportsOpenStatementsAcrossRollback() {
        return true;
    }

    @Override
    public boolean supportsOrderByUnrelated() {
        return true;
    }

    @Override
    public boolean supportsOuterJoins() {
        return true;
    }

    @Override
    public boolean supportsPositionedDelete() {
        return false;
    }

    @Override
    public boolean supportsPositionedUpdate() {
        return false;
    }

    @Override
    public boolean supportsRefCursors() {
        return false;
    }

    @Override
    public boolean supportsResultSetConcurrency(int p0, int p1) {
        return p0 == ResultSet.TYPE_FORWARD_ONLY && p1 == ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public boolean supportsResultSetHoldability(int p0) {
        return p0 == ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public boolean supportsResultSetType(int p0) {
        return p0 == ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public boolean supportsSavepoints() {
        return false;
    }

    @Override
    public boolean supportsSchemasInDataManipulation() {
        return true;
    }

    @Override
    public boolean supportsSchemasInIndexDefinitions() {
        return false;
    }

    @Override
    public boolean supportsSchemasInPrivilegeDefinitions() {
        return false;
    }

    @Override
    public boolean supportsSchemasInProcedureCalls() {
        return false;
    }

    @Override
    public boolean supportsSchemasInTableDefinitions() {
        return false;
    }

    @Override
    public boolean supportsSelectForUpdate() {
        return false;
    }

    @Override
    public boolean supportsSharding() {
        return false;
    }

    @Override
    public boolean supportsStatementPooling() {
        return false;
    }

    @Override
    public boolean supportsStoredFunctionsUsingCallSyntax() {
        return false;
    }

    @Override
    public boolean supportsStoredProcedures() {
        return false;
    }

    @Override
    public boolean supportsSubqueriesInComparisons() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInExists() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInIns() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInQuantifieds() {
        return true;
    }

    @Override
    public boolean supportsTableCorrelationNames() {
        return true;
    }

    @Override
    public boolean supportsTransactionIsolationLevel(int p0) {
        return p0 == Connection.TRANSACTION_NONE;
    }

    @Override
    public boolean supportsTransactions() {
        return false;
    }

    @Override
    public boolean supportsUnion() {
        return true;
    }

    @Override
    public boolean supportsUnionAll() {
        return true;
    }

    @Override
    public boolean updatesAreDetected(int p0) {
        return false;
    }

    @Override
    public boolean usesLocalFilePerTable() {
        return false;
    }

    @Override
    public boolean usesLocalFiles() {
        return true;
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) return iface.cast(this);
        throw new SQLException("not a wrapper for " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
