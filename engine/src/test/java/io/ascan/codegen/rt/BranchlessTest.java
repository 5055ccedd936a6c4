package io.ascan.codegen.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The arithmetic comparisons agree with Java's (and, for doubles, with SQL's order in Compare.doubles) on every pair of edge values. */
class BranchlessTest {
    static final long[] LONGS = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -1L << 32, Integer.MIN_VALUE, -2, -1, 0, 1, 2, Integer.MAX_VALUE,
            1L << 32, Long.MAX_VALUE - 1, Long.MAX_VALUE};
    static final int[] INTS = {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -65536, -1, 0, 1, 65536, Integer.MAX_VALUE - 1, Integer.MAX_VALUE};
    static final double[] DOUBLES = {Double.NaN, Double.longBitsToDouble(0xfff8_0000_0000_0001L), Double.NEGATIVE_INFINITY,
            -Double.MAX_VALUE, -1.5, -Double.MIN_VALUE, -0.0, 0.0, Double.MIN_VALUE, Double.MIN_NORMAL, 1.5, Double.MAX_VALUE,
            Double.POSITIVE_INFINITY};

    @Test
    void longComparisonsHoldWhereTheSubtractionOverflows() {
        Random rnd = new Random(3);
        long[] values = new long[LONGS.length + 200];
        System.arraycopy(LONGS, 0, values, 0, LONGS.length);
        for (int i = LONGS.length; i < values.length; i++) values[i] = rnd.nextLong();
        for (long a : values) {
            for (long b : values) {
                String at = a + " vs " + b;
                assertEquals(a < b ? 1 : 0, Branchless.lt(a, b), at);
                assertEquals(a < b ? 1 : 0, Branchless.ltConstant(a, b), at);
                assertEquals(a <= b ? 1 : 0, Branchless.le(a, b), at);
                assertEquals(a == b ? 1 : 0, Branchless.eq(a, b), at);
                assertEquals(a != b ? 1 : 0, Branchless.ne(a, b), at);
            }
        }
    }

    @Test
    void intComparisons() {
        for (int a : INTS) {
            for (int b : INTS) {
                String at = a + " vs " + b;
                assertEquals(a < b ? 1 : 0, Branchless.lt(a, b), at);
                assertEquals(a <= b ? 1 : 0, Branchless.le(a, b), at);
                assertEquals(a == b ? 1 : 0, Branchless.eq(a, b), at);
                assertEquals(a != b ? 1 : 0, Branchless.ne(a, b), at);
            }
        }
    }

    @Test
    void withinHoldsExactlyForTheRangeWhereTheSubtractionWraps() {
        for (long x : LONGS) {
            for (long lo : LONGS) {
                for (long hi : LONGS) {
                    if (hi < lo || hi - lo < 0 || hi - lo == Long.MAX_VALUE) continue; // count must lie in [1, 2^63)
                    assertEquals(lo <= x && x <= hi ? 1 : 0, Branchless.within(x, lo, hi - lo + 1), x + " in [" + lo + ", " + hi + "]");
                }
            }
        }
        for (int x : INTS) {
            for (int lo : INTS) {
                for (int hi : INTS) {
                    if (hi < lo) continue;
                    assertEquals(lo <= x && x <= hi ? 1 : 0, Branchless.within(x, lo, (long) hi - lo + 1), x + " in [" + lo + ", " + hi + "]");
                }
            }
        }
    }

    @Test
    void doubleOrderKeysOrderAsSql() {
        for (double a : DOUBLES) {
            for (double b : DOUBLES) {
                assertEquals(Integer.signum(Compare.doubles(a, b)), Long.signum(Long.compare(Branchless.orderKey(a), Branchless.orderKey(b))),
                        a + " vs " + b);
            }
        }
    }
}
