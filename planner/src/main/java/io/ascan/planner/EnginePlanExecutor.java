package io.ascan.planner;

import io.ascan.cache.SegmentCache;
import io.ascan.catalog.Catalog;
import io.ascan.codegen.rt.SqlException;
import io.ascan.exec.DeepStack;
import io.ascan.exec.driver.Executor;
import io.ascan.exec.driver.PreparedPlan;
import io.ascan.exec.QueryException;
import io.ascan.exec.SqlStates;
import io.ascan.planner.physical.UnsupportedPlanException;
import io.ascan.planner.rex.UnsupportedExpressionException;
import io.ascan.exec.QueryOptions;
import io.ascan.exec.QueryPhases;
import io.ascan.exec.QueryResult;
import io.ascan.io.AlignedBufferPool;
import io.ascan.memory.Allocators;
import io.ascan.plan.OutputColumn;
import io.ascan.planner.physical.PhysicalPlan;
import io.ascan.planner.physical.PhysicalPlanner;
import io.ascan.scan.ScanEnvironment;
import io.ascan.scan.SamplingCoordinator;
import io.ascan.topology.Interconnect;
import io.ascan.topology.Topology;
import io.ascan.types.DataType;
import java.util.List;
import io.ascan.expr.Literal;
import org.apache.calcite.rel.RelNode;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The executor of this build: Calcite's optimised plan goes through the physical (Volcano) phase
 * into the engine's plan, which {@link Executor} compiles into pipelines and runs.
 *
 * <p>The Volcano phase runs once per statement, at prepare. A statement without {@code ?}
 * parameters is also translated into the engine's plan once; one with parameters keeps its
 * ascan-convention plan (parameters in scan predicates P too) and is translated at each
 * execution with the values as literals, which is a walk over the plan: the scans prune their
 * slices for the actual values. A statement without parameters also keeps the pipeline classes
 * its first execution generated ({@link PreparedPlan}).
 */
final class EnginePlanExecutor implements PlanExecutor {
    private static final long POOL_BYTES = 8L << 30;

    private final BufferAllocator allocator = Allocators.root();
    private final AlignedBufferPool pool;
    private final AlignedBufferPool storagePool;
    private final SegmentCache cache;
    private final Executor executor;

    /**
     * The catalog is already in the plan (AdaptiveScan carries its table); the per-query settings
     * reach each run via QueryOptions, the placement settings ({@code storage.node},
     * {@code compute.node}, {@code interconnect.bandwidth}) are fixed here for the engine's life.
     */
    EnginePlanExecutor(Catalog catalog, EngineConfig config) {
        Topology topology = Topology.detect(config.storageNode(), config.computeNode());
        Interconnect link = Interconnect.of(config.interconnectBandwidth());
        boolean explicit = config.storageNode() >= 0 || config.computeNode() >= 0;
        if (topology.multiNode()) {
            // Two nodes: segment buffers where each role's memory is.
            pool = new AlignedBufferPool(POOL_BYTES, topology.computeNode());
            storagePool = new AlignedBufferPool(POOL_BYTES, topology.storageNode());
        } else {
            pool = new AlignedBufferPool(POOL_BYTES);
            storagePool = null;
        }
        ScanEnvironment scans = new ScanEnvironment(topology, link, new SamplingCoordinator(), storagePool,
                topology.multiNode() || link.emulated() || explicit);
        // The segment cache belongs to the engine instance and is shared by its queries (storage-side memory).
        long capacity = config.cacheBytes() == EngineConfig.DEFAULT_CACHE ? SegmentCache.defaultCapacity(allocator)
                : config.cacheBytes();
        cache = SegmentCache.create(allocator, capacity);
        executor = new Executor(allocator, pool, scans, cache);
    }

    @Override
    public Executable compile(LogicalPlan plan, List<OutputColumn> columns, List<DataType> parameterTypes)
            throws PlanningException {
        return compile(plan, columns, parameterTypes, new QueryPhases());
    }

    @Override
    public Executable compile(LogicalPlan plan, List<OutputColumn> columns, List<DataType> parameterTypes,
                              QueryPhases phases) throws PlanningException {
        long t0 = System.nanoTime();
        RelNode physicalRel = planning(() -> PhysicalPlanner.optimize(plan.rel()));
        phases.since("optimise physical plan", t0);
        if (parameterTypes.isEmpty()) {
            long t1 = System.nanoTime();
            PhysicalPlan physical = planning(() -> PhysicalPlanner.translate(physicalRel, plan.resultType(), null));
            phases.since("translate to engine plan", t1);
            String explain = physical.explain() + "Pipelines:\n" + Executor.explain(physical.root());
            PreparedPlan prepared = new PreparedPlan(physical.root());
            return new Executable() {
                @Override
                public String explain() {
                    return explain;
                }

                @Override
                public QueryResult run(List<Object> parameters, QueryOptions options) throws QueryException {
                    return run(parameters, options, new QueryPhases());
                }

                @Override
                public QueryResult run(List<Object> parameters, QueryOptions options, QueryPhases phases) throws QueryException {
                    return executor.execute(prepared, options, phases);
                }
            };
        }
        String explain = PhysicalPlanner.explainGeneric(physicalRel);
        return new Executable() {
            @Override
            public String explain() {
                return explain;
            }

            @Override
            public QueryResult run(List<Object> parameters, QueryOptions options) throws QueryException {
                return run(parameters, options, new QueryPhases());
            }

            @Override
            public QueryResult run(List<Object> parameters, QueryOptions options, QueryPhases phases) throws QueryException {
                long t0 = System.nanoTime();
                List<Literal> values = ParameterLiterals.toEngine(parameters, parameterTypes);
                PhysicalPlan physical;
                try {
                    physical = DeepStack.run(() -> PhysicalPlanner.translate(physicalRel, plan.resultType(), values));
                } catch (RuntimeException e) {
                    throw new QueryException("cannot execute this query: " + e.getMessage(), state(e), e);
                }
                phases.since("translate to engine plan", t0);
                return executor.execute(physical.root(), options, phases);
            }
        };
    }

    private interface Step<T> {
        T run();
    }

    private static <T> T planning(Step<T> step) throws PlanningException {
        try {
            return step.run();
        } catch (SqlException e) {
            throw e; // a data error (a constant out of range), not a problem of the SQL's form
        } catch (RuntimeException e) {
            throw new PlanningException("cannot execute this query: " + e.getMessage(), 0, 0, e, state(e));
        }
    }

    /** A plan the engine cannot run is a feature it lacks (0A000); anything else an internal error. */
    private static String state(RuntimeException e) {
        return e instanceof UnsupportedPlanException || e instanceof UnsupportedExpressionException
                ? SqlStates.FEATURE_NOT_SUPPORTED : SqlStates.of(e);
    }

    @Override
    public void close() {
        try {
            cache.close();
            pool.close();
            if (storagePool != null) storagePool.close();
        } finally {
            allocator.close();
        }
    }
}
