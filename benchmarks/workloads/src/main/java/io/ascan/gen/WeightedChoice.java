package io.ascan.gen;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Picks an index with probability proportional to its weight (cumulative table, binary search). */
final class WeightedChoice {
    private final double[] cumulative;

    WeightedChoice(double... weights) {
        cumulative = new double[weights.length];
        double sum = 0;
        for (int i = 0; i < weights.length; i++) {
            if (!(weights[i] >= 0)) throw new IllegalArgumentException("negative weight at " + i);
            sum += weights[i];
            cumulative[i] = sum;
        }
        if (!(sum > 0)) throw new IllegalArgumentException("weights sum to zero");
        for (int i = 0; i < cumulative.length; i++) cumulative[i] /= sum;
        cumulative[cumulative.length - 1] = 1.0;
    }

    int next(SplittableRandom r) {
        return at(r.nextDouble());
    }

    /** The index whose cumulative interval holds {@code u} in [0, 1). */
    int at(double u) {
        int i = Arrays.binarySearch(cumulative, u);
        i = i >= 0 ? i + 1 : -i - 1;
        // skip zero-weight entries that share the boundary
        while (i < cumulative.length - 1 && cumulative[i] <= u) i++;
        return Math.min(i, cumulative.length - 1);
    }

    /** Probability of index {@code i}. */
    double probability(int i) {
        return cumulative[i] - (i == 0 ? 0 : cumulative[i - 1]);
    }
}
