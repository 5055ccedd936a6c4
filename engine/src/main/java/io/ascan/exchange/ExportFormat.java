package io.ascan.exchange;

import java.nio.file.Path;
import java.util.Locale;

/** The formats {@code ascan export} writes, chosen by the target file's extension. */
public enum ExportFormat {
    CSV, PARQUET;

    public static ExportFormat forPath(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".csv")) return CSV;
        if (name.endsWith(".parquet")) return PARQUET;
        throw new UserException("cannot tell the export format from the name " + file
                + ": use a file name ending in .parquet or .csv");
    }
}
