package io.ascan.codegen.rt;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Per-group finalisation helpers of generated aggregation code (called once per group, not per tuple). */
public final class Aggregates {
    private Aggregates() {}

    /** AVG of DECIMAL values with scale {@code argScale} as a DECIMAL of scale {@code scale}, rounded half up. */
    public static long avgDecimal(long sum, long count, int argScale, int scale) {
        return BigDecimal.valueOf(sum, argScale).divide(BigDecimal.valueOf(count), scale, RoundingMode.HALF_UP)
                .unscaledValue().longValueExact();
    }

    /** AVG as DOUBLE of a sum of values with {@code scale} decimal digits (0 for integers). */
    public static double avgDouble(long sum, long count, int scale) {
        if (scale == 0) return (double) sum / count;
        return BigDecimal.valueOf(sum, scale).divide(BigDecimal.valueOf(count), java.math.MathContext.DECIMAL64).doubleValue();
    }
}
