package io.ascan.gen;

import java.util.SplittableRandom;

/** Seeding for the taxi generator: one independent, reproducible random stream per chunk. */
final class TaxiRandom {
    private TaxiRandom() {}

    /** Stafford's mix13 finalizer: a bijective 64-bit hash with good avalanche. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * The stream of chunk {@code chunk}. Hashing (seed, chunk) rather than adding them keeps the
     * chunks' streams from being shifted copies of one another.
     */
    static SplittableRandom forChunk(long seed, int chunk) {
        return new SplittableRandom(mix64(mix64(seed) + 0x632BE59BD9B4E019L * (chunk + 1L)));
    }

    /** Log-normal with the given median and log-space standard deviation. */
    static double logNormal(SplittableRandom r, double median, double sigma) {
        return median * Math.exp(sigma * gaussian(r));
    }

    /** Standard normal (Box-Muller; SplittableRandom has no nextGaussian of its own state). */
    static double gaussian(SplittableRandom r) {
        double u = 1.0 - r.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r.nextDouble());
    }
}
