package io.ascan.planner;

import io.ascan.engine.EngineConfig;
import io.ascan.catalog.Catalog;
import io.ascan.exec.DeepStack;
import io.ascan.exec.QueryException;
import io.ascan.exec.SqlStates;
import io.ascan.exec.QueryOptions;
import io.ascan.exec.QueryPhases;
import io.ascan.exec.QueryResult;
import io.ascan.format.StorageException;
import io.ascan.memory.Allocators;
import io.ascan.plan.OutputColumn;
import io.ascan.planner.schema.TypeMapping;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.calcite.rel.type.RelDataTypeField;

/**
 * The {@link QueryService} of ascan: plans with {@link QueryPlanner} and hands the optimised
 * logical plan to a {@link PlanExecutor}. Without an executor statements still prepare (result
 * columns, parameter count, EXPLAIN), and executing a query fails with a clear
 * {@link QueryException}. {@code EXPLAIN PLAN FOR q} is answered here, one row per plan line,
 * so it works in every front end with or without an executor. Thread-safe.
 *
 * <p>Prepared queries are kept in a {@link PlanCache} ({@code plan.cacheSize} entries): the same
 * text prepared again, by any statement of the service, reuses the plan while the tables it
 * reads are unchanged. EXPLAIN always plans afresh (and shows what the cache would hold: the
 * planner is deterministic).
 *
 * <p>Each execution pins the table versions its plan reads ({@link TablePins}) until its result
 * is closed, so a writer publishing a new version meanwhile changes nothing it reads. A query
 * whose tables have a newer version than it was planned from (or whose version was removed) is
 * planned again first: a prepared statement answers from the tables as they are now.
 */
public final class AscanQueryService implements QueryService {
    static final String NO_EXECUTOR = "query execution is not available in this build";

    private final Catalog catalog;
    private final QueryPlanner planner;
    private final PlanExecutor executor;
    private final PlanCache<Query> cache;
    private final BufferAllocator allocator = Allocators.root();

    /** {@code executor} may be null: see the class comment. */
    public AscanQueryService(Catalog catalog, PlanExecutor executor) {
        this(catalog, executor, EngineConfig.DEFAULTS.planCacheSize());
    }

    /** {@code planCacheSize}: prepared queries kept, 0 for none. */
    public AscanQueryService(Catalog catalog, PlanExecutor executor, int planCacheSize) {
        this.catalog = catalog;
        this.planner = new QueryPlanner(catalog);
        this.executor = executor;
        this.cache = new PlanCache<>(planCacheSize);
    }

    /** A service with the executor this build has ({@link PlanExecutors#installed}). */
    public static AscanQueryService open(Catalog catalog, EngineConfig config) {
        return new AscanQueryService(catalog, PlanExecutors.installed(catalog, config), config.planCacheSize());
    }

    /** {@code EXPLAIN ANALYZE q}: Calcite's grammar has no ANALYZE, so the prefix is recognised here. */
    private static final java.util.regex.Pattern EXPLAIN_ANALYZE =
            java.util.regex.Pattern.compile("^(\\s*EXPLAIN\\s+ANALYZE)\\s", java.util.regex.Pattern.CASE_INSENSITIVE);

    /**
     * Plans on a thread with a deep stack ({@link DeepStack}); every failure is a
     * {@link PlanningException}: an expression too deep for that stack (54001), or an internal
     * error (XX000, or the state of its cause) that reaches the caller as an exception, never as an Error.
     */
    @Override
    public Prepared prepare(String sql) throws PlanningException {
        try {
            return DeepStack.run(() -> plan(sql));
        } catch (PlanningException e) {
            throw e;
        } catch (RuntimeException | Error e) {
            if (DeepStack.overflowed(e)) throw CalciteErrors.tooDeep(e);
            throw new PlanningException("internal error: " + e, 0, 0, e, SqlStates.of(e));
        }
    }

    private Prepared plan(String sql) throws PlanningException {
        var analyze = EXPLAIN_ANALYZE.matcher(sql);
        if (analyze.find()) {
            // Blank the prefix rather than cut it, so error positions still point into the user's text.
            String query = " ".repeat(analyze.end(1)) + sql.substring(analyze.end(1));
            Prepared q = plan(query);
            if (q instanceof Explain) throw new PlanningException("EXPLAIN ANALYZE takes a query, not another EXPLAIN", 1, 1, null);
            return new ExplainAnalyze(q);
        }
        long lookup = System.nanoTime();
        Query cached = cache.get(sql);
        if (cached != null) {
            cached.lookedUp(System.nanoTime() - lookup);
            return cached;
        }
        QueryPhases phases = new QueryPhases();
        phases.since("plan cache lookup", lookup);
        LogicalPlan plan = plan(sql, phases);
        StatementShape shape = StatementShape.of(sql, plan);
        // EXPLAIN shows the engine's plan (scans with P and R, build sides, breakers); an executor adds pipelines.
        String engineExplain = shape.explain() && executor == null ? planner.explain(sql) : null;
        Query query = new Query(sql, plan, columns(plan), shape.parameterTypes(), executor, engineExplain, phases);
        if (shape.explain()) return new Explain(query);
        cache.put(sql, plan.rel(), query);
        return query;
    }

