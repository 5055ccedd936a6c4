package io.ascan.exec.store;

import java.util.List;

/**
 * The smallest and largest of the non-NULL integer keys one worker added to a join's build side,
 * and how many there were: what decides, once the build finished, whether the join gets a
 * direct-address table (DuckDB's "perfect hash join") instead of hash buckets. Generated build
 * code calls {@link #add} per row; one instance per worker, merged in {@link #merge}.
 */
public final class KeyRange {
    /**
     * Slots allowed per key. TPC-H's order keys use one value in four, and filters on orders
     * keep about half of them (q3, q21): 8.2 slots per key. Their array (48 MiB at SF 1) is three
     * times the bucket array hashing would need, but lineitem probes it in order-key order, so
     * its loads stay sequential where hashing scatters them (q21: a fifth less CPU time).
     */
    static final long DENSITY = 16;
    /**
     * Slots allowed up to {@link #SPARSE_DENSITY} per key while the array stays within a last-level
     * cache (16 MiB): a probe's one load from it still beats hashing, loading a bucket and
     * comparing, above all for the many probes a filtered dimension rejects (SSB's 2,556 dates span
     * 61,130 values, its filtered parts 25 values per key).
     */
    static final long SPARSE_SLOTS = 1L << 21;
    static final long SPARSE_DENSITY = 64;
    /** The largest direct-address array (64 MiB of slots): beyond it hashing is the safer bet. */
    static final long MAX_SLOTS = 1L << 23;

    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private long keys;

    public void add(long key) {
        if (key < min) min = key;
        if (key > max) max = key;
        keys++;
    }

    public static KeyRange merge(List<KeyRange> parts) {
        KeyRange all = new KeyRange();
        for (KeyRange p : parts) {
            all.min = Math.min(all.min, p.min);
            all.max = Math.max(all.max, p.max);
            all.keys += p.keys;
        }
        return all;
    }

    public long min() {
        return min;
    }

    public long max() {
        return max;
    }

    public long keys() {
        return keys;
    }

    /**
     * The slots of a direct-address table over this range (max - min + 1), or 0 when there are no
     * keys, the range exceeds {@link #MAX_SLOTS}, or it is too sparse: more than {@link #DENSITY}
     * slots per key, unless the array is cache-sized ({@link #SPARSE_SLOTS}) and has at most
     * {@link #SPARSE_DENSITY} slots per key.
     */
    public long directSlots() {
        if (keys == 0) return 0;
        long span = max - min; // negative when it overflows: keys far apart
        if (span < 0 || span >= MAX_SLOTS) return 0;
        long slots = span + 1;
        boolean dense = slots <= DENSITY * keys;
        boolean cached = slots <= SPARSE_SLOTS && slots <= SPARSE_DENSITY * keys;
        return dense || cached ? slots : 0;
    }

    /**
     * Slots per probe key allowed in the clustered layout ({@link #clusterShift}): as many as a
     * hash table's buckets, so its head array is no bigger.
     */
    static final long CLUSTER_SLOTS_PER_KEY = 4;
    /** Fewer keys than this get hash buckets: their table stays in the core's caches, however probed. */
    static final long CLUSTER_MIN_KEYS = 1 << 15;
    /**
     * Keys sparser than one in 2^this per slot (a slot spans at most 1,024 values) are no
     * filtered run of a key sequence, and a slot per range promises them nothing: hashing.
     */
    static final int CLUSTER_MAX_SHIFT = 10;

    /**
     * For keys too sparse for {@link #directSlots}: the shift {@code s} of a clustered direct
     * layout, where slot {@code (key - min) >>> s} heads the chain of the rows with keys in
     * that run of 2^s values (compared on probe), with at most {@link #CLUSTER_SLOTS_PER_KEY}
     * slots per key; or -1 for fewer than {@link #CLUSTER_MIN_KEYS} keys or keys sparser than
     * {@link #CLUSTER_MAX_SHIFT} allows. Unlike hashing it
     * keeps keys that are near each other in near slots, so a probe side clustered by the key
     * (lineitem by order key against filtered orders: q3, q10, q21) reads the head array and
     * the rows, which the build appended in key order, almost sequentially.
     */
    public int clusterShift() {
        if (keys < CLUSTER_MIN_KEYS || directSlots() > 0) return -1;
        long span = max - min;
        if (span < 0) return -1;
        long limit = Math.min(MAX_SLOTS, CLUSTER_SLOTS_PER_KEY * keys);
        int s = 1;
        while ((span >>> s) + 1 > limit) s++;
        return s <= CLUSTER_MAX_SHIFT ? s : -1;
    }

    /** The slots of the clustered layout with shift {@code s} ({@link #clusterShift}). */
    public long clusterSlots(int s) {
        return ((max - min) >>> s) + 1;
    }

    @Override
    public String toString() {
        return keys == 0 ? "no keys" : keys + " keys in [" + min + ", " + max + "]";
    }
}
