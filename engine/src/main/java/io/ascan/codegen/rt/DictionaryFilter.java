package io.ascan.codegen.rt;

/**
 * A string predicate evaluated once per dictionary entry instead of once per tuple: for a
 * dictionary-encoded VARCHAR column, {@code col = 'x'}, {@code col IN (...)}, {@code col LIKE
 * 'p'}, {@code BETWEEN} and range comparisons become {@code table[code]}. Generated code builds
 * the table when a batch is bound (its dictionary is fixed for the batch) and looks codes up per
 * tuple. Stateless, so one instance serves every worker.
 *
 * <p>A dictionary is Arrow VARCHAR buffers: int32 offsets ({@code size + 1} of them) and data.
 */
public final class DictionaryFilter {
    /** The predicate on one string value (not NULL). */
    @FunctionalInterface
    public interface Test {
        boolean test(long address, int length);
    }

    private final Test test;

    public DictionaryFilter(Test test) {
        this.test = test;
    }

    /** Whether each entry of the dictionary passes (NULL codes must be handled by the caller). */
    public boolean[] table(long offsets, long data, int size) {
        boolean[] t = new boolean[size];
        for (int i = 0; i < size; i++) {
            int start = Mem.getInt(offsets + 4L * i), end = Mem.getInt(offsets + 4L * (i + 1));
            t[i] = test.test(data + start, end - start);
        }
        return t;
    }

}
