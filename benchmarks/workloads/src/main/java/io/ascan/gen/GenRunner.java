package io.ascan.gen;

import io.ascan.exchange.UserException;
import io.ascan.format.TableManifest;
import io.ascan.format.WriteOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What every {@code ascan gen} command does once its generator is built: prepares the catalog
 * directory, refuses to overwrite existing tables unless asked to, writes each table with a
 * progress bar, and prints a per-table summary.
 */
public final class GenRunner {
    private final Path dir;
    private final int threads;
    private final boolean replace;
    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean terminal;
    private int sliceRows;
    private boolean packed;

    /** Rows written and wall time of one table. */
    public record Result(String table, long rows, double seconds) {}

    public GenRunner(Path dir, int threads, boolean replace, PrintWriter out, PrintWriter err, boolean terminal) {
        if (threads < 1) throw new UserException("--threads must be at least 1, got " + threads);
        this.dir = dir;
        this.threads = threads;
        this.replace = replace;
        this.out = out;
        this.err = err;
        this.terminal = terminal;
    }

    /** Caps every slice at {@code rows} rows (0: only the segment byte cap decides). */
    public GenRunner withSliceRows(int rows) {
        if (rows < 0) throw new UserException("--slice-rows must not be negative, got " + rows);
        this.sliceRows = rows;
        return this;
    }

    /** Stores integer segments packed where that pays (docs/storage.md, "Packed integer segments"). */
    public GenRunner withPacked(boolean p) {
        this.packed = p;
        return this;
    }

    public List<Result> run(List<ChunkedTable> tables) throws IOException {
        prepareDirectory();
        if (!replace) refuseExisting(tables);
        List<Result> results = new ArrayList<>();
        WriteOptions options = WriteOptions.DEFAULTS.withReplace(replace).withMaxSliceRows(sliceRows).withPacked(packed);
        for (ChunkedTable t : tables) {
            long start = System.nanoTime();
            ProgressBar bar = new ProgressBar(err, terminal, t.name(), t.expectedRows());
            TableManifest m = ParallelGeneration.write(dir, t, options, threads, bar);
            bar.finish();
            results.add(new Result(t.name(), m.rowCount(), (System.nanoTime() - start) / 1e9));
        }
        printSummary(results);
        return results;
    }

    private void prepareDirectory() {
        try {
            Files.createDirectories(dir);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new UserException(dir + " exists and is not a directory");
        } catch (FileSystemException e) {
            throw new UserException("cannot create directory " + dir + ": " + reason(e));
        } catch (IOException e) {
            throw new UserException("cannot create directory " + dir + ": " + e.getMessage());
        }
        if (!Files.isDirectory(dir)) throw new UserException(dir + " is not a directory");
        if (!Files.isWritable(dir)) throw new UserException("cannot write to directory " + dir + ": permission denied");
    }

    private static String reason(FileSystemException e) {
        if (e instanceof AccessDeniedException) return "permission denied";
        return e.getReason() != null ? e.getReason().toLowerCase(Locale.ROOT) : e.getClass().getSimpleName();
    }

    private void refuseExisting(List<ChunkedTable> tables) {
        List<String> existing = new ArrayList<>();
        for (ChunkedTable t : tables) if (Files.exists(dir.resolve(t.name()))) existing.add(t.name());
        if (!existing.isEmpty()) {
            throw new UserException((existing.size() == 1 ? "table " : "tables ") + String.join(", ", existing)
                    + (existing.size() == 1 ? " already exists" : " already exist") + " in " + dir
                    + " (use --replace to overwrite, or another --dir)");
        }
    }

    private void printSummary(List<Result> results) {
        long rows = 0;
        double seconds = 0;
        out.printf(Locale.ROOT, "%-12s %15s %9s%n", "table", "rows", "seconds");
        for (Result r : results) {
            out.printf(Locale.ROOT, "%-12s %,15d %9.2f%n", r.table(), r.rows(), r.seconds());
            rows += r.rows();
            seconds += r.seconds();
        }
        out.printf(Locale.ROOT, "%-12s %,15d %9.2f%n", "total", rows, seconds);
        out.println("catalog: " + dir.toAbsolutePath().normalize());
        out.flush();
    }
}
