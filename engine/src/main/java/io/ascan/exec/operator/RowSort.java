package io.ascan.exec.operator;

import io.ascan.codegen.rt.PipelineCode;

/** Sorting row addresses with a generated comparator: a stable merge sort, and a bounded max-heap for top-k. */
final class RowSort {
    private RowSort() {}

    static long[] sort(long[] rows, PipelineCode cmp) {
        long[] tmp = new long[rows.length];
        mergeSort(rows, tmp, 0, rows.length, cmp);
        return rows;
    }

    private static void mergeSort(long[] a, long[] tmp, int from, int to, PipelineCode cmp) {
        if (to - from <= 16) {
            for (int i = from + 1; i < to; i++) {
                long x = a[i];
                int j = i - 1;
                while (j >= from && cmp.compareRows(a[j], x) > 0) a[j + 1] = a[j--];
                a[j + 1] = x;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, tmp, from, mid, cmp);
        mergeSort(a, tmp, mid, to, cmp);
        if (cmp.compareRows(a[mid - 1], a[mid]) <= 0) return;
        System.arraycopy(a, from, tmp, from, to - from);
        for (int i = from, l = from, r = mid; i < to; i++) {
            a[i] = r >= to || (l < mid && cmp.compareRows(tmp[l], tmp[r]) <= 0) ? tmp[l++] : tmp[r++];
        }
    }

    /** The first {@code k} rows in order: a max-heap of the k smallest seen so far, then sorted. */
    static long[] topK(long[] rows, int k, PipelineCode cmp) {
        if (k == 0) return new long[0];
        long[] heap = new long[k];
        int size = 0;
        for (long row : rows) {
            if (size < k) {
                heap[size] = row;
                siftUp(heap, size++, cmp);
            } else if (cmp.compareRows(row, heap[0]) < 0) {
                heap[0] = row;
                siftDown(heap, size, cmp);
            }
        }
        return sort(heap, cmp);
    }

    private static void siftUp(long[] h, int i, PipelineCode cmp) {
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (cmp.compareRows(h[i], h[p]) <= 0) return;
            long t = h[i]; h[i] = h[p]; h[p] = t;
            i = p;
        }
    }

    private static void siftDown(long[] h, int size, PipelineCode cmp) {
        int i = 0;
        while (true) {
            int l = 2 * i + 1, r = l + 1, m = i;
            if (l < size && cmp.compareRows(h[l], h[m]) > 0) m = l;
            if (r < size && cmp.compareRows(h[r], h[m]) > 0) m = r;
            if (m == i) return;
            long t = h[i]; h[i] = h[m]; h[m] = t;
            i = m;
        }
    }
}
