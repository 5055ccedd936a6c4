package io.ascan.planner;

import io.ascan.catalog.Catalog;
import io.ascan.scan.remote.RemoteStorage;
import io.ascan.scan.remote.RemoteStorages;
import io.ascan.exchange.BatchAppender;
import io.ascan.exec.QueryException;
import io.ascan.exec.QueryOptions;
import io.ascan.exec.QueryResult;
import io.ascan.exec.SqlStates;
import io.ascan.format.ColumnSpec;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import io.ascan.plan.OutputColumn;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Statements that change the catalog: {@code CREATE TABLE [IF NOT EXISTS] t (col type, ...)},
 * {@code CREATE TABLE t AS query}, {@code INSERT INTO t [(cols)] query}, {@code DROP TABLE [IF
 * EXISTS] t}, {@code CREATE [OR REPLACE] VIEW v AS query}, {@code DROP VIEW [IF EXISTS] v}, and
 * the shorthands {@code SHOW TABLES} and {@code DESCRIBE t} (queries of
 * {@code information_schema}), and {@code COPY ... TO 'file'} (writes a file, not the catalog). Calcite's core grammar has no DDL, so the statement's head is
 * recognised here and the queries inside go through the planner like any other. Each is a
 * {@link PreparedQuery} answering one row, the rows written ({@link PreparedQuery#changesTables()}).
 *
 * <p>Tables are written through {@link TableWriter}: a new table, or a new version of an existing
 * one holding its slices and the inserted rows, published by one atomic switch after the last
 * row; any failure before that (a bad value at row N, a cancelled query) discards the version and
 * leaves the table as it was, and readers see the old version or the new one, never a mix.
 */
final class DdlStatements {
    /** What a statement needs from the query service that runs it. */
    interface Host {
        Catalog catalog();

        BufferAllocator allocator();

        PreparedQuery prepare(String sql) throws PlanningException;

        /** The validated row type of a query (NULL-typed columns included). */
        RelDataType rowType(String sql) throws PlanningException;

        /** Called after a statement changed the catalog (tables or views). */
        void changed();
    }

    private static final String IDENT = "(\"(?:[^\"]|\"\")+\"|[A-Za-z_][A-Za-z0-9_]*)";
    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.DOTALL;
    private static final Pattern CREATE_TABLE = Pattern.compile(
            "^\\s*CREATE\\s+(OR\\s+REPLACE\\s+)?TABLE\\s+(IF\\s+NOT\\s+EXISTS\\s+)?" + IDENT + "\\s*(.*?)\\s*$", FLAGS);
    private static final Pattern AS_QUERY = Pattern.compile("^AS\\s+(.+)$", FLAGS);
    private static final Pattern CREATE_VIEW = Pattern.compile(
            "^\\s*CREATE\\s+(OR\\s+REPLACE\\s+)?VIEW\\s+" + IDENT + "\\s+AS\\s+(.+?)\\s*$", FLAGS);
    private static final Pattern DROP = Pattern.compile(
            "^\\s*DROP\\s+(TABLE|VIEW)\\s+(IF\\s+EXISTS\\s+)?" + IDENT + "\\s*$", FLAGS);
    private static final Pattern INSERT = Pattern.compile("^\\s*INSERT\\s+INTO\\s+" + IDENT + "\\s*(.*?)\\s*$", FLAGS);
    private static final Pattern COLUMN_LIST = Pattern.compile(
            "^\\(\\s*(" + IDENT + "(?:\\s*,\\s*" + IDENT + ")*)\\s*\\)\\s*(.*)$", FLAGS);
    private static final Pattern TRUNCATE = Pattern.compile("^\\s*TRUNCATE\\s+(?:TABLE\\s+)?" + IDENT + "\\s*$", FLAGS);
    private static final Pattern SHOW_TABLES = Pattern.compile("^\\s*SHOW\\s+TABLES\\s*$", FLAGS);
    /** DESCRIBE t, and DuckDB's SHOW t (SHOW TABLES is matched first). */
    private static final Pattern DESCRIBE = Pattern.compile("^\\s*(?:DESCRIBE|SHOW)\\s+(?:TABLE\\s+)?" + IDENT + "\\s*$", FLAGS);
    /** Words after a column's type that begin a constraint or a default. */
    private static final Pattern CONSTRAINT = Pattern.compile(
            "\\s(NOT\\s+NULL|PRIMARY\\s+KEY|UNIQUE|DEFAULT|CHECK|REFERENCES|CONSTRAINT|COLLATE|GENERATED)\\b.*$", FLAGS);
    private static final String COPY_TO = "\\s+TO\\s+'((?:[^']|'')*)'\\s*(?:(?:WITH\\s*)?\\((.*)\\))?\\s*;?\\s*$";
    private static final Pattern COPY_QUERY = Pattern.compile("^\\s*COPY\\s*\\((.+)\\)" + COPY_TO, FLAGS);
    private static final Pattern COPY_TABLE = Pattern.compile("^\\s*COPY\\s+" + IDENT + COPY_TO, FLAGS);
    private static final Pattern COLUMN_DEF = Pattern.compile("^" + IDENT + "\\s+(.+?)(\\s+NULL)?$", FLAGS);

    private static final List<OutputColumn> COUNT = List.of(new OutputColumn("count", DataType.BIGINT));

    private final Host host;

    DdlStatements(Host host) {
        this.host = host;
    }

    /** The statement {@code sql} is, or null when it is no DDL (a query: the planner's). */
    PreparedQuery prepare(String sql) throws PlanningException {
        Matcher m;
        if ((m = SHOW_TABLES.matcher(sql)).matches()) {
            return host.prepare("SELECT table_name AS name FROM information_schema.tables ORDER BY table_name");
        }
        if ((m = DESCRIBE.matcher(sql)).matches()) {
            return host.prepare("SELECT column_name, data_type AS column_type, is_nullable AS \"null\" "
                    + "FROM information_schema.columns WHERE table_name = '" + name(m.group(1)).replace("'", "''")
                    + "' ORDER BY ordinal_position");
        }
        if ((m = CREATE_TABLE.matcher(sql)).matches()) {
            writable("CREATE TABLE");
            if (m.group(1) != null && m.group(2) != null) throw syntax("CREATE OR REPLACE TABLE and IF NOT EXISTS cannot be combined");
            return createTable(m.group(1) != null, m.group(2) != null, name(m.group(3)), m.group(4));
        }
        if ((m = CREATE_VIEW.matcher(sql)).matches()) {
            writable("CREATE VIEW");
            return createView(m.group(1) != null, name(m.group(2)), m.group(3));
        }
        if ((m = DROP.matcher(sql)).matches()) {
            boolean table = m.group(1).equalsIgnoreCase("TABLE");
            writable("DROP " + (table ? "TABLE" : "VIEW"));
            return drop(table, m.group(2) != null, name(m.group(3)));
        }
        if ((m = TRUNCATE.matcher(sql)).matches()) {
            writable("TRUNCATE");
            // an empty new version with the table's columns, by the atomic switch of CREATE OR REPLACE:
            // readers see every old row or none
            return createTable(true, false, name(m.group(1)), "AS SELECT * FROM " + m.group(1) + " WHERE FALSE");
        }
        if ((m = INSERT.matcher(sql)).matches()) {
            writable("INSERT");
            return insert(name(m.group(1)), m.group(2));
        }
        if ((m = COPY_QUERY.matcher(sql)).matches()) return copyTo(null, m.group(1), m.group(2).replace("''", "'"), m.group(3));
        if ((m = COPY_TABLE.matcher(sql)).matches()) {
            String table = name(m.group(1));
            return copyTo(table, "SELECT * FROM " + m.group(1), m.group(2).replace("''", "'"), m.group(3));
        }
        return null;
    }

    /** The storage node whose catalog this is, or null for a local catalog. */
    private RemoteStorage node() {
        return RemoteStorages.of(host.catalog().dir());
    }

    /**
     * Refuses {@code statement} on a storage node's catalog: the compute side holds only a private
     * copy of the node's manifests, and a change to it would be a table that exists nowhere else.
     */
    private void writable(String statement) throws PlanningException {
        RemoteStorage node = node();
        if (node != null) {
            throw new PlanningException(statement + " is refused: the catalog of storage node " + node.address()
                    + " is read-only (change its tables on the node's own catalog directory)", 1, 1, null, SqlStates.READ_ONLY);
        }
    }

    /** An identifier as the planner reads it: quoted ones exactly, unquoted ones lower-cased. */
    static String name(String ident) {
        if (ident.startsWith("\"")) return ident.substring(1, ident.length() - 1).replace("\"\"", "\"");
        return ident.toLowerCase(Locale.ROOT);
    }

    private static PlanningException syntax(String message) {
        return new PlanningException(message, 1, 1, null, SqlStates.SYNTAX);
    }

    private PreparedQuery createTable(boolean orReplace, boolean ifNotExists, String table, String rest) throws PlanningException {
        // OR REPLACE: a new version replaces the table by one atomic switch once written (a view of the name is still refused)
        WriteOptions write = orReplace ? new WriteOptions(WriteOptions.DEFAULTS.segmentCapBytes(), WriteOptions.DEFAULTS.maxSliceRows(), true)
                : WriteOptions.DEFAULTS;
        Matcher q = AS_QUERY.matcher(rest);
        if (q.matches()) {
            String query = q.group(1);
            PreparedQuery source = host.prepare(query);
            TableSchema schema = schema(source.columns().stream().map(c -> ColumnSpec.of(c.name(), c.type())).toList());
            return new Change("CREATE " + (orReplace ? "OR REPLACE " : "") + "TABLE " + table + " AS " + query) {
                @Override
                long run(QueryOptions options) throws QueryException, PlanningException, IOException {
                    if (orReplace ? view(table) : taken(table, ifNotExists)) return 0;
                    try (TableWriter w = host.catalog().create(table, schema, write)) {
                        long rows = copy(source, w, options);
                        w.commit();
                        return rows;
                    }
                }
            };
        }
        if (!rest.startsWith("(") || !rest.endsWith(")")) {
            throw syntax("CREATE TABLE " + table + " takes a column list (name type, ...) or AS followed by a query");
        }
        List<ColumnSpec> columns = new ArrayList<>();
        for (String def : splitTopLevel(rest.substring(1, rest.length() - 1))) {
            Matcher c = COLUMN_DEF.matcher(def.strip());
            if (!c.matches()) throw syntax("cannot read column definition '" + def.strip() + "' (expected: name type)");
            Matcher constraint = CONSTRAINT.matcher(def.strip());
            if (constraint.find()) {
                throw new PlanningException("column '" + name(c.group(1)) + "': " + constraint.group(1).replaceAll("\\s+", " ").toUpperCase(Locale.ROOT)
                        + " is not supported: ascan's tables keep no constraints or defaults (declare the column with its type alone)",
                        1, 1, null, SqlStates.FEATURE_NOT_SUPPORTED);
            }
            DataType type;
            try {
                type = DataType.parse(c.group(2));
            } catch (IllegalArgumentException e) {
                throw new PlanningException("column '" + name(c.group(1)) + "': " + e.getMessage(), 1, 1, e, SqlStates.FEATURE_NOT_SUPPORTED);
            }
            columns.add(ColumnSpec.of(name(c.group(1)), type));
        }
        TableSchema schema = schema(columns);
        return new Change("CREATE " + (orReplace ? "OR REPLACE " : "") + "TABLE " + table + " " + rest) {
            @Override
            long run(QueryOptions options) throws QueryException, IOException {
                if (orReplace ? view(table) : taken(table, ifNotExists)) return 0;
                try (TableWriter w = host.catalog().create(table, schema, write)) {
                    w.commit();
                }
                return 0;
            }
        };
    }

    private static TableSchema schema(List<ColumnSpec> columns) throws PlanningException {
        try {
            return new TableSchema(columns);
        } catch (IllegalArgumentException e) {
            throw new PlanningException(e.getMessage(), 1, 1, e, SqlStates.DUPLICATE_COLUMN);
        }
    }

    /** Whether {@code name} is taken (by a table or a view): false to go on, true to do nothing (IF NOT EXISTS). */
    private boolean taken(String name, boolean ifNotExists) throws QueryException {
        boolean view = host.catalog().views().exists(name);
        if (!view && !host.catalog().exists(name)) return false;
        if (ifNotExists) return true;
        throw new QueryException((view ? "a view" : "table") + " '" + name + "' already exists", SqlStates.DUPLICATE_TABLE, null);
    }

    /** Refuses to replace a view by a table: false to go on. */
    private boolean view(String name) throws QueryException {
        if (host.catalog().views().exists(name)) {
            throw new QueryException("'" + name + "' is a view: DROP VIEW it first", SqlStates.DUPLICATE_TABLE, null);
        }
        return false;
    }

    private PreparedQuery createView(boolean orReplace, String view, String query) throws PlanningException {
        TableWriter.checkName(view);
        host.prepare(query); // checked now: a view that cannot be planned is not created
        return new Change("CREATE VIEW " + view + " AS " + query) {
            @Override
            long run(QueryOptions options) throws QueryException, IOException {
                if (host.catalog().exists(view)) {
                    throw new QueryException("table '" + view + "' already exists", SqlStates.DUPLICATE_TABLE, null);
                }
                if (!orReplace && host.catalog().views().exists(view)) {
                    throw new QueryException("view '" + view + "' already exists (use CREATE OR REPLACE VIEW)", SqlStates.DUPLICATE_TABLE, null);
                }
                host.catalog().views().put(view, query);
                return 0;
            }
        };
    }

    private PreparedQuery drop(boolean table, boolean ifExists, String name) {
        return new Change("DROP " + (table ? "TABLE " : "VIEW ") + name) {
            @Override
            long run(QueryOptions options) throws QueryException, IOException {
                boolean dropped = table ? host.catalog().drop(name) : host.catalog().views().drop(name);
                if (!dropped && !ifExists) {
                    throw new QueryException("no " + (table ? "table" : "view") + " '" + name + "'", SqlStates.UNDEFINED_TABLE, null);
                }
                return 0;
            }
        };
    }

    private PreparedQuery insert(String table, String rest) throws PlanningException {
        if (!host.catalog().exists(table)) {
            throw new PlanningException("no table '" + table + "'" + (host.catalog().views().exists(table) ? " (it is a view)" : ""),
                    1, 1, null, SqlStates.UNDEFINED_TABLE);
        }
        TableSchema schema;
        try {
            schema = host.catalog().table(table).schema();
        } catch (IOException e) {
            throw new PlanningException("cannot read table '" + table + "': " + e.getMessage(), 1, 1, e, SqlStates.of(e));
        }
        List<Integer> targets = new ArrayList<>();
        String query = rest;
        Matcher cols = COLUMN_LIST.matcher(rest);
        if (cols.matches()) {
            for (String ident : splitTopLevel(cols.group(1))) {
                String col = name(ident.strip());
                int i = schema.indexOf(col);
                if (i < 0 || !schema.column(i).name().equals(col)) {
                    throw new PlanningException("table '" + table + "' has no column '" + col + "'", 1, 1, null, SqlStates.UNDEFINED_COLUMN);
                }
                if (targets.contains(i)) throw new PlanningException("column '" + col + "' is named twice", 1, 1, null, SqlStates.DUPLICATE_COLUMN);
                targets.add(i);
            }
            query = cols.group(cols.groupCount());
        } else {
            for (int i = 0; i < schema.size(); i++) targets.add(i);
        }
        List<org.apache.calcite.rel.type.RelDataTypeField> fields = host.rowType(query).getFieldList();
        if (fields.size() != targets.size()) {
            throw new PlanningException("INSERT INTO " + table + " has " + targets.size() + " target columns but the query gives "
                    + fields.size(), 1, 1, null, SqlStates.COLUMN_COUNT);
        }
        String[] select = new String[schema.size()];
        StringBuilder alias = new StringBuilder();
        for (int j = 0; j < targets.size(); j++) {
            ColumnSpec target = schema.column(targets.get(j));
            RelDataType from = fields.get(j).getType();
            if (!assignable(from, target.type())) {
                throw new PlanningException("column '" + target.name() + "' of table '" + table + "' is " + target.type()
                        + " but the value given for it is " + from.getFullTypeString(), 1, 1, null, SqlStates.DATATYPE_MISMATCH);
            }
            select[targets.get(j)] = "CAST(\"c" + j + "\" AS " + sqlType(target.type()) + ")";
            alias.append(j == 0 ? "" : ", ").append("\"c").append(j).append('"');
        }
        StringBuilder wrapped = new StringBuilder("SELECT ");
        for (int i = 0; i < select.length; i++) {
            if (i > 0) wrapped.append(", ");
            wrapped.append(select[i] != null ? select[i] : "CAST(NULL AS " + sqlType(schema.column(i).type()) + ")");
        }
        wrapped.append(" FROM (").append(query).append("\n) AS \"inserted\"(").append(alias).append(')');
        PreparedQuery source = host.prepare(wrapped.toString());
        return new Change("INSERT INTO " + table + " " + rest) {
            @Override
            long run(QueryOptions options) throws QueryException, PlanningException, IOException {
                synchronized (TableLocks.of(host.catalog().dir().resolve(table))) {
                    try (Catalog.Pinned base = host.catalog().pinned(table);
                         TableWriter w = TableWriter.append(host.catalog().dir(), base.table().name(), base.table().version(),
                                 base.table().manifest(), columnFiles(base.table()), WriteOptions.DEFAULTS)) {
                        if (!base.table().schema().equals(schema)) {
                            throw new QueryException("table '" + table + "' was replaced by one with other columns: run the INSERT again",
                                    SqlStates.SERIALIZATION, null);
                        }
                        long rows = copy(source, w, options);
                        w.commit();
                        return rows;
                    }
                }
            }
        };
    }

    /**
     * {@code COPY (query) TO 'file' [(options)]} and {@code COPY table TO ...} ({@link CopyTarget}):
     * a table is exported as it is (its current version, pinned meanwhile); a query's rows (or a
     * view's) are first written to a temporary table in the catalog's hidden {@code .cache/copy}
     * directory, which the exporter reads and which is deleted afterwards. Answers the rows written.
     */
    private PreparedQuery copyTo(String table, String query, String file, String options) throws PlanningException {
        CopyTarget target = CopyTarget.parse(file, options);
        // a storage node's table has no column files here to export as they are: its rows are read through the node
        boolean remote = node() != null;
        boolean direct = table != null && host.catalog().exists(table) && !remote;
        PreparedQuery source = direct ? null : host.prepare(query);
        TableSchema schema = direct ? null : schema(source.columns().stream().map(c -> ColumnSpec.of(c.name(), c.type())).toList());
        return new Change("COPY " + (direct ? table : "(" + query + ")") + " TO '" + file + "' (FORMAT " + target.format + ")") {
            @Override
            long run(QueryOptions options) throws QueryException, PlanningException, IOException {
                target.check();
                if (direct) {
                    try (Catalog.Pinned pinned = host.catalog().pinned(table)) {
                        return target.write(pinned.table(), host.allocator());
                    }
                }
                // a storage node's catalog (a private copy of its manifests) is never written: the rows go to a temporary directory
                java.nio.file.Path scratch = remote ? java.nio.file.Files.createTempDirectory("ascan-copy-").resolve("rows")
                        : host.catalog().dir().resolve(".cache").resolve("copy").resolve(java.util.UUID.randomUUID().toString());
                try {
                    Catalog rows = Catalog.create(scratch);
                    try (TableWriter w = rows.create("rows", schema, WriteOptions.DEFAULTS)) {
                        copy(source, w, options);
                        w.commit();
                    }
                    return target.write(rows.table("rows"), host.allocator());
                } finally {
                    deleteTree(remote ? scratch.getParent() : scratch);
                }
            }

        };
    }

    private static void deleteTree(java.nio.file.Path dir) throws IOException {
        if (!java.nio.file.Files.exists(dir)) return;
        try (java.util.stream.Stream<java.nio.file.Path> walk = java.nio.file.Files.walk(dir)) {
            for (java.nio.file.Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) java.nio.file.Files.deleteIfExists(p);
        }
    }

    /** Whether a value of SQL type {@code from} may be stored in a column of {@code to} (a NULL anywhere). */
    private static boolean assignable(RelDataType from, DataType to) {
        if (from.getSqlTypeName() == SqlTypeName.NULL) return true;
        return switch (to.kind()) {
            case INTEGER, BIGINT, DOUBLE, DECIMAL -> SqlTypeUtil.isNumeric(from);
            case VARCHAR -> SqlTypeUtil.isCharacter(from);
            case BOOLEAN -> SqlTypeUtil.isBoolean(from);
            case DATE -> from.getSqlTypeName() == SqlTypeName.DATE;
            case TIMESTAMP -> from.getSqlTypeName() == SqlTypeName.TIMESTAMP || from.getSqlTypeName() == SqlTypeName.DATE;
        };
    }

    /** The SQL spelling the planner casts to for an engine type (timestamps keep microseconds). */
    private static String sqlType(DataType t) {
        return t.kind() == TypeKind.TIMESTAMP ? "TIMESTAMP(6)" : t.toString();
    }

    /** Runs {@code source} and appends its rows to {@code w}: the rows copied. */
    private static long copy(PreparedQuery source, TableWriter w, QueryOptions options)
            throws QueryException, PlanningException {
        long rows = 0;
        try (QueryResult r = source.execute(List.of(), options)) {
            while (r.next()) rows += BatchAppender.append(r.batch(), w);
        }
        return rows;
    }

    /** Splits at commas outside parentheses and quotes. */
    private static List<String> splitTopLevel(String s) {
        List<String> parts = new ArrayList<>();
        int depth = 0, from = 0;
        boolean quoted = false;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '"' || ch == '\'') quoted = !quoted;
            else if (!quoted && ch == '(') depth++;
            else if (!quoted && ch == ')') depth--;
            else if (!quoted && depth == 0 && ch == ',') {
                parts.add(s.substring(from, i));
                from = i + 1;
            }
        }
        parts.add(s.substring(from));
        return parts;
    }

    /** A statement that changes the catalog; it answers one row, {@code count}: the rows it wrote. */
    private abstract class Change implements PreparedQuery {
        private final String text;

        Change(String text) {
            this.text = text;
        }

        abstract long run(QueryOptions options) throws QueryException, PlanningException, IOException;

        @Override
        public List<OutputColumn> columns() {
            return COUNT;
        }

        @Override
        public int parameterCount() {
            return 0;
        }

        @Override
        public boolean changesTables() {
            return true;
        }

        @Override
        public boolean nullable(int column) {
            return false;
        }

        @Override
        public String explain() {
            return text + "\n";
        }

        @Override
        public QueryResult execute(List<Object> parameters, QueryOptions options) throws QueryException, PlanningException {
            long rows;
            try {
                rows = run(options);
            } catch (NoSuchFileException e) {
                throw new QueryException(e.getReason() != null ? e.getReason() : "no table " + e.getFile(), SqlStates.UNDEFINED_TABLE, e);
            } catch (IOException e) {
                throw new QueryException(SqlStates.message(e), SqlStates.of(e), e);
            } catch (IllegalArgumentException e) {
                throw new QueryException(e.getMessage(), SqlStates.SYNTAX_OR_ACCESS, e);
            } finally {
                host.changed();
            }
            return MaterializedResult.of(host.allocator(), COUNT, List.<Object[]>of(new Object[] {rows}));
        }
    }

    /** The column files of a table version, in column order. */
    private static java.util.List<java.nio.file.Path> columnFiles(io.ascan.catalog.Table t) {
        java.util.List<java.nio.file.Path> files = new java.util.ArrayList<>();
        for (int c = 0; c < t.schema().size(); c++) files.add(t.columnFile(c));
        return files;
    }
}
