package io.ascan.planner;

import io.ascan.catalog.Catalog;
import io.ascan.exec.Executor;
import io.ascan.exec.QueryException;
import io.ascan.exec.QueryOptions;
import io.ascan.exec.QueryResult;
import io.ascan.io.AlignedBufferPool;
import io.ascan.memory.Allocators;
import io.ascan.plan.OutputColumn;
import io.ascan.planner.physical.PhysicalPlan;
import io.ascan.planner.physical.PhysicalPlanner;
import io.ascan.scan.ScanEnvironment;
import io.ascan.scan.policy.SamplingCoordinator;
import io.ascan.topology.Interconnect;
import io.ascan.topology.Topology;
import io.ascan.types.DataType;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The executor of this build: Calcite's optimised plan goes through the physical (Volcano) phase
 * into the engine's plan, which {@link Executor} compiles into pipelines and runs.
 *
 * <p>Statements with {@code ?} parameters are translated at each execution, with the values bound
 * as literals: the engine's expressions have no parameters, and literal values let zone maps prune
 * slices for the actual values. Statements without parameters are translated once, at prepare.
 */
final class EnginePlanExecutor implements PlanExecutor {
    private static final long POOL_BYTES = 8L << 30;

    private final BufferAllocator allocator = Allocators.root();
    private final AlignedBufferPool pool;
    private final AlignedBufferPool storagePool;
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
        executor = new Executor(allocator, pool, scans);
    }

    @Override
    public Executable compile(LogicalPlan plan, List<OutputColumn> columns, List<DataType> parameterTypes)
            throws PlanningException {
        if (parameterTypes.isEmpty()) {
            PhysicalPlan physical = translate(plan.rel(), plan);
            String explain = physical.explain() + "Pipelines:\n" + Executor.explain(physical.root());
            return new Executable() {
                @Override
                public String explain() {
                    return explain;
                }

                @Override
                public QueryResult run(List<Object> parameters, QueryOptions options) throws QueryException {
                    return executor.execute(physical.root(), options);
                }
            };
        }
        return new Executable() {
            @Override
            public String explain() {
                return plan.explain() + "(parameters are bound at execution; EXPLAIN a statement with literals for its pipelines)\n";
            }

            @Override
            public QueryResult run(List<Object> parameters, QueryOptions options) throws QueryException {
                try {
                    PhysicalPlan physical = translate(bind(plan.rel(), parameters), plan);
                    return executor.execute(physical.root(), options);
                } catch (PlanningException e) {
                    throw new QueryException(e.getMessage(), e);
                }
            }
        };
    }

    private static PhysicalPlan translate(RelNode rel, LogicalPlan plan) throws PlanningException {
        try {
            return PhysicalPlanner.plan(rel, plan.resultType());
        } catch (RuntimeException e) {
            throw new PlanningException("cannot execute this query: " + e.getMessage(), 0, 0, e);
        }
    }

    /** Replaces every {@code ?} with its value as a literal of the parameter's type. */
    private static RelNode bind(RelNode rel, List<Object> values) {
        RexBuilder rex = rel.getCluster().getRexBuilder();
        RexShuttle literals = new RexShuttle() {
            @Override
            public RexNode visitDynamicParam(RexDynamicParam p) {
                Object v = values.get(p.getIndex());
                return rex.makeLiteral(ParameterLiterals.toCalcite(v, p.getType()), p.getType(), true);
            }
        };
        return rel.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                return super.visit(other).accept(literals);
            }
        });
    }

    @Override
    public void close() {
        try {
            pool.close();
            if (storagePool != null) storagePool.close();
        } finally {
            allocator.close();
        }
    }
}
