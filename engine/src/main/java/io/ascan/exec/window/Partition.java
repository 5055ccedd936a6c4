package io.ascan.exec.window;

import io.ascan.exec.store.RowLayout;
import io.ascan.plan.WindowNode;
import java.util.HashMap;
import java.util.Map;

/**
 * One partition: sorted rows[from, to), its peer groups (rows with equal order keys) and the
 * frames its functions ask for, each computed once.
 */
final class Partition {
    final long[] rows;
    final int from;
    final int to;
    private final byte[] breaks;
    private final RowLayout layout;
    private final WindowNode node;
    private int[] peerStart;
    private int[] peerEnd;
    private final Map<WindowNode.Frame, FrameBounds> frames = new HashMap<>();

    Partition(long[] rows, byte[] breaks, int from, int to, RowLayout layout, WindowNode node) {
        this.rows = rows;
        this.breaks = breaks;
        this.from = from;
        this.to = to;
        this.layout = layout;
        this.node = node;
    }

    int size() {
        return to - from;
    }

    /** Whether row i (absolute index) starts a new peer group. */
    boolean newPeerGroup(int i) {
        return i == from || breaks[i] != 0;
    }

    /** The first row (absolute index) of row i's peer group. */
    int peerStart(int i) {
        peers();
        return peerStart[i - from];
    }

    /** One past the last row (absolute index) of row i's peer group. */
    int peerEnd(int i) {
        peers();
        return peerEnd[i - from];
    }

    private void peers() {
        if (peerStart != null) return;
        int n = size();
        peerStart = new int[n];
        peerEnd = new int[n];
        for (int i = from; i < to; i++) peerStart[i - from] = newPeerGroup(i) ? i : peerStart[i - 1 - from];
        for (int i = to - 1; i >= from; i--) peerEnd[i - from] = i + 1 == to || newPeerGroup(i + 1) ? i + 1 : peerEnd[i + 1 - from];
    }

    FrameBounds frame(WindowNode.Frame frame) {
        return frames.computeIfAbsent(frame, f -> FrameBounds.of(f, this, node, layout));
    }
}
