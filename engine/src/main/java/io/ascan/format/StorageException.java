package io.ascan.format;

import java.io.IOException;

/** A table's files are missing, malformed or corrupt. The message names table, column and slice. */
public class StorageException extends IOException {
    public StorageException(String table, String detail) {
        super("table '" + table + "': " + detail);
    }

    public StorageException(String table, String column, int slice, String detail) {
        super("table '" + table + "', column '" + column + "', slice " + slice + ": " + detail);
    }

    public StorageException(String table, String column, int slice, String detail, Throwable cause) {
        super("table '" + table + "', column '" + column + "', slice " + slice + ": " + detail, cause);
    }
}
