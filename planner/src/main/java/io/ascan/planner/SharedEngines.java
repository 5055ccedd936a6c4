package io.ascan.planner;

import io.ascan.engine.EngineConfig;
import io.ascan.catalog.Catalog;
import io.ascan.plan.OutputColumn;
import io.ascan.types.DataType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One engine instance (its segment cache, buffer pools, sampling coordinator and interconnect) per
 * catalog directory and engine-level settings, shared by every connection and embedded handle open
 * on it: the segment cache is storage-node memory of one storage node, so N connections must not
 * cache a table N times (with the default capacity, a quarter of RAM each), and concurrent scans
 * of one engine sample one at a time (A-Scan paper III-E). The engine closes with its last user.
 * Settings that differ per query (mode, threads, memory limit) stay per connection.
 */
final class SharedEngines {
    private record Key(Path dir, int storageNode, int computeNode, long interconnectBandwidth, long cacheBytes) {}

    private static final class Shared {
        final EnginePlanExecutor engine;
        int users;

        Shared(EnginePlanExecutor engine) {
            this.engine = engine;
        }
    }

    private static final Map<Key, Shared> ENGINES = new HashMap<>();

    private SharedEngines() {}

    /** The engine for {@code catalog} and {@code config}'s engine-level settings; close the result to release it. */
    static PlanExecutor acquire(Catalog catalog, EngineConfig config) {
        Key key = new Key(canonical(catalog.dir()), config.storageNode(), config.computeNode(), config.interconnectBandwidth(),
                config.cacheBytes());
        Shared shared;
        synchronized (ENGINES) {
            shared = ENGINES.computeIfAbsent(key, k -> new Shared(new EnginePlanExecutor(catalog, config)));
            shared.users++;
        }
        return new Lease(key, shared);
    }

    /** Engines open now (for tests). */
    static int open() {
        synchronized (ENGINES) {
            return ENGINES.size();
        }
    }

    private static Path canonical(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            return dir.toAbsolutePath().normalize();
        }
    }

    /** One user's hold on a shared engine; closing it twice releases once. */
    private static final class Lease implements PlanExecutor {
        private final Key key;
        private final Shared shared;
        private final AtomicBoolean closed = new AtomicBoolean();

        Lease(Key key, Shared shared) {
            this.key = key;
            this.shared = shared;
        }

        @Override
        public Executable compile(LogicalPlan plan, List<OutputColumn> columns, List<DataType> parameterTypes)
                throws PlanningException {
            if (closed.get()) throw new IllegalStateException("the engine was released (its connection is closed)");
            return shared.engine.compile(plan, columns, parameterTypes);
        }

        @Override
        public Executable compile(LogicalPlan plan, List<OutputColumn> columns, List<DataType> parameterTypes,
                                  io.ascan.exec.QueryPhases phases) throws PlanningException {
            if (closed.get()) throw new IllegalStateException("the engine was released (its connection is closed)");
            return shared.engine.compile(plan, columns, parameterTypes, phases);
        }

        @Override
        public void close() {
            if (!closed.compareAndSet(false, true)) return;
            synchronized (ENGINES) {
                if (--shared.users > 0) return;
                ENGINES.remove(key);
            }
            shared.engine.close();
        }
    }
}
