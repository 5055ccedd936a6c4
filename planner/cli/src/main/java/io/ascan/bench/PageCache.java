package io.ascan.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Dropping the operating system's page cache before a cold run (Linux, root only). ascan reads
 * with O_DIRECT and does not go through it, but DuckDB does, and both engines read their
 * catalogs' metadata through it.
 */
final class PageCache {
    private static final Path DROP = Path.of("/proc/sys/vm/drop_caches");

    private PageCache() {}

    /** Drops clean cached pages (after writing back dirty ones); null if done, else why it cannot be. */
    static String drop() {
        try {
            new ProcessBuilder("sync").inheritIO().start().waitFor();
        } catch (IOException e) {
            // No sync binary: dirty pages stay cached, which only matters right after generating data.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
        try {
            Files.writeString(DROP, "3\n");
            return null;
        } catch (IOException | SecurityException e) {
            String why = e instanceof java.nio.file.AccessDeniedException ? "permission denied (needs root)"
                    : e instanceof java.nio.file.NoSuchFileException ? "no such file (not Linux?)" : e.getMessage();
            return "cannot drop the page cache through " + DROP + ": " + why;
        }
    }
}
