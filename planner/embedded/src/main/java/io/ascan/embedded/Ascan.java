package io.ascan.embedded;

import io.ascan.catalog.Catalog;
import io.ascan.engine.EngineConfig;
import io.ascan.engine.EngineProperties;
import io.ascan.exec.QueryException;
import io.ascan.exec.QueryOptions;
import io.ascan.exec.QueryResult;
import io.ascan.memory.Allocators;
import io.ascan.planner.AscanQueryService;
import io.ascan.planner.PlanningException;
import io.ascan.planner.PreparedQuery;
import io.ascan.planner.QueryService;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;

/**
 * ascan embedded in a Java program: open a catalog directory, run SQL, read Arrow batches.
 *
 * <pre>{@code
 * try (Ascan db = Ascan.open(Path.of("data"), Map.of("compute.threads", "4"));
 *      QueryReader r = db.query("SELECT d_year, COUNT(*) FROM dwdate WHERE d_year > ? GROUP BY d_year", 1995)) {
 *     VectorSchemaRoot root = r.getVectorSchemaRoot();
 *     while (r.loadNextBatch()) { ... root.getVector(0) ... }
 * }
 * }</pre>
 *
 * A handle is thread-safe: several queries may run at once, each read by one thread.
 */
public final class Ascan implements AutoCloseable {
    private final Catalog catalog;
    private final EngineConfig config;
    private final QueryService service;
    /** The storage node connection of a remote catalog, closed after the service; null for a directory. */
    private CatalogTarget remote;
    private final BufferAllocator allocator = Allocators.root();

    private Ascan(Catalog catalog, EngineConfig config, QueryService service) {
        this.catalog = catalog;
        this.config = config;
        this.service = service;
    }

    /** Opens {@code dir} with the settings of docs/configuration.md ({@code mode}, {@code compute.threads}, ...). */
    public static Ascan open(Path dir, Map<String, String> settings) throws IOException {
        return open(dir, EngineProperties.parse(settings));
    }

    /**
     * Opens a catalog directory or a storage node ({@code grpc://host:port}, docs/storage-node.md);
     * {@code settings} as for a directory, plus {@code storage.token} for the node.
     */
    public static Ascan open(String target, Map<String, String> settings) throws IOException {
        Map<String, String> engine = new java.util.HashMap<>(settings);
        CatalogTarget t = CatalogTarget.open(target, engine);
        try {
            return open(t, EngineProperties.parse(engine));
        } catch (RuntimeException e) {
            t.close();
            throw e;
        }
    }

    /** Opens an engine on {@code target} (a directory or a storage node's catalog), which it closes when closed. */
    public static Ascan open(CatalogTarget target, EngineConfig config) throws IOException {
        try {
            Ascan a = new Ascan(target.catalog(), config, AscanQueryService.open(target.catalog(), config));
            a.remote = target;
            return a;
        } catch (RuntimeException e) {
            target.close();
            throw e;
        }
    }

    public static Ascan open(Path dir) throws IOException {
        return open(dir, EngineConfig.DEFAULTS);
    }

    public static Ascan open(Path dir, EngineConfig config) throws IOException {
        Catalog catalog = Catalog.open(dir).logRecovery();
        return new Ascan(catalog, config, AscanQueryService.open(catalog, config));
    }

    /** Opens {@code dir} with the query service {@code services} makes for its catalog; for tests. */
    public static Ascan open(Path dir, EngineConfig config, Function<Catalog, QueryService> services) throws IOException {
        Catalog catalog = Catalog.open(dir);
        return new Ascan(catalog, config, services.apply(catalog));
    }

    public Catalog catalog() {
        return catalog;
    }

    public EngineConfig config() {
        return config;
    }

    /** Plans {@code sql} once, to run it many times or to inspect its columns and plan. */
    public PreparedQuery prepare(String sql) throws PlanningException {
        return service.prepare(sql);
    }

    /** Runs {@code sql} with the handle's settings; {@code parameters} bind the {@code ?} in order. */
    public QueryReader query(String sql, Object... parameters) throws PlanningException, QueryException {
        return query(prepare(sql), config.query(), parameters);
    }

    public QueryReader query(PreparedQuery statement, QueryOptions options, Object... parameters)
            throws PlanningException, QueryException {
        return query(statement, options, r -> {}, parameters);
    }

    /**
     * Runs {@code statement}, handing the running query to {@code started} before waiting for its
     * first batch: a progress display polls its {@link QueryResult#progress()} meanwhile.
     */
    public QueryReader query(PreparedQuery statement, QueryOptions options, Consumer<QueryResult> started,
                             Object... parameters) throws PlanningException, QueryException {
        List<Object> params = Arrays.asList(parameters);
        QueryResult result = statement.execute(params, options);
        started.accept(result);
        return QueryReader.over(result, allocator);
    }

    /** The EXPLAIN text of {@code sql}. */
    public String explain(String sql) throws PlanningException {
        return prepare(sql).explain();
    }

    @Override
    public void close() {
        try {
            service.close();
            allocator.close();
        } finally {
            if (remote != null) {
                try {
                    remote.close();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        }
    }
}
