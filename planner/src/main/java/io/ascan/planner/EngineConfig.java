package io.ascan.planner;

import io.ascan.exec.QueryOptions;

/**
 * Everything a front end (JDBC connection, embedded handle, CLI) configures, under the names of
 * DESIGN.md: the per-query {@link QueryOptions} plus the engine-wide placement settings that
 * {@code QueryOptions} does not carry. Parsed from text by {@link EngineProperties}.
 *
 * @param storageNode           {@code storage.node}: NUMA node of storage-side work, -1 = automatic
 * @param computeNode           {@code compute.node}: NUMA node of compute-side work, -1 = automatic
 * @param interconnectBandwidth {@code interconnect.bandwidth}: emulated link in bytes/s, 0 = no emulation
 * @param sliceRows             {@code scan.sliceRows}: always 0, the table's stored slices (their size is chosen
 *                              when a table is written: {@code ascan gen/import --slice-rows})
 */
public record EngineConfig(QueryOptions query, int storageNode, int computeNode, long interconnectBandwidth,
                           int sliceRows) {
    public static final EngineConfig DEFAULTS = new EngineConfig(QueryOptions.DEFAULTS, -1, -1, 0, 0);

    public EngineConfig {
        if (storageNode < -1 || computeNode < -1) throw new IllegalArgumentException("NUMA nodes are -1 (automatic) or >= 0");
        if (interconnectBandwidth < 0) throw new IllegalArgumentException("interconnect.bandwidth must not be negative");
        if (sliceRows < 0) throw new IllegalArgumentException("scan.sliceRows must not be negative");
    }

    public EngineConfig withQuery(QueryOptions q) {
        return new EngineConfig(q, storageNode, computeNode, interconnectBandwidth, sliceRows);
    }
}
