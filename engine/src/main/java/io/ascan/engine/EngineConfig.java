package io.ascan.engine;

import io.ascan.exec.QueryOptions;
import io.ascan.scan.abm.AbmPolicy;

/**
 * The engine's settings, typed: everything a front end (JDBC connection, embedded handle, CLI)
 * configures, under the names of docs/configuration.md: the per-query {@link QueryOptions} plus the
 * engine-wide placement settings that {@code QueryOptions} does not carry. Parsed from text once,
 * by {@link EngineProperties}; the planner and the front ends receive this record.
 *
 * @param storageNode           {@code storage.node}: NUMA node of storage-side work, -1 = automatic
 * @param computeNode           {@code compute.node}: NUMA node of compute-side work, -1 = automatic
 * @param interconnectBandwidth {@code interconnect.bandwidth}: emulated link in bytes/s, 0 = no emulation
 * @param sliceRows             {@code scan.sliceRows}: always 0, the table's stored slices (their size is chosen
 *                              when a table is written: {@code ascan gen/import --slice-rows})
 * @param cacheBytes            {@code abm.bytes} (deprecated alias {@code cache.bytes}): the Active Buffer
 *                              Manager's chunk pool, 0 = none (scans read on their own),
 *                              {@link #DEFAULT_CACHE} = a quarter of physical memory (see
 *                              {@code SegmentCache.defaultCapacity})
 * @param planCacheSize         {@code plan.cacheSize}: prepared statements a connection (or embedded
 *                              handle) keeps planned, by text, 0 = none
 * @param filesCacheDir         {@code files.cacheDir}: where files read in place are imported, null = the
 *                              catalog's {@code .cache/files}
 * @param filesCacheBytes       {@code files.cacheBytes}: capacity of that cache (least recently used tables go first)
 * @param abmPolicy             {@code abm.policy}: normal | attach | elevator | relevance
 * @param abmReadBandwidth      {@code abm.readBandwidth}: the ABM's loads read at most this many bytes/s
 *                              (disk emulation), 0 = unlimited
 * @param computeCacheBytes     {@code cache.compute.bytes}: the compute-side cache of a remote storage node's
 *                              segments, 0 = none
 * @param computeCachePolicy    {@code cache.compute.policy}: lru | lfu | wlfu | belady
 */
public record EngineConfig(QueryOptions query, int storageNode, int computeNode, long interconnectBandwidth,
                           int sliceRows, long cacheBytes, int planCacheSize, String filesCacheDir,
                           long filesCacheBytes, String abmPolicy, long abmReadBandwidth, long computeCacheBytes,
                           String computeCachePolicy) {
    public static final long DEFAULT_CACHE = -1;
    public static final int DEFAULT_PLAN_CACHE_SIZE = 256;
    public static final long DEFAULT_FILES_CACHE_BYTES = 4L << 30;
    /** Until the cscan benchmark shows relevance winning here (docs/benchmarks.md), the paper's baseline. */
    public static final String DEFAULT_ABM_POLICY = "normal";
    /**
     * The compute-side cache is off unless asked for: its memory is the compute side's, taken from
     * what queries may use, and it pays off only for a workload that comes back to the same
     * segments, which the user knows and the engine cannot.
     */
    public static final long DEFAULT_COMPUTE_CACHE_BYTES = 0;
    public static final String DEFAULT_COMPUTE_CACHE_POLICY = "wlfu";
    public static final EngineConfig DEFAULTS = new EngineConfig(QueryOptions.DEFAULTS, -1, -1, 0, 0, DEFAULT_CACHE,
            DEFAULT_PLAN_CACHE_SIZE, null, DEFAULT_FILES_CACHE_BYTES, DEFAULT_ABM_POLICY, 0, DEFAULT_COMPUTE_CACHE_BYTES,
            DEFAULT_COMPUTE_CACHE_POLICY);

    public EngineConfig {
        if (storageNode < -1 || computeNode < -1) throw new IllegalArgumentException("NUMA nodes are -1 (automatic) or >= 0");
        if (interconnectBandwidth < 0) throw new IllegalArgumentException("interconnect.bandwidth must not be negative");
        if (sliceRows < 0) throw new IllegalArgumentException("scan.sliceRows must not be negative");
        if (cacheBytes < DEFAULT_CACHE) throw new IllegalArgumentException("abm.bytes must not be negative");
        if (abmReadBandwidth < 0) throw new IllegalArgumentException("abm.readBandwidth must not be negative");
        AbmPolicy.of(abmPolicy); // checks the name
        if (planCacheSize < 0) throw new IllegalArgumentException("plan.cacheSize must not be negative");
        if (filesCacheBytes < 0) throw new IllegalArgumentException("files.cacheBytes must not be negative");
        if (computeCacheBytes < 0) throw new IllegalArgumentException("cache.compute.bytes must not be negative");
        computeCachePolicy = io.ascan.cache.CachePolicy.checkName(computeCachePolicy);
    }

    /** With the default segment cache and plan cache. */
    public EngineConfig(QueryOptions query, int storageNode, int computeNode, long interconnectBandwidth, int sliceRows) {
        this(query, storageNode, computeNode, interconnectBandwidth, sliceRows, DEFAULT_CACHE, DEFAULT_PLAN_CACHE_SIZE,
                null, DEFAULT_FILES_CACHE_BYTES, DEFAULT_ABM_POLICY, 0, DEFAULT_COMPUTE_CACHE_BYTES, DEFAULT_COMPUTE_CACHE_POLICY);
    }

    public EngineConfig withQuery(QueryOptions q) {
        return new EngineConfig(q, storageNode, computeNode, interconnectBandwidth, sliceRows, cacheBytes, planCacheSize, filesCacheDir,
                filesCacheBytes, abmPolicy, abmReadBandwidth, computeCacheBytes, computeCachePolicy);
    }

    public EngineConfig withCacheBytes(long bytes) {
        return new EngineConfig(query, storageNode, computeNode, interconnectBandwidth, sliceRows, bytes, planCacheSize, filesCacheDir,
                filesCacheBytes, abmPolicy, abmReadBandwidth, computeCacheBytes, computeCachePolicy);
    }
}
