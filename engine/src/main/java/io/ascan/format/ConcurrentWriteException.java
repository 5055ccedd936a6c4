package io.ascan.format;

import java.io.IOException;

/**
 * An append to a table lost a race: another writer published a new version of the table after
 * the append started from the previous one. The append is discarded (publishing it would drop the
 * other writer's rows); the table keeps the other writer's version. SQLSTATE 40001: run it again.
 */
public final class ConcurrentWriteException extends IOException {
    public ConcurrentWriteException(String table) {
        super("table '" + table + "' was changed by another writer while rows were appended to it: "
                + "nothing was written, run the statement again");
    }
}