    /** Plans {@code sql}; a damaged table it names fails with the storage's reason (not as bad SQL). */
    private LogicalPlan plan(String sql, QueryPhases phases) throws PlanningException {
        try {
            return planner.plan(sql, phases);
        } catch (PlanningException | RuntimeException e) {
            for (Throwable c = e; c != null; c = c.getCause()) {
                if (c instanceof StorageException s) throw new PlanningException(s.getMessage(), 0, 0, s);
            }
            throw e;
        }
    }

    /**
     * Plans made again for one execution when its tables keep changing: after that the versions
     * pinned for the fresh plan are read (a snapshot as of that plan, never a mix).
     */
    private static final int REPLANS = 1;

    /** Plan cache lookups that found a current plan, and those that did not (for tests and statistics). */
    public long planCacheHits() {
        return cache.hits();
    }

    public long planCacheMisses() {
        return cache.misses();
    }

    private static List<OutputColumn> columns(LogicalPlan plan) throws PlanningException {
        List<OutputColumn> out = new ArrayList<>();
        List<String> names = plan.columnNames();
        for (int i = 0; i < names.size(); i++) {
            RelDataTypeField f = plan.resultType().getFieldList().get(i);
            DataType t = TypeMapping.toEngine(f.getType());
            if (t == null) {
                throw new PlanningException("result column '" + names.get(i) + "' has type " + f.getType().getFullTypeString()
                        + ", which ascan cannot return (cast it to a supported type)", 0, 0, null);
            }
            out.add(new OutputColumn(names.get(i), t));
        }
        return out;
    }

    @Override
    public void close() {
        if (executor != null) executor.close();
        allocator.close();
    }

    /** A plan and what the executor made of it. */
    private record Compiled(LogicalPlan plan, PlanExecutor.Executable executable, List<io.ascan.catalog.Table> tables) {}

    /** A query, compiled for the executor when there is one; planned again when its tables changed. */
    private final class Query implements Prepared {
        private final String sql;
        private volatile Compiled compiled;
        private final List<OutputColumn> columns;
        private final List<DataType> parameterTypes;
        private final String engineExplain;
        /** The planning phases, reported by the first execution; later ones report the plan as reused. */
        private final java.util.concurrent.atomic.AtomicReference<QueryPhases> planning;
        private final long planningNanos;
        /** The last plan cache lookup that found this query (diagnostic: racy between threads, never wrong by much). */
        private volatile long lookupNanos = -1;

        Query(String sql, LogicalPlan plan, List<OutputColumn> columns, List<DataType> parameterTypes, PlanExecutor executor,
              String engineExplain, QueryPhases phases) throws PlanningException {
            long start = System.nanoTime();
            this.sql = sql;
            this.engineExplain = engineExplain;
            this.columns = List.copyOf(columns);
            this.parameterTypes = parameterTypes;
            this.compiled = new Compiled(plan, executor == null ? null : executor.compile(plan, this.columns, parameterTypes, phases),
                    TablePins.tables(plan.rel()));
            this.planning = new java.util.concurrent.atomic.AtomicReference<>(phases);
            long before = 0;
            for (String step : List.of("plan cache lookup", "parse", "validate", "convert to rels", "optimise logical plan")) {
                before += Math.max(0, phases.nanos(step));
            }
            this.planningNanos = before + System.nanoTime() - start;
        }

        /**
         * Pins the versions the current plan reads; when a table has a newer version (or the
         * planned one was removed) plans again, keeping the result's shape, and pins that.
         */
        private QueryResult pinAndRun(List<Object> bound, QueryOptions options) throws QueryException, PlanningException {
            for (int attempt = 0; ; attempt++) {
                Compiled c = compiled;
                TablePins pins;
                try {
                    pins = TablePins.pin(c.tables());
                    if (pins != null && attempt < REPLANS && !pins.current(catalog)) {
                        pins.close();
                        pins = null;
                    }
                } catch (java.io.IOException e) {
                    throw new QueryException("cannot pin the tables of the query: " + e.getMessage(), e);
                }
                if (pins == null) {
                    replan(c);
                    continue;
                }
                try {
                    return new PinnedResult(c.executable().run(bound, options, executionPhases()), pins);
                } catch (QueryException | RuntimeException | Error e) {
                    pins.close();
                    throw e;
                }
            }
        }

        /** Plans the statement again from the tables' current versions, unless another execution just did. */
        private synchronized void replan(Compiled stale) throws PlanningException, QueryException {
            if (compiled != stale) return;
            QueryPhases phases = new QueryPhases();
            LogicalPlan plan = plan(sql, phases);
            if (!AscanQueryService.columns(plan).equals(columns)) {
                throw new QueryException("a table of this statement was replaced by one with other columns (now "
                        + AscanQueryService.columns(plan) + "): prepare the statement again");
            }
            compiled = new Compiled(plan, executor.compile(plan, columns, parameterTypes, phases), TablePins.tables(plan.rel()));
            cache.put(sql, plan.rel(), this);
        }

