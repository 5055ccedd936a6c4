package io.ascan.format;

/**
 * A table's metadata is missing, unreadable or corrupt (manifest absent or failing its checksum,
 * {@code CURRENT} naming no version): the table cannot be read at all, while the catalog's other
 * tables stay usable. Corrupt data, for a front end (JDBC maps it to SQLState XX001).
 */
public class DamagedTableException extends StorageException {
    private final String reason;

    public DamagedTableException(String table, String reason) {
        super(table, "damaged: " + reason);
        this.reason = reason;
    }

    public DamagedTableException(String table, String reason, Throwable cause) {
        this(table, reason);
        initCause(cause);
    }

    /** What is wrong, without the table's name. */
    public String reason() {
        return reason;
    }
}
