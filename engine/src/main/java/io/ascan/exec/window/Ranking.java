package io.ascan.exec.window;

import io.ascan.plan.WindowNode.Function;

/** ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST and NTILE: one pass over a partition. */
final class Ranking {
    private Ranking() {}

    static void evaluate(Function fn, Partition p, Slot out) {
        long[] rows = p.rows;
        int n = p.size();
        switch (fn.kind()) {
            case ROW_NUMBER -> {
                for (int i = p.from; i < p.to; i++) out.put(rows[i], i - p.from + 1);
            }
            case RANK -> {
                for (int i = p.from; i < p.to; i++) out.put(rows[i], p.peerStart(i) - p.from + 1);
            }
            case DENSE_RANK -> {
                long rank = 0;
                for (int i = p.from; i < p.to; i++) {
                    if (p.newPeerGroup(i)) rank++;
                    out.put(rows[i], rank);
                }
            }
            case PERCENT_RANK -> {
                for (int i = p.from; i < p.to; i++) {
                    out.putDouble(rows[i], n == 1 ? 0.0 : (double) (p.peerStart(i) - p.from) / (n - 1));
                }
            }
            case CUME_DIST -> {
                for (int i = p.from; i < p.to; i++) out.putDouble(rows[i], (double) (p.peerEnd(i) - p.from) / n);
            }
            case NTILE -> {
                // n rows in k buckets: the first n % k buckets hold one row more (PostgreSQL, DuckDB)
                long k = fn.n(), q = n / k, r = n % k, big = r * (q + 1);
                for (int i = p.from; i < p.to; i++) {
                    long at = i - p.from;
                    out.put(rows[i], at < big ? at / (q + 1) + 1 : r + (at - big) / q + 1);
                }
            }
            default -> throw new IllegalArgumentException(fn.kind() + " is not a ranking function");
        }
    }
}
