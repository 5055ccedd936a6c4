package io.ascan.scan.materializer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The order pushdown applies runtime filters in: cost per tuple removed, useless ones left out. */
class RuntimeFilterOrderTest {
    static final long SMALL = 64 << 10;
    static final long HUGE = 8L << 20;

    @Test
    void cachedFiltersGoMostSelectiveFirst() {
        assertArrayEquals(new int[] {2, 0, 1}, RuntimeFilterOrder.of(new double[] {0.2, 0.5, 0.01}, new long[] {SMALL, SMALL, SMALL}));
    }

    @Test
    void aFilterKeepingNearlyEveryTupleIsLeftOut() {
        assertArrayEquals(new int[] {1}, RuntimeFilterOrder.of(new double[] {0.95, 0.3}, new long[] {SMALL, SMALL}));
        assertArrayEquals(new int[] {}, RuntimeFilterOrder.of(new double[] {1.0}, new long[] {SMALL}));
    }

    @Test
    void aLargeFilterGoesAfterACachedOneOfLikeSelectivity() {
        // SSB q4.1: customers of one region (20%, megabytes) and suppliers of one region (20%, kilobytes).
        assertArrayEquals(new int[] {1, 0}, RuntimeFilterOrder.of(new double[] {0.2, 0.2}, new long[] {4L << 20, SMALL}));
        // ...but a large one far more selective still goes first, ahead of a cached one that removes little.
        assertArrayEquals(new int[] {0, 1}, RuntimeFilterOrder.of(new double[] {0.001, 0.9}, new long[] {HUGE, SMALL}));
        assertArrayEquals(new int[] {1, 0}, RuntimeFilterOrder.of(new double[] {0.001, 0.5}, new long[] {HUGE, SMALL}));
    }

    @Test
    void rRunsBeforePWhenItRemovesMorePerTest() {
        // TPC-H q03: lineitem's R keeps 10% (a 750 KB key bitmap), P (one date compare) 54%; orders' R 20%, P 48%.
        assertTrue(RuntimeFilterOrder.beforePredicate(0.10, 750L << 10, 0.54, 1));
        assertTrue(RuntimeFilterOrder.beforePredicate(0.20, 19L << 10, 0.48, 1));
        // P keeping 5% goes first, and P against a far larger R of like selectivity; R before a P of two conjuncts
        assertFalse(RuntimeFilterOrder.beforePredicate(0.10, SMALL, 0.05, 1));
        assertFalse(RuntimeFilterOrder.beforePredicate(0.5, HUGE, 0.5, 1));
        assertTrue(RuntimeFilterOrder.beforePredicate(0.5, SMALL, 0.5, 2));
    }
}
