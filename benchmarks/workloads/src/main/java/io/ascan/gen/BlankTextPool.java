package io.ascan.gen;

import io.trino.tpch.Distributions;
import io.trino.tpch.TextPool;

/**
 * A TPC-H text pool whose texts are blanks of the requested length, for data sets that never
 * store a TPC-H comment (SSB). Building a comment String per row from dbgen's 300 MB pool is
 * about a sixth of lineitem's generation cost; the comment streams are independent of every
 * other column, so the other values are unchanged.
 */
final class BlankTextPool extends TextPool {
    private static final int CACHED_LENGTHS = 512;
    private final String[] byLength = new String[CACHED_LENGTHS];

    BlankTextPool() {
        super(1 << 16, Distributions.getDefaultDistributions());
        for (int n = 0; n < CACHED_LENGTHS; n++) byLength[n] = " ".repeat(n);
    }

    @Override
    public String getText(int begin, int end) {
        int n = end - begin;
        return n < CACHED_LENGTHS ? byLength[n] : " ".repeat(n);
    }
}
