package io.ascan.planner.schema;

import io.ascan.cache.ComputeCache;
import io.ascan.cache.SegmentId;
import io.ascan.catalog.Catalog;
import io.ascan.format.ColumnSpec;
import io.ascan.types.DataType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rel.type.RelProtoDataType;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.impl.ViewTable;
import org.apache.calcite.schema.lookup.IgnoreCaseLookup;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * {@code information_schema.tables} (table_catalog, table_schema, table_name, table_type: 'BASE
 * TABLE' or 'VIEW') and {@code information_schema.columns} (table_catalog, table_schema,
 * table_name, column_name, ordinal_position, data_type, is_nullable) of a catalog, as of the
 * moment a statement is planned. Each is a view over a VALUES list made from the catalog at that
 * moment, so it is queried, filtered and joined like any table; damaged tables are left out.
 * {@code information_schema.compute_cache} (table_name, version, column_name, segments, bytes,
 * max_value) lists per column what the compute-side cache of a remote storage node holds, and
 * {@code information_schema.compute_cache_statistics} its policy, capacity, fill, hits, misses,
 * hit rate, admissions, evictions and declined admissions.
 */
public final class InformationSchema extends AbstractSchema {
    public static final String NAME = "information_schema";
    private static final String CATALOG = "ascan";

    private final Catalog catalog;
    private final Function<String, RelDataType> viewTypes;
    private final Supplier<ComputeCache> computeCache;
    private final Lookup<Table> tables = new IgnoreCaseLookup<>() {
        @Override
        public Table get(String name) {
            return switch (name) {
                case "tables" -> view(tablesQuery(), InformationSchema::tablesType);
                case "columns" -> view(columnsQuery(), InformationSchema::columnsType);
                case "compute_cache" -> view(computeCacheQuery(), InformationSchema::computeCacheType);
                case "compute_cache_statistics" -> view(computeCacheStatisticsQuery(), InformationSchema::statisticsType);
                default -> null;
            };
        }

        @Override
        public Set<String> getNames(LikePattern pattern) {
            Set<String> names = new LinkedHashSet<>();
            for (String n : List.of("tables", "columns", "compute_cache", "compute_cache_statistics")) if (pattern.matcher().apply(n)) names.add(n);
            return names;
        }
    };

    public InformationSchema(Catalog catalog, Function<String, RelDataType> viewTypes) {
        this(catalog, viewTypes, ComputeCache::disabled);
    }

    /** @param computeCache the engine's compute-side cache of a remote storage node's segments */
    public InformationSchema(Catalog catalog, Function<String, RelDataType> viewTypes, Supplier<ComputeCache> computeCache) {
        this.catalog = catalog;
        this.viewTypes = viewTypes;
        this.computeCache = computeCache;
    }

    @Override
    public Lookup<Table> tables() {
        return tables;
    }

    private static Table view(String query, RelProtoDataType type) {
        CatalogReads.unversionedRead();
        return new ViewTable(Object[].class, type, query, List.of(NAME), null);
    }

    private static RelDataType tablesType(RelDataTypeFactory f) {
        return f.builder().add("table_catalog", varchar(f)).add("table_schema", varchar(f)).add("table_name", varchar(f))
                .add("table_type", varchar(f)).build();
    }

    private static RelDataType columnsType(RelDataTypeFactory f) {
        return f.builder().add("table_catalog", varchar(f)).add("table_schema", varchar(f)).add("table_name", varchar(f))
                .add("column_name", varchar(f))
                .add("ordinal_position", f.createTypeWithNullability(f.createSqlType(SqlTypeName.INTEGER), true))
                .add("data_type", varchar(f)).add("is_nullable", varchar(f)).build();
    }

    private static RelDataType computeCacheType(RelDataTypeFactory f) {
        return f.builder().add("table_name", varchar(f)).add("version", varchar(f)).add("column_name", varchar(f))
                .add("segments", bigint(f)).add("bytes", bigint(f)).add("max_value", dbl(f)).build();
    }

    private static RelDataType statisticsType(RelDataTypeFactory f) {
        RelDataTypeFactory.Builder b = f.builder().add("policy", varchar(f));
        for (String n : List.of("capacity", "bytes", "segments", "hits", "misses")) b.add(n, bigint(f));
        b.add("hit_rate", dbl(f));
        for (String n : List.of("admissions", "evictions", "declined")) b.add(n, bigint(f));
        return b.build();
    }

    private static RelDataType bigint(RelDataTypeFactory f) {
        return f.createTypeWithNullability(f.createSqlType(SqlTypeName.BIGINT), true);
    }

    private static RelDataType dbl(RelDataTypeFactory f) {
        return f.createTypeWithNullability(f.createSqlType(SqlTypeName.DOUBLE), true);
    }

    private static RelDataType varchar(RelDataTypeFactory f) {
        return f.createTypeWithNullability(f.createSqlType(SqlTypeName.VARCHAR), true);
    }

