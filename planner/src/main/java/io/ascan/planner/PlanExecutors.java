package io.ascan.planner;

import io.ascan.engine.EngineConfig;
import io.ascan.catalog.Catalog;

/** Where the front ends find the executor when none is given explicitly. */
public final class PlanExecutors {
    private PlanExecutors() {}

    /**
     * The executor of this build for {@code catalog}, or null when there is none, in which case
     * statements still prepare and EXPLAIN, and executing one is a clear error.
     *
     * <p>This build has one: the physical translation plus the engine's pipeline executor, one
     * engine instance per catalog directory and engine-level settings, shared by everyone who
     * opened it ({@link SharedEngines}); closing the result releases this user's hold.
     */
    public static PlanExecutor installed(Catalog catalog, EngineConfig config) {
        return SharedEngines.acquire(catalog, config);
    }
}
