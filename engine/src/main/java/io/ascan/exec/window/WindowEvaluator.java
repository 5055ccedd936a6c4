package io.ascan.exec.window;

import io.ascan.exec.store.RowLayout;
import io.ascan.exec.store.TupleStore;
import io.ascan.plan.WindowNode;
import io.ascan.plan.WindowNode.Function;

/**
 * Computes a {@link WindowNode}'s functions over sorted rows, partition by partition, and writes
 * each result into its row's result slot. Ranking and offset functions are one pass; frames come
 * from {@link FrameBounds} (monotone starts and ends, found in one pass each); framed aggregates
 * run in O(n) (counts, exact sums by prefix sums) or O(n log n) ({@link SegmentTree}: MIN, MAX,
 * DOUBLE sums); {@link Holistic} aggregates once per partition. Per-function work is dispatched once per partition, never per row. Thread-safe:
 * partitions are disjoint, so workers may evaluate different ones at once.
 */
public final class WindowEvaluator {
    private final WindowNode node;
    private final RowLayout layout;
    private final int width;

    public WindowEvaluator(WindowNode node, RowLayout layout) {
        this.node = node;
        this.layout = layout;
        this.width = node.input().output().size();
    }

    /**
     * Evaluates the partitions of rows[from, to): {@code breaks[j]} (j > from) is 2 where a
     * partition starts at j, 1 where a peer group starts, 0 where row j is a peer of row j - 1.
     * Strings the functions make (STRING_AGG) go into {@code strings}, the calling thread's own.
     */
    public void evaluate(long[] rows, byte[] breaks, int from, int to, TupleStore strings) {
        int start = from;
        for (int j = from + 1; j <= to; j++) {
            if (j == to || breaks[j] == 2) {
                partition(new Partition(rows, breaks, start, j, layout, node), strings);
                start = j;
            }
        }
    }

    private void partition(Partition p, TupleStore strings) {
        for (int f = 0; f < node.functions().size(); f++) {
            Function fn = node.functions().get(f);
            Slot out = new Slot(layout, width + f);
            switch (fn.kind()) {
                case ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST, NTILE -> Ranking.evaluate(fn, p, out);
                case LAG, LEAD -> Offsets.evaluate(fn, p, new Slot(layout, fn.arg()),
                        fn.defaultArg() < 0 ? null : new Slot(layout, fn.defaultArg()), out);
                case FIRST_VALUE, LAST_VALUE, NTH_VALUE, COUNT, SUM, MIN, MAX -> {
                    FrameBounds frame = p.frame(fn.frame());
                    FramedAggregates.evaluate(fn, p, frame, fn.arg() < 0 ? null : new Slot(layout, fn.arg()), out);
                }
                case STRING_AGG, PERCENTILE_CONT, PERCENTILE_DISC, MODE -> Holistic.evaluate(fn, p, new Slot(layout, fn.arg()),
                        node.input().output().get(fn.arg()).type(), fn.defaultArg() < 0 ? null : new Slot(layout, fn.defaultArg()),
                        out, strings);
            }
        }
    }
}
