package io.ascan.codegen.rt;

/**
 * HyperLogLog sketches of 2^12 one-byte registers (4 KiB) in native memory, for
 * APPROX_COUNT_DISTINCT: the standard error of an estimate is 1.04 / sqrt(4096), about 1.6%
 * (Flajolet et al. 2007), with linear counting for small cardinalities, where it is nearly exact.
 * A register array of all zeros is an empty sketch, so a new, zeroed group row is one.
 */
public final class HyperLogLog {
    /** log2 of the register count. */
    public static final int P = 12;
    public static final int REGISTERS = 1 << P;
    /** The sketch's size in bytes (a multiple of 8). */
    public static final int BYTES = REGISTERS;

    private HyperLogLog() {}

    /** Adds a value by its 64-bit hash (mixed once more: the index takes the top bits, the rank the others). */
    public static void add(long registers, long hash) {
        long x = Hash.mix(hash ^ 0x9E3779B97F4A7C15L);
        int index = (int) (x >>> (64 - P));
        int rank = Long.numberOfLeadingZeros((x << P) | (1L << (P - 1))) + 1;
        long at = registers + index;
        if (rank > Mem.getByte(at)) Mem.putByte(at, (byte) rank);
    }

    /** Folds sketch {@code other} into {@code into}: the maximum of each register. */
    public static void merge(long into, long other) {
        for (int i = 0; i < REGISTERS; i++) {
            byte r = Mem.getByte(other + i);
            if (r > Mem.getByte(into + i)) Mem.putByte(into + i, r);
        }
    }

    /** The estimated number of distinct values added. */
    public static long estimate(long registers) {
        double sum = 0;
        int zeros = 0;
        for (int i = 0; i < REGISTERS; i++) {
            int r = Mem.getByte(registers + i);
            sum += Double.longBitsToDouble((1023L - r) << 52); // 2^-r
            if (r == 0) zeros++;
        }
        double m = REGISTERS;
        double estimate = 0.7213 / (1 + 1.079 / m) * m * m / sum;
        // small cardinalities: linear counting of the empty registers (64-bit hashes need no large-range correction)
        if (estimate <= 2.5 * m && zeros > 0) estimate = m * Math.log(m / zeros);
        return Math.round(estimate);
    }
}
