package io.ascan.exec.window;

import io.ascan.codegen.rt.Compare;
import io.ascan.exec.store.RowLayout;
import io.ascan.plan.SortNode;
import io.ascan.plan.WindowNode;
import io.ascan.plan.WindowNode.Bound;
import io.ascan.types.TypeKind;

/**
 * Each row's frame within its partition, as absolute row indexes [start, end) (empty when start ==
 * end). Every supported frame's start and end only move forward as the current row does, which
 * keeps framed aggregates to one pass (or O(log n) per row) and RANGE offsets to two pointers.
 * RANGE: CURRENT ROW is the row's peer group; an offset frame holds the rows whose order key is
 * within the offset (a NULL key's frame is its peer group of NULLs, whose keys are no distance
 * from anything else).
 */
final class FrameBounds {
    final int[] start;
    final int[] end;

    private FrameBounds(int[] start, int[] end) {
        this.start = start;
        this.end = end;
    }

    static FrameBounds of(WindowNode.Frame frame, Partition p, WindowNode node, RowLayout layout) {
        int n = p.size();
        int[] start = new int[n], end = new int[n];
        if (frame.rows()) {
            for (int i = p.from; i < p.to; i++) {
                start[i - p.from] = rowsBound(frame.lower(), i, p, false);
                end[i - p.from] = rowsBound(frame.upper(), i, p, true);
            }
        } else {
            range(frame.lower(), p, node, layout, false, start);
            range(frame.upper(), p, node, layout, true, end);
        }
        for (int i = 0; i < n; i++) if (end[i] < start[i]) end[i] = start[i];
        return new FrameBounds(start, end);
    }

    /** A ROWS bound of row i: the first row of the frame, or ({@code upper}) one past its last. */
    private static int rowsBound(Bound b, int i, Partition p, boolean upper) {
        long at = switch (b.kind()) {
            case UNBOUNDED_PRECEDING -> p.from;
            case UNBOUNDED_FOLLOWING -> p.to;
            case CURRENT_ROW -> upper ? i + 1L : i;
            case PRECEDING -> saturatedSubtract(i + (upper ? 1L : 0L), b.offset());
            case FOLLOWING -> saturatedAdd(i + (upper ? 1L : 0L), b.offset());
        };
        return (int) Math.max(p.from, Math.min(p.to, at));
    }

    private static void range(Bound b, Partition p, WindowNode node, RowLayout layout, boolean upper, int[] out) {
        switch (b.kind()) {
            case UNBOUNDED_PRECEDING -> java.util.Arrays.fill(out, p.from);
            case UNBOUNDED_FOLLOWING -> java.util.Arrays.fill(out, p.to);
            case CURRENT_ROW -> {
                for (int i = p.from; i < p.to; i++) out[i - p.from] = upper ? p.peerEnd(i) : p.peerStart(i);
            }
            case PRECEDING, FOLLOWING -> offset(b, p, node.orderKeys().getFirst(), layout, upper, out);
        }
    }

    /** A RANGE offset bound: two pointers over the non-NULL keys, which are in order. */
    private static void offset(Bound b, Partition p, SortNode.Key key, RowLayout layout, boolean upper, int[] out) {
        Slot k = new Slot(layout, key.column());
        boolean dbl = layout.types().get(key.column()).kind() == TypeKind.DOUBLE;
        boolean desc = key.descending();
        // PRECEDING moves against the sort direction, FOLLOWING with it
        boolean down = (b.kind() == WindowNode.BoundKind.PRECEDING) != desc;
        int nulls = 0;
        for (int i = p.from; i < p.to; i++) if (k.isNull(p.rows[i])) nulls++;
        int lo = key.nullsFirst() ? p.from + nulls : p.from, hi = key.nullsFirst() ? p.to : p.to - nulls;
        int ptr = lo;
        for (int i = p.from; i < p.to; i++) {
            long row = p.rows[i];
            if (k.isNull(row)) {
                out[i - p.from] = upper ? p.peerEnd(i) : p.peerStart(i);
                continue;
            }
            long v = k.get(row);
            if (dbl) {
                double off = Double.longBitsToDouble(b.offset()), t = Double.longBitsToDouble(v) + (down ? -off : off);
                // lower: first key not before t; upper: first key after t
                while (ptr < hi && (upper ? !before(t, Double.longBitsToDouble(k.get(p.rows[ptr])), desc)
                        : before(Double.longBitsToDouble(k.get(p.rows[ptr])), t, desc))) ptr++;
            } else {
                long t = down ? saturatedSubtract(v, b.offset()) : saturatedAdd(v, b.offset());
                while (ptr < hi && (upper ? !before(t, k.get(p.rows[ptr]), desc) : before(k.get(p.rows[ptr]), t, desc))) ptr++;
            }
            out[i - p.from] = ptr;
        }
    }

    private static boolean before(double a, double b, boolean desc) {
        int c = Compare.doubles(a, b);
        return desc ? c > 0 : c < 0;
    }

    private static boolean before(long a, long b, boolean desc) {
        return desc ? a > b : a < b;
    }

    private static long saturatedAdd(long v, long d) {
        long r = v + d;
        return ((v ^ r) & (d ^ r)) < 0 ? (d > 0 ? Long.MAX_VALUE : Long.MIN_VALUE) : r;
    }

    private static long saturatedSubtract(long v, long d) {
        long r = v - d;
        return ((v ^ d) & (v ^ r)) < 0 ? (d > 0 ? Long.MIN_VALUE : Long.MAX_VALUE) : r;
    }
}