    private String tablesQuery() {
        List<List<Object>> rows = new ArrayList<>();
        for (String t : readable()) rows.add(List.of(CATALOG, CATALOG, t, "BASE TABLE"));
        for (String v : views()) rows.add(List.of(CATALOG, CATALOG, v, "VIEW"));
        return values(rows, 4);
    }

    private String columnsQuery() {
        List<List<Object>> rows = new ArrayList<>();
        for (String t : readable()) {
            List<ColumnSpec> columns;
            try {
                columns = catalog.table(t).schema().columns();
            } catch (IOException | RuntimeException damaged) {
                continue;
            }
            for (int i = 0; i < columns.size(); i++) {
                rows.add(List.of(CATALOG, CATALOG, t, columns.get(i).name(), i + 1, columns.get(i).type().toString(), "YES"));
            }
        }
        for (String v : views()) {
            String query;
            List<RelDataTypeField> fields;
            try {
                query = catalog.views().query(v);
                if (query == null) continue;
                fields = viewTypes.apply(query).getFieldList();
            } catch (IOException | RuntimeException unplannable) {
                continue; // a view whose tables are gone: it fails where it is used, with the reason
            }
            for (int i = 0; i < fields.size(); i++) {
                DataType type = TypeMapping.toEngine(fields.get(i).getType());
                rows.add(List.of(CATALOG, CATALOG, v, fields.get(i).getName(), i + 1,
                        type == null ? fields.get(i).getType().getFullTypeString() : type.toString(), "YES"));
            }
        }
        return values(rows, 7);
    }

    /**
     * One row per column with cached segments (a row per segment would make a VALUES list too long
     * to compile for a large cache): how many of its segments are cached, their bytes, and the
     * policy's value of the most valued one.
     */
    private String computeCacheQuery() {
        Map<SegmentId, long[]> counts = new LinkedHashMap<>(); // slice 0 stands for the column
        Map<SegmentId, Double> best = new HashMap<>();
        for (ComputeCache.Entry e : computeCache.get().contents()) {
            SegmentId column = new SegmentId(e.id().table(), e.id().version(), e.id().column(), 0);
            long[] c = counts.computeIfAbsent(column, k -> new long[2]);
            c[0]++;
            c[1] += e.bytes();
            best.merge(column, e.value(), Math::max);
        }
        List<List<Object>> rows = new ArrayList<>();
        for (Map.Entry<SegmentId, long[]> e : counts.entrySet()) {
            SegmentId id = e.getKey();
            String column;
            try {
                column = catalog.table(id.table()).schema().column(id.column()).name();
            } catch (IOException | RuntimeException gone) {
                column = "#" + id.column();
            }
            rows.add(List.of(id.table(), String.valueOf(id.version()), column, e.getValue()[0], e.getValue()[1], best.get(id)));
        }
        return values(rows, 6);
    }

    /** One row: the cache's policy, capacity, contents and how it has served (capacity 0: no cache). */
    private String computeCacheStatisticsQuery() {
        ComputeCache.Statistics s = computeCache.get().statistics();
        return values(List.of(List.of(s.policy(), s.capacity(), s.bytes(), (long) s.segments(), s.hits(), s.misses(),
                s.hitRate(), s.admissions(), s.evictions(), s.declined())), 10);
    }

    private List<String> readable() {
        try {
            return catalog.tableNames();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the tables of " + catalog.dir(), e);
        }
    }

    private List<String> views() {
        try {
            return catalog.views().names();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the views of " + catalog.dir(), e);
        }
    }

    /** A query of the rows (strings and integers), or of no rows. */
    private static String values(List<List<Object>> rows, int width) {
        StringBuilder sb = new StringBuilder("SELECT * FROM (VALUES ");
        if (rows.isEmpty()) {
            sb.append('(');
            for (int i = 0; i < width; i++) sb.append(i == 0 ? "" : ", ").append("NULL");
            return sb.append(")) WHERE FALSE").toString();
        }
        for (int r = 0; r < rows.size(); r++) {
            sb.append(r == 0 ? "(" : ", (");
            List<Object> row = rows.get(r);
            for (int i = 0; i < row.size(); i++) {
                if (i > 0) sb.append(", ");
                Object v = row.get(i);
                if (v instanceof Integer n) sb.append(n);
                else if (v instanceof Long n) sb.append("CAST(").append(n).append(" AS BIGINT)");
                // an approximate literal (1.4E-3): Double.toString's plain form (0.0014124293785310734) is an exact
                // numeric of 19 digits, out of range for the parser
                else if (v instanceof Double d) sb.append("CAST(").append(Double.isFinite(d) ? approximate(d) : "NULL").append(" AS DOUBLE)");
                else sb.append("CAST('").append(v.toString().replace("'", "''")).append("' AS VARCHAR)");
            }
            sb.append(')');
        }
        return sb.append(')').toString();
    }

    /** {@code d} as an SQL approximate numeric literal, exactly (Java's shortest round-trip digits). */
    static String approximate(double d) {
        String s = Double.toString(d);
        return s.contains("E") ? s : s + "E0";
    }
}
