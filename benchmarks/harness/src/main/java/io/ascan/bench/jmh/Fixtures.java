package io.ascan.bench.jmh;

import io.ascan.exec.QueryOptions;
import io.ascan.scan.Rowset;
import io.ascan.format.ColumnData;
import io.ascan.scan.ScanMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;

/** Deterministic data for the micro suites and the rowsets that carry it. */
final class Fixtures {
    /** Tuples per rowset: a slice of 2 MiB BIGINT segments, the engine's default segment size. */
    static final int ROWSET_ROWS = 1 << 18;

    /** The micro suites time one worker: a sink's finish (a join build's chaining) runs on one thread too. */
    static final QueryOptions ONE_WORKER = QueryOptions.DEFAULTS.withComputeThreads(1);

    private Fixtures() {}

    /** {@code n} values drawn uniformly from {@code [0, domain)}. */
    static int[] uniform(int n, int domain, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] v = new int[n];
        for (int i = 0; i < n; i++) v[i] = r.nextInt(domain);
        return v;
    }

    /** {@code 0..n-1} in random order. */
    static int[] permutation(int n, long seed) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) p[i] = i;
        shuffle(p, seed);
        return p;
    }

    static void shuffle(int[] a, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = a.length - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    /** How many of {@code values} are below {@code threshold}. */
    static int below(int[] values, int threshold) {
        int n = 0;
        for (int v : values) if (v < threshold) n++;
        return n;
    }

    /** A DIRECT rowset over {@code columns} (it owns and closes them). */
    static Rowset rowset(List<ColumnData> columns) {
        return new Rowset(ScanMode.DIRECT, columns.getFirst().rowCount(), columns, null);
    }

    /**
     * Rowsets of at most {@link #ROWSET_ROWS} tuples over parallel columns: column {@code c}
     * holds {@code values[c]} as {@code kinds[c]} (values in {@code [0, domain)}).
     */
    static List<Rowset> rowsets(ColumnKind[] kinds, int[][] values, int domain, BufferAllocator allocator) {
        List<Rowset> out = new ArrayList<>();
        int n = values[0].length;
        try {
            for (int from = 0; from < n; from += ROWSET_ROWS) {
                int to = Math.min(n, from + ROWSET_ROWS);
                List<ColumnData> cols = new ArrayList<>();
                try {
                    for (int c = 0; c < kinds.length; c++) {
                        cols.add(kinds[c].build("c" + c, Arrays.copyOfRange(values[c], from, to), domain, allocator));
                    }
                } catch (RuntimeException e) {
                    for (ColumnData d : cols) d.close();
                    throw e;
                }
                out.add(rowset(cols));
            }
            return out;
        } catch (RuntimeException e) {
            for (Rowset r : out) r.close();
            throw e;
        }
    }

    /**
     * Closes {@code resources} in the order given (nulls, from a set-up that failed early, are
     * skipped), every one even if another fails; rethrows the first failure.
     */
    static void close(AutoCloseable... resources) {
        RuntimeException first = null;
        for (AutoCloseable r : resources) {
            if (r == null) continue;
            try {
                r.close();
            } catch (Exception e) {
                RuntimeException f = e instanceof RuntimeException re ? re : new IllegalStateException("closing " + r + " failed", e);
                if (first == null) first = f;
                else first.addSuppressed(f);
            }
        }
        if (first != null) throw first;
    }

    /** One resource closing every element of {@code list} (null: nothing). */
    static AutoCloseable all(List<? extends AutoCloseable> list) {
        return () -> {
            if (list != null) close(list.toArray(new AutoCloseable[0]));
        };
    }

    /** Throws with {@code message} unless {@code condition}: a benchmark whose work went wrong must not report a figure. */
    static void check(boolean condition, String message) {
        if (!condition) throw new IllegalStateException(message);
    }
}
