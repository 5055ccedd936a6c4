package io.ascan.exec.window;

/**
 * A bottom-up segment tree over a partition's n values, for aggregates without an inverse (MIN,
 * MAX, and DOUBLE sums, which subtracting would round): any range in O(log n).
 */
abstract sealed class SegmentTree {
    final int n;

    private SegmentTree(int n) {
        this.n = n;
    }

    /** MIN or MAX: nodes hold the position of the best non-NULL value below them, or -1. */
    static final class Best extends SegmentTree {
        private final int[] tree;
        private final Order order;

        /** Orders two positions' values: negative when the first is better (smaller for MIN, larger for MAX). */
        interface Order {
            int compare(int a, int b);
        }

        /** @param nonNull whether position i holds a value */
        Best(int n, java.util.function.IntPredicate nonNull, Order order) {
            super(n);
            this.order = order;
            this.tree = new int[2 * n];
            for (int i = 0; i < n; i++) tree[n + i] = nonNull.test(i) ? i : -1;
            for (int i = n - 1; i > 0; i--) tree[i] = pick(tree[2 * i], tree[2 * i + 1]);
        }

        private int pick(int a, int b) {
            if (a < 0) return b;
            if (b < 0) return a;
            return order.compare(b, a) < 0 ? b : a;
        }

        /** The position of the best value in [from, to), or -1 if none is non-NULL. */
        int query(int from, int to) {
            int best = -1;
            for (int l = from + n, r = to + n; l < r; l >>= 1, r >>= 1) {
                if ((l & 1) != 0) best = pick(best, tree[l++]);
                if ((r & 1) != 0) best = pick(best, tree[--r]);
            }
            return best;
        }
    }

    /** DOUBLE sums (NULL as 0; callers count the non-NULL values apart). */
    static final class Sum extends SegmentTree {
        private final double[] tree;

        Sum(double[] values) {
            super(values.length);
            tree = new double[2 * n];
            System.arraycopy(values, 0, tree, n, n);
            for (int i = n - 1; i > 0; i--) tree[i] = tree[2 * i] + tree[2 * i + 1];
        }

        double query(int from, int to) {
            double left = 0, right = 0;
            for (int l = from + n, r = to + n; l < r; l >>= 1, r >>= 1) {
                if ((l & 1) != 0) left += tree[l++];
                if ((r & 1) != 0) right = tree[--r] + right;
            }
            return left + right;
        }
    }
}
