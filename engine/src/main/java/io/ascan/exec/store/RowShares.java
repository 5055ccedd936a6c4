package io.ascan.exec.store;

import io.ascan.codegen.rt.Mem;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Row addresses sorted into {@value #SHARES} shares by six bits of their stored hash: how several
 * threads split the rows of a hash join build or of the aggregation merge without locks. Phase 1:
 * each thread reads the rows of every {@code parts}-th row run once ({@link #partition}). Phase 2:
 * thread {@code part} takes shares {@code part}, {@code part + parts}... of every thread's result
 * ({@link #forEachRow}); rows of one share always go to one thread.
 */
public final class RowShares {
    public static final int SHARES = 64;

    private final long[][] rows = new long[SHARES][16];
    private final int[] counts = new int[SHARES];

    private RowShares() {}

    /** Thread {@code part} of {@code parts}: its runs' rows by share, the share being bits [shift, shift + 6) of the hash. */
    public static RowShares partition(List<TupleStore> stores, int part, int parts, int shift) {
        RowShares out = new RowShares();
        int run = 0;
        for (TupleStore s : stores) {
            for (int r = 0; r < s.runCount(); r++, run++) {
                if (run % parts == part) {
                    s.forEachRowOfRun(r, row -> out.add((int) (Mem.getLong(row + RowLayout.HASH) >>> shift & (SHARES - 1)), row));
                }
            }
        }
        return out;
    }

    /** Visits, in phase 2, the rows of thread {@code part}'s shares from every partition. */
    public static void forEachRow(List<RowShares> partitions, int part, int parts, LongConsumer visitor) {
        for (int share = part; share < SHARES; share += parts) {
            for (RowShares p : partitions) {
                long[] r = p.rows[share];
                for (int i = 0; i < p.counts[share]; i++) visitor.accept(r[i]);
            }
        }
    }

    private void add(int share, long row) {
        if (counts[share] == rows[share].length) rows[share] = Arrays.copyOf(rows[share], rows[share].length * 2);
        rows[share][counts[share]++] = row;
    }
}
