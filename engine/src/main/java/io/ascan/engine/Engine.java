package io.ascan.engine;

import io.ascan.cache.SegmentCache;
import io.ascan.scan.abm.AbmPolicy;
import io.ascan.scan.abm.ActiveBufferManager;
import io.ascan.exec.driver.Executor;
import io.ascan.exec.driver.PreparedPlan;
import io.ascan.exec.QueryException;
import io.ascan.exec.QueryOptions;
import io.ascan.exec.QueryPhases;
import io.ascan.exec.QueryResult;
import io.ascan.io.AlignedBufferPool;
import io.ascan.memory.Allocators;
import io.ascan.plan.PhysicalNode;
import io.ascan.scan.ScanEnvironment;
import io.ascan.scan.SamplingCoordinator;
import io.ascan.topology.Interconnect;
import io.ascan.topology.Topology;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The first stage of a query's lifecycle (engine, prepared query, result): what runs queries on
 * one catalog directory. Its Active Buffer Manager (with its chunk pool, the segment cache), buffer
 * pools, sampling coordinator and interconnect are fixed by the engine-wide settings
 * ({@code storage.node}, {@code compute.node}, {@code interconnect.bandwidth}, {@code abm.bytes},
 * {@code abm.policy}, {@code abm.readBandwidth}); per-query settings reach each execution
 * as {@link QueryOptions}.
 *
 * <p>One engine per catalog directory and engine-wide settings is shared by every connection and
 * embedded handle open on it ({@link #acquire}): the segment cache is memory of one storage node,
 * so N connections must not cache a table N times, and concurrent scans of one engine sample one
 * at a time (A-Scan paper III-E). It closes when its last user {@link #release}s it.
 */
public final class Engine {
    private static final long POOL_BYTES = 8L << 30;

    private record Key(Path dir, int storageNode, int computeNode, long interconnectBandwidth, long cacheBytes,
                       String abmPolicy, long abmReadBandwidth, long computeCacheBytes, String computeCachePolicy) {}

    private static final Map<Key, Engine> ENGINES = new HashMap<>();

    private final Key key;
    private final BufferAllocator allocator;
    private final AlignedBufferPool pool;
    private final AlignedBufferPool storagePool;
    private final SegmentCache cache;
    private final ActiveBufferManager abm; // null when abm.bytes is 0
    private final io.ascan.cache.ComputeCache computeCache; // disabled unless a remote catalog's, with cache.compute.bytes
    private final Executor executor;
    /** Guarded by {@link #ENGINES}. */
    private int users;

    private Engine(Key key, EngineConfig config) {
        this.key = key;
        io.ascan.scan.remote.RemoteStorage node = io.ascan.scan.remote.RemoteStorages.of(key.dir());
        BufferAllocator shared = node == null ? null : node.newAllocator("engine " + key.dir());
        this.allocator = shared != null ? shared : Allocators.root();
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
        long capacity = config.cacheBytes() == EngineConfig.DEFAULT_CACHE ? SegmentCache.defaultCapacity(allocator)
                : config.cacheBytes();
        cache = SegmentCache.create(allocator, capacity);
        abm = cache.enabled() ? new ActiveBufferManager(cache, AbmPolicy.of(config.abmPolicy()), config.query().io(),
                config.abmReadBandwidth()) : null;
        computeCache = node == null ? io.ascan.cache.ComputeCache.disabled()
                : io.ascan.cache.ComputeCache.create(allocator, config.computeCacheBytes(),
                        io.ascan.cache.CachePolicy.of(config.computeCachePolicy()));
        executor = new Executor(allocator, pool, scans, cache, abm, computeCache);
    }

    /** The engine of {@code dir} for {@code config}'s engine-wide settings, opened if none is; {@link #release} it once. */
    public static Engine acquire(Path dir, EngineConfig config) {
        Key key = new Key(canonical(dir), config.storageNode(), config.computeNode(), config.interconnectBandwidth(),
                config.cacheBytes(), config.abmPolicy(), config.abmReadBandwidth(), config.computeCacheBytes(),
                config.computeCachePolicy());
        synchronized (ENGINES) {
            Engine e = ENGINES.computeIfAbsent(key, k -> new Engine(k, config));
            e.users++;
            return e;
        }
    }

    /** Gives up one user's hold; the last one closes the engine (its cache, pools and allocator). */
    public void release() {
        boolean last;
        synchronized (ENGINES) {
            if (users == 0) throw new IllegalStateException("the engine was released more often than acquired");
            if (--users > 0) return;
            ENGINES.remove(key);
            last = ENGINES.isEmpty();
        }
        try {
            computeCache.close();
            if (abm != null) abm.close(); // closes the cache, its pool
            else cache.close();
            pool.close();
            if (storagePool != null) storagePool.close();
        } finally {
            allocator.close();
            if (last) Allocators.freeKept(); // no engine left to reuse the large blocks its queries released
        }
    }

    /** The compute-side cache of a remote storage node's segments (disabled for a local catalog or without cache.compute.bytes). */
    public io.ascan.cache.ComputeCache computeCache() {
        return computeCache;
    }

    /** The engine's Active Buffer Manager, or null when {@code abm.bytes} is 0 (benchmarks read its statistics). */
    public ActiveBufferManager abm() {
        return abm;
    }

    /** Cuts {@code plan} into the pipelines its executions run ({@link Executor#prepare}). */
    public PreparedPlan prepare(PhysicalNode plan, QueryPhases phases) {
        return executor.prepare(plan, phases);
    }

    /** Runs a prepared plan; {@code phases} holds those before execution and receives the run's. */
    public QueryResult execute(PreparedPlan plan, QueryOptions options, QueryPhases phases) throws QueryException {
        return executor.execute(plan, options, phases);
    }

    /** Runs a plan made for this execution alone (one with its parameters' values bound in). */
    public QueryResult execute(PhysicalNode plan, QueryOptions options, QueryPhases phases) throws QueryException {
        return executor.execute(plan, options, phases);
    }

    private static Path canonical(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            return dir.toAbsolutePath().normalize();
        }
    }
}
