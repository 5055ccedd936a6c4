package io.ascan.planner.schema;

import io.ascan.catalog.Catalog;
import io.ascan.format.ColumnSpec;
import io.ascan.types.DataType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
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
 */
public final class InformationSchema extends AbstractSchema {
    public static final String NAME = "information_schema";
    private static final String CATALOG = "ascan";

    private final Catalog catalog;
    private final Function<String, RelDataType> viewTypes;
    private final Lookup<Table> tables = new IgnoreCaseLookup<>() {
        @Override
        public Table get(String name) {
            return switch (name) {
                case "tables" -> view(tablesQuery(), InformationSchema::tablesType);
                case "columns" -> view(columnsQuery(), InformationSchema::columnsType);
                default -> null;
            };
        }

        @Override
        public Set<String> getNames(LikePattern pattern) {
            Set<String> names = new LinkedHashSet<>();
            for (String n : List.of("tables", "columns")) if (pattern.matcher().apply(n)) names.add(n);
            return names;
        }
    };

    public InformationSchema(Catalog catalog, Function<String, RelDataType> viewTypes) {
        this.catalog = catalog;
        this.viewTypes = viewTypes;
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
                else sb.append("CAST('").append(v.toString().replace("'", "''")).append("' AS VARCHAR)");
            }
            sb.append(')');
        }
        return sb.append(')').toString();
    }
}