        void lookedUp(long nanos) {
            lookupNanos = nanos;
        }

        /** The phases an execution starts with: planning when this is the first, else the plan's reuse. */
        private QueryPhases executionPhases() {
            QueryPhases run = new QueryPhases();
            QueryPhases first = planning.getAndSet(null);
            if (first != null) {
                run.addAll(first);
            } else {
                long lookup = lookupNanos;
                run.add("plan", Math.max(lookup, 0), String.format(java.util.Locale.ROOT,
                        "reused: %s; planning took %.2f ms", lookup < 0 ? "prepared statement" : "plan cache hit", planningNanos / 1e6));
            }
            return run;
        }

        @Override
        public List<OutputColumn> columns() {
            return columns;
        }

        @Override
        public int parameterCount() {
            return parameterTypes.size();
        }

        @Override
        public List<DataType> parameterTypes() {
            return parameterTypes;
        }

        @Override
        public boolean nullable(int column) {
            return compiled.plan().resultType().getFieldList().get(column).getType().isNullable();
        }

        @Override
        public String explain() {
            Compiled c = compiled;
            if (c.executable() != null) return c.executable().explain();
            return engineExplain != null ? engineExplain : c.plan().explain();
        }

        /** Every failure is a QueryException, Errors included (a stack overflow is "expression too deep", 54001). */
        @Override
        public QueryResult execute(List<Object> parameters, QueryOptions options) throws QueryException, PlanningException {
            List<Object> bound = ParameterBinder.bind(parameterTypes, parameters);
            if (compiled.executable() == null) throw new QueryException(NO_EXECUTOR, SqlStates.FEATURE_NOT_SUPPORTED, null);
            try {
                return pinAndRun(bound, options);
            } catch (RuntimeException | Error e) {
                String state = SqlStates.of(e);
                throw new QueryException(state.equals(SqlStates.TOO_COMPLEX) ? "expression too deep to execute"
                        : "internal error: " + e, state, e);
            }
        }
    }

    /** {@code EXPLAIN PLAN FOR q}: q's plan as rows of one VARCHAR column {@code PLAN}. */
    private final class Explain implements Prepared {
        private final Query query;

        Explain(Query query) {
            this.query = query;
        }

        @Override
        public List<OutputColumn> columns() {
            return List.of(new OutputColumn("PLAN", DataType.VARCHAR));
        }

        @Override
        public int parameterCount() {
            return query.parameterCount();
        }

        @Override
        public List<DataType> parameterTypes() {
            return query.parameterTypes();
        }

        @Override
        public boolean nullable(int column) {
            return false;
        }

        @Override
        public String explain() {
            return query.explain();
        }

        @Override
        public QueryResult execute(List<Object> parameters, QueryOptions options) {
            List<Object[]> rows = query.explain().lines().map(l -> new Object[] {l}).toList();
            return MaterializedResult.of(allocator, columns(), rows);
        }
    }

    /**
     * {@code EXPLAIN ANALYZE q}: runs q to the end (its rows are counted, not returned), then
     * answers with q's plan followed by what ran: rows, time, and each AdaptiveScan's report
     * (slices and time per mode, switches with their reasons, sampling fraction, bytes moved).
     */
    private final class ExplainAnalyze implements Prepared {
        private final Prepared query;

        ExplainAnalyze(Prepared query) {
            this.query = query;
        }

        @Override
        public List<OutputColumn> columns() {
            return List.of(new OutputColumn("PLAN", DataType.VARCHAR));
        }

        @Override
        public int parameterCount() {
            return query.parameterCount();
        }

        @Override
        public List<DataType> parameterTypes() {
            return query.parameterTypes();
        }

        @Override
        public boolean nullable(int column) {
            return false;
        }

        @Override
        public String explain() {
            return query.explain();
        }

        @Override
        public QueryResult execute(List<Object> parameters, QueryOptions options) throws QueryException, PlanningException {
            long start = System.nanoTime(), rows = 0;
            String statistics;
            try (QueryResult r = query.execute(parameters, options)) {
                while (r.next()) rows += r.batch().getRowCount();
                statistics = r.statistics();
            }
            List<Object[]> lines = new ArrayList<>();
            query.explain().lines().forEach(l -> lines.add(new Object[] {l}));
            lines.add(new Object[] {String.format(java.util.Locale.ROOT, "Execution: %d rows in %.1f ms (mode %s)", rows,
                    (System.nanoTime() - start) / 1e6, options.mode())});
            statistics.lines().forEach(l -> lines.add(new Object[] {l}));
            return MaterializedResult.of(allocator, columns(), lines);
        }
    }
}
