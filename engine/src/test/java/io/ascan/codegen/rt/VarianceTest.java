package io.ascan.codegen.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.testing.LeakCheck;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Welford's updates and Chan's merge (two workers' partial states) give the variance an exact
 * two-pass computation in BigDecimal gives, also for values with a large mean and a small spread,
 * where the difference of sums of squares loses every digit.
 */
class VarianceTest {
    @RegisterExtension
    final LeakCheck memory = new LeakCheck();

    @Test
    void mergedPartialStatesMatchAnExactTwoPassVariance() {
        Random rnd = new Random(5);
        for (double offset : new double[] {0, 1e9, -1e9}) {
            double[] xs = new double[1000];
            for (int i = 0; i < xs.length; i++) xs[i] = offset + rnd.nextGaussian() * 3;
            for (int split : new int[] {0, 1, 500, 999, 1000}) {
                try (ArrowBuf states = memory.allocator().buffer(48)) {
                    states.setZero(0, 48);
                    long a = states.memoryAddress(), b = a + 24;
                    for (int i = 0; i < split; i++) Variance.add(a, a + 8, a + 16, xs[i]);
                    for (int i = split; i < xs.length; i++) Variance.add(b, b + 8, b + 16, xs[i]);
                    Variance.merge(a, a + 8, a + 16, Mem.getLong(b), Mem.getDouble(b + 8), Mem.getDouble(b + 16));
                    assertEquals(xs.length, Mem.getLong(a));
                    double expected = exactSampleVariance(xs);
                    double got = Variance.result("VAR_SAMP", Mem.getLong(a), Mem.getDouble(a + 16));
                    assertEquals(expected, got, expected * 1e-6, "offset " + offset + ", split " + split);
                    assertEquals(Math.sqrt(expected), Variance.result("STDDEV_SAMP", Mem.getLong(a), Mem.getDouble(a + 16)),
                            Math.sqrt(expected) * 1e-6);
                }
            }
        }
    }

    @Test
    void sampleFormsAreNullBelowTwoInputsPopulationFormsBelowOne() {
        assertTrue(Variance.isNull("VAR_SAMP", 1));
        assertTrue(Variance.isNull("STDDEV_SAMP", 0));
        assertFalse(Variance.isNull("VAR_POP", 1));
        assertTrue(Variance.isNull("STDDEV_POP", 0));
        assertEquals(0.0, Variance.result("VAR_POP", 1, 0.0));
    }

    private static double exactSampleVariance(double[] xs) {
        MathContext mc = MathContext.DECIMAL128;
        BigDecimal sum = BigDecimal.ZERO;
        for (double x : xs) sum = sum.add(new BigDecimal(x));
        BigDecimal mean = sum.divide(BigDecimal.valueOf(xs.length), mc);
        BigDecimal squares = BigDecimal.ZERO;
        for (double x : xs) {
            BigDecimal d = new BigDecimal(x).subtract(mean);
            squares = squares.add(d.multiply(d, mc), mc);
        }
        return squares.divide(BigDecimal.valueOf(xs.length - 1), mc).doubleValue();
    }
}
