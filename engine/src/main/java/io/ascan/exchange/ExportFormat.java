package io.ascan.exchange;

import java.nio.file.Path;
import java.util.Locale;

/** The formats {@code ascan export} writes, chosen by the target file's extension. */
public enum ExportFormat {
    CSV, PARQUET,
    /** Arrow IPC file (random-access) format: .arrow, .feather (Feather v2 is this format), .ipc. */
    ARROW,
    /** Arrow IPC stream format: .arrows. */
    ARROW_STREAM;

    public static ExportFormat forPath(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".csv")) return CSV;
        if (name.endsWith(".parquet")) return PARQUET;
        if (name.endsWith(".arrow") || name.endsWith(".feather") || name.endsWith(".ipc")) return ARROW;
        if (name.endsWith(".arrows")) return ARROW_STREAM;
        throw new UserException("cannot tell the export format from the name " + file
                + ": use a file name ending in .parquet, .csv, .arrow (.feather, .ipc) or .arrows (Arrow IPC stream)");
    }
}
