package io.ascan.planner.schema;

import io.ascan.catalog.Catalog;
import io.ascan.exchange.FileTableCache;
import io.ascan.exchange.ImportFormat;
import io.ascan.format.StorageException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
    private final Catalog catalog;
    private final Map<String, AscanTable> loaded = new ConcurrentHashMap<>();
    private final Lookup<Table> tables = new IgnoreCaseLookup<>() {
        @Override
        public Table get(String name) {
            return table(name);
        }

        @Override
        public Set<String> getNames(LikePattern pattern) {
            Set<String> names = new LinkedHashSet<>();
            for (String n : tableNames()) if (pattern.matcher().apply(n)) names.add(n);
            return names;
        }
    };

    private final com.google.common.collect.Multimap<String, Function> functions;

    public AscanSchema(Catalog catalog) {
        this(catalog, new FileTableCache(FileTableCache.defaultDir(catalog), FileTableCache.DEFAULT_CAPACITY));
    }

    /** The tables of {@code catalog}, and files read in place through {@code files}. */
    public AscanSchema(Catalog catalog, FileTableCache files) {
        this.catalog = catalog;
        this.functions = com.google.common.collect.ImmutableMultimap.<String, Function>builder()
                .put("read_parquet", new FileTableMacro(ImportFormat.PARQUET, files))
                .put("read_csv", new FileTableMacro(ImportFormat.CSV, files))
                .put("read_csv_auto", new FileTableMacro(ImportFormat.CSV, files))
                .put("read_arrow", new FileTableMacro(ImportFormat.ARROW, files))
                .build();
    }

    /** The table functions that read files in place (see {@link FileTableMacro}). */
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
