package io.ascan.planner;

import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One monitor per table directory in this JVM: appends to a table take turns, so that two
 * INSERTs of one process never race to publish (across processes, the loser of that race fails
 * with SQLSTATE 40001 instead of dropping the other's rows).
 */
final class TableLocks {
    private static final ConcurrentHashMap<Path, Object> LOCKS = new ConcurrentHashMap<>();

    private TableLocks() {}

    static Object of(Path tableDir) {
        return LOCKS.computeIfAbsent(tableDir.toAbsolutePath().normalize(), k -> new Object());
    }
}
