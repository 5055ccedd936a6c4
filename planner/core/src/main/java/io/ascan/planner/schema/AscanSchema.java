package io.ascan.planner.schema;

import io.ascan.catalog.Catalog;
import io.ascan.exchange.FileTableCache;
import io.ascan.exchange.ImportFormat;
import io.ascan.format.StorageException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.schema.impl.ViewTable;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.apache.calcite.schema.Function;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.lookup.IgnoreCaseLookup;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;

/**
 * The tables of a {@link Catalog}. A table's manifest is read when a query first names it,
 * not when the schema is opened (a catalog may hold many large tables), and kept while its
 * {@link ManifestVersion} stays the same: each lookup costs one {@code stat}, and a table
 * written again (or dropped) is seen by the next statement planned.
 *
 * <p>Table names on disk are lower case. Lookup is exact; the parser lower-cases unquoted
 * identifiers (see {@code QueryPlanner}), so {@code LineOrder} finds {@code lineorder} while
 * the quoted {@code "LineOrder"} does not.
 */
public final class AscanSchema extends AbstractSchema {
    /** The schema's name in the planner (QueryPlanner.SCHEMA). */
    static final String QUERY_SCHEMA = "ascan";
    private final Catalog catalog;
    private final Map<String, AscanTable> loaded = new ConcurrentHashMap<>();
    private final Lookup<Table> tables = new IgnoreCaseLookup<>() {
        @Override
        public Table get(String name) {
            return tableOrView(name);
        }

        @Override
        public Set<String> getNames(LikePattern pattern) {
            Set<String> names = new LinkedHashSet<>();
            for (String n : tableNames()) if (pattern.matcher().apply(n)) names.add(n);
            try {
                for (String n : catalog.views().names()) if (pattern.matcher().apply(n)) names.add(n);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list the views of " + catalog.dir(), e);
            }
            return names;
        }
    };

    private final java.util.function.Function<String, RelDataType> viewTypes;
    private final com.google.common.collect.Multimap<String, Function> functions;

    /** A schema that expands no views, and reads files in place through a cache beside the catalog. */
    public AscanSchema(Catalog catalog) {
        this(catalog, new FileTableCache(FileTableCache.defaultDir(catalog), FileTableCache.DEFAULT_CAPACITY), sql -> {
            throw new IllegalStateException("this schema expands no views");
        });
    }

    /**
     * The tables of {@code catalog}, files read in place through {@code files}, and views typed
     * by {@code viewTypes} (the row type of a view's query).
     */
    public AscanSchema(Catalog catalog, FileTableCache files, java.util.function.Function<String, RelDataType> viewTypes) {
        this.catalog = catalog;
        this.viewTypes = viewTypes;
        this.functions = com.google.common.collect.ImmutableMultimap.<String, Function>builder()
                .put("read_parquet", new FileTableMacro(ImportFormat.PARQUET, files))
                .put("parquet_scan", new FileTableMacro(ImportFormat.PARQUET, files))
                .put("read_csv", new FileTableMacro(ImportFormat.CSV, files))
                .put("read_csv_auto", new FileTableMacro(ImportFormat.CSV, files))
                .put("read_arrow", new FileTableMacro(ImportFormat.ARROW, files))
                .put("range", new SeriesTableMacro("range", false, viewTypes))
                .put("generate_series", new SeriesTableMacro("generate_series", true, viewTypes))
                .build();
    }

    /** The table functions that read files in place ({@link FileTableMacro}) and make series ({@link SeriesTableMacro}). */
    @Override
    protected com.google.common.collect.Multimap<String, Function> getFunctionMultimap() {
        return functions;
    }

    public Catalog catalog() {
        return catalog;
    }

    @Override
    public Lookup<Table> tables() {
        return tables;
    }

    /** The table or view named exactly {@code name}, or null. */
    private Table tableOrView(String name) {
        AscanTable t = table(name);
        if (t != null || !name.matches("[a-z_][a-z0-9_]*")) return t;
        String query;
        try {
            query = catalog.views().query(name);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read view '" + name + "': " + e.getMessage(), e);
        }
        if (query == null) return null;
        CatalogReads.unversionedRead();
        // Expanded by the planner where a query names it (ViewTable.toRel), with the planner's own parser settings.
        return new ViewTable(Object[].class, f -> f.copyType(viewTypes.apply(query)), expandable(query), List.of(QUERY_SCHEMA),
                List.of(QUERY_SCHEMA, name));
    }

    private static final Pattern ORDER_BY = Pattern.compile("(?i)\\border\\s+by\\b");

    /**
     * A view's query as the planner expands it. Calcite drops the ORDER BY of a query expanded
     * inside another (without a LIMIT it orders nothing there) and then asks the converted query's
     * top for the order it dropped: an AssertionError. Inside a derived table its ORDER BY is a
     * sub-query's, dropped cleanly. (A view that sorts and repeats a column name cannot be read
     * this way; it is refused as ambiguous rather than failing inside the planner.)
     */
    static String expandable(String query) {
        return ORDER_BY.matcher(query).find() ? "SELECT * FROM (" + query + "\n)" : query; // a line of its own: the query may end in a -- comment
    }

    /** The table named exactly {@code name}, or null. */
    public AscanTable table(String name) {
        if (!name.equals(name.toLowerCase(Locale.ROOT)) || name.startsWith(".") || name.contains("/")) return null;
        // The version is read before the manifest: if the table changes in between, the older
        // version recorded only costs one more reload, never a stale plan.
        ManifestVersion now = ManifestVersion.of(catalog.dir().resolve(name));
        if (now == null) {
            loaded.remove(name);
            if (!catalog.exists(name)) return null;
            // Neither CURRENT nor a manifest, yet column files: say why it cannot be read, not "no such table".
            load(name);
            return null; // it became readable just now: unknown to this statement, as if not yet created
        }
        return loaded.compute(name, (n, old) -> old != null && old.version().equals(now) ? old : new AscanTable(load(n), now));
    }

    private io.ascan.catalog.Table load(String name) {
        try {
            return catalog.table(name);
        } catch (StorageException e) {
            throw new UncheckedIOException(e.getMessage(), e); // damaged: the planner reports it as such
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read table '" + name + "': " + e.getMessage(), e);
        }
    }

    private Iterable<String> tableNames() {
        try {
            return catalog.tableNames();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the tables of " + catalog.dir(), e);
        }
    }
}
