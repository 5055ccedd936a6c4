package io.ascan.codegen.rt;


/**
 * Comparisons as arithmetic (1: holds, 0: does not), for the selection loops of a scan
 * predicate: a loop that appends every tuple to the selection vector and advances its count by
 * the test ({@code sel[n] = row; n += test;}) then has no branch that depends on the data, so
 * its cost does not depend on the selectivity. The JIT turns {@code cond ? 1 : 0} into a
 * conditional move only when its profile calls the branch unpredictable (roughly between 20%
 * and 80%); at 10% a branch stays and mispredicts on every tenth tuple.
 */
public final class Branchless {
    private Branchless() {}

    /** a &lt; b. The sign of a - b, corrected where the subtraction overflows (Hacker's Delight 2-12). */
    public static int lt(long a, long b) {
        long d = a - b;
        return (int) ((d ^ ((a ^ b) & (d ^ a))) >>> 63);
    }

    /**
     * a &lt; b where b is a constant of the generated code: the branch on its sign folds away and
     * leaves three operations. A non-negative b: a negative a is below it, and for a &gt;= 0 the
     * subtraction cannot overflow; a negative b: a non-negative a is not below it, and for a &lt; 0
     * the subtraction cannot overflow.
     */
    public static int ltConstant(long a, long b) {
        long d = a - b;
        return (int) ((b >= 0 ? a | d : a & d) >>> 63);
    }

    /** a &lt; b; widened, the subtraction cannot overflow. */
    public static int lt(int a, int b) {
        return (int) (((long) a - b) >>> 63);
    }

    /**
     * lo &lt;= x &lt; lo + count, for 1 &lt;= count &lt;= 2^32: x - lo, wrapping and read unsigned, is below
     * count exactly for the values of the range, so a range is one subtraction and one comparison.
     */
    public static int within(int x, int lo, long count) {
        return (int) ((((x - lo) & 0xFFFFFFFFL) - count) >>> 63);
    }

    /**
     * The same for longs, for 1 &lt;= count &lt; 2^63 and lo + count - 1 &lt;= Long.MAX_VALUE: d = x - lo
     * (wrapping) is in [0, count) as an unsigned number; d with its top bit set is not, and otherwise
     * d - count cannot overflow, so its sign decides.
     */
    public static int within(long x, long lo, long count) {
        long d = x - lo;
        return (int) (((d - count) & ~d) >>> 63);
    }

    public static int le(long a, long b) {
        return 1 - lt(b, a);
    }

    public static int le(int a, int b) {
        return 1 - lt(b, a);
    }

    public static int eq(long a, long b) {
        return 1 - ne(a, b);
    }

    public static int eq(int a, int b) {
        return 1 - ne(a, b);
    }

    public static int ne(long a, long b) {
        long d = a ^ b;
        return (int) ((d | -d) >>> 63);
    }

    public static int ne(int a, int b) {
        int d = a ^ b;
        return (d | -d) >>> 31;
    }

    /** 1 when tuple {@code row} is not NULL in an Arrow validity bitmap (which must exist: not 0). */
    public static int valid(long bitmap, int row) {
        return (Mem.getByte(bitmap + (row >>> 3)) >> (row & 7)) & 1;
    }

    /** The same for a bitmap that may be absent (0: no NULLs); the branch on it is loop-invariant. */
    public static int validOrAll(long bitmap, int row) {
        return bitmap == 0L ? 1 : valid(bitmap, row);
    }

    /**
     * A long whose signed order is SQL's order of DOUBLE values: -0.0 equals 0.0, every NaN
     * equals every other and sorts above +Infinity (as {@code Compare.doubles}). Adding 0.0 turns
     * -0.0 into 0.0; the canonical NaN's bits lie above +Infinity's; a negative number's bits
     * below the sign are flipped so that larger magnitudes sort lower.
     */
    public static long orderKey(double d) {
        long b = Double.doubleToLongBits(d + 0.0);
        return b ^ ((b >> 63) & Long.MAX_VALUE);
    }
}
