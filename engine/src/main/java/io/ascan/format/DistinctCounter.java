package io.ascan.format;

import io.ascan.codegen.rt.Hash;
import io.ascan.types.TypeKind;

/**
 * Approximate count of a column's distinct non-NULL values (HyperLogLog, 4096 registers, about
 * 1.6% standard error) kept in the manifest for the planner's cardinality estimates: join sizes
 * and build sides depend on distinct counts, which zone maps cannot give for strings.
 */
final class DistinctCounter {
    private static final int P = 12;
    private static final int M = 1 << P;
    private final byte[] registers = new byte[M];

    void add(long hash) {
        int index = (int) (hash >>> (64 - P));
        int rank = Long.numberOfLeadingZeros((hash << P) | (1L << (P - 1))) + 1;
        if (rank > registers[index]) registers[index] = (byte) rank;
    }

    /** Adds the non-NULL values of a column buffer. */
    void addAll(ColumnBuffer b) {
        TypeKind k = b.kind();
        for (int i = 0; i < b.size; i++) {
            if (b.nulls[i]) continue;
            long h = switch (k) {
                case BOOLEAN, INTEGER, DATE -> Hash.mix(b.ints[i] + 0x9E3779B97F4A7C15L);
                case BIGINT, DECIMAL, TIMESTAMP -> Hash.mix(b.longs[i] + 0x9E3779B97F4A7C15L);
                case DOUBLE -> Hash.mix(Hash.ofDouble(b.doubles[i]) + 0x9E3779B97F4A7C15L);
                case VARCHAR -> bytesHash(b.bytes, b.offsets[i], b.offsets[i + 1]);
            };
            add(h);
        }
    }

    private static long bytesHash(byte[] a, int from, int to) {
        long h = Hash.SEED ^ (to - from);
        for (int i = from; i < to; i++) h = h * 0x100000001B3L ^ a[i];
        return Hash.mix(h);
    }

    long estimate() {
        double sum = 0;
        int zeros = 0;
        for (byte r : registers) {
            sum += 1.0 / (1L << r);
            if (r == 0) zeros++;
        }
        double alpha = 0.7213 / (1 + 1.079 / M);
        double e = alpha * M * M / sum;
        if (e <= 2.5 * M && zeros > 0) e = M * Math.log((double) M / zeros); // linear counting for small sets
        return Math.round(e);
    }
}
