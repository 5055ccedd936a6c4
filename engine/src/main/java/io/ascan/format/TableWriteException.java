package io.ascan.format;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Writing a table failed on the catalog's side (disk full, I/O error, permissions): the message
 * names the table, the directory written to and the cause. The table's existing version, if any,
 * is unchanged.
 */
public class TableWriteException extends IOException {
    public TableWriteException(String table, Path dir, IOException cause) {
        super("cannot write table '" + table + "' in " + dir + ": " + describe(cause)
                + " (the table's existing version, if any, is unchanged)", cause);
    }

    private static String describe(IOException e) {
        String m = e.getMessage();
        if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) m = fs.getReason();
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
