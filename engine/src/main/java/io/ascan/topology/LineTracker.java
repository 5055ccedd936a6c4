package io.ascan.topology;

/**
 * Counts the distinct 64-byte cache lines a staging pipeline touches in one rowset's remote
 * buffers, so the interconnect emulation charges what staging really moves: lines, not whole
 * segments, and only for the columns and tuples the parent's code actually reads. One bitmap per
 * registered buffer, reused across rowsets by one worker.
 */
public final class LineTracker {
    public static final int LINE = 64;

    private long[][] bits = new long[0][];
    private long[] base = new long[0];
    private long[] lines = new long[0];
    private int buffers;

    /** Starts a rowset; returns nothing, buffers are added with {@link #register}. */
    public void reset() {
        for (int b = 0; b < buffers; b++) java.util.Arrays.fill(bits[b], 0, (int) ((lines[b] + 63) >>> 6), 0);
        buffers = 0;
    }

    /** Registers a remote buffer of {@code bytes} at {@code address}; returns its index for {@link #touch}. */
    public int register(long address, long bytes) {
        if (buffers == base.length) {
            int n = Math.max(8, buffers * 2);
            base = java.util.Arrays.copyOf(base, n);
            lines = java.util.Arrays.copyOf(lines, n);
            bits = java.util.Arrays.copyOf(bits, n);
        }
        long count = (bytes + LINE - 1) / LINE + 1; // +1: an unaligned buffer may straddle one more line
        int words = (int) ((count + 63) >>> 6);
        if (bits[buffers] == null || bits[buffers].length < words) bits[buffers] = new long[words];
        base[buffers] = address & -LINE;
        lines[buffers] = count;
        return buffers++;
    }

    /** Marks the line holding {@code address} (inside buffer {@code b}) as touched. */
    public void touch(int b, long address) {
        long line = (address - base[b]) >>> 6;
        bits[b][(int) (line >>> 6)] |= 1L << (line & 63);
    }

    /** Marks the lines of {@code length} bytes at {@code address}. */
    public void touch(int b, long address, int length) {
        long first = (address - base[b]) >>> 6;
        long last = (address + Math.max(length, 1) - 1 - base[b]) >>> 6;
        for (long line = first; line <= last; line++) bits[b][(int) (line >>> 6)] |= 1L << (line & 63);
    }

    /** Bytes of the distinct lines touched since {@link #reset()}. */
    public long touchedBytes() {
        long n = 0;
        for (int b = 0; b < buffers; b++) {
            int words = (int) ((lines[b] + 63) >>> 6);
            for (int w = 0; w < words; w++) n += Long.bitCount(bits[b][w]);
        }
        return n * LINE;
    }
}
