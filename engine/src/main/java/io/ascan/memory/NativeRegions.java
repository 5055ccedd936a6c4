package io.ascan.memory;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Checked mode: with the system property {@code ascan.checked=true} (the test suite sets it), every
 * native region the engine hands out (Arrow buffers of its allocators, segment memory wrapped as
 * Arrow buffers) is registered here while it is live, and every access by raw address
 * ({@link io.ascan.codegen.rt.Mem}) is checked against them: an address outside all of them is a
 * {@link NativeAccessException} naming the address and the nearest region, not a JVM crash or a
 * silent read of someone else's memory. Off by default: {@link #CHECKED} is a static final the JIT
 * folds, so the unchecked accessors stay plain loads.
 */
public final class NativeRegions {
    public static final boolean CHECKED = Boolean.getBoolean("ascan.checked");

    /** A live (until released) range {@code [start, end)} of native memory, owned by {@code owner}. */
    public static final class Region {
        final long start, end, id;
        final String owner;
        volatile boolean live = true;

        Region(long start, long end, long id, String owner) {
            this.start = start;
            this.end = end;
            this.id = id;
            this.owner = owner;
        }

        boolean contains(long address, long bytes) {
            return address >= start && bytes >= 0 && address + bytes <= end && address + bytes >= address;
        }

        String describe() {
            return (end - start) + " bytes at 0x" + Long.toHexString(start) + " (" + owner + ")";
        }
    }

    private static final ConcurrentSkipListSet<Region> LIVE = new ConcurrentSkipListSet<>(
            Comparator.<Region>comparingLong(r -> r.start).thenComparingLong(r -> r.id));
    private static final AtomicLong IDS = new AtomicLong(1);
    /** The last regions released, so an access to one is reported as a use after release. */
    private static final ArrayDeque<Region> RELEASED = new ArrayDeque<>();
    private static final int RELEASED_KEPT = 4096;
    /** Regions overlapping a lookup's address are searched this far below it (regions rarely nest). */
    private static final int SEARCH = 64;

    /** Each thread's last regions hit: a generated loop reads a handful of buffers over and over. */
    private static final class Recent {
        final Region[] regions = new Region[8];
        int next;
    }

    private static final ThreadLocal<Recent> RECENT = ThreadLocal.withInitial(Recent::new);

    private NativeRegions() {}

    /** Registers {@code [address, address + bytes)}; null when checked mode is off. */
    public static Region register(long address, long bytes, String owner) {
        if (!CHECKED) return null;
        Region r = new Region(address, address + bytes, IDS.getAndIncrement(), owner);
        LIVE.add(r);
        return r;
    }

    /** Ends {@code r} (null: nothing registered); call before the memory is freed. */
    public static void release(Region r) {
        if (r == null) return;
        r.live = false;
        LIVE.remove(r);
        synchronized (RELEASED) {
            if (RELEASED.size() == RELEASED_KEPT) RELEASED.removeFirst();
            RELEASED.addLast(r);
        }
    }

    /** Throws unless {@code [address, address + bytes)} lies in one live region. Only call when {@link #CHECKED}. */
    public static void check(long address, long bytes) {
        if (bytes == 0) return;
        Recent recent = RECENT.get();
        for (Region r : recent.regions) {
            if (r != null && r.contains(address, bytes) && r.live) return;
        }
        Region found = find(address, bytes);
        if (found == null) throw outside(address, bytes);
        recent.regions[recent.next] = found;
        recent.next = (recent.next + 1) & (recent.regions.length - 1);
    }

    private static Region find(long address, long bytes) {
        int seen = 0;
        for (Region r : LIVE.headSet(probe(address), true).descendingSet()) {
            if (r.contains(address, bytes)) return r;
            if (++seen == SEARCH) break;
        }
        return null;
    }

    private static Region probe(long address) {
        return new Region(address, address, Long.MAX_VALUE, null);
    }

    private static NativeAccessException outside(long address, long bytes) {
        StringBuilder sb = new StringBuilder("checked mode: ").append(bytes).append(" byte(s) at 0x")
                .append(Long.toHexString(address)).append(" are outside every live native region");
        Region below = LIVE.floor(probe(address));
        Region released = null;
        if (below != null && address < below.end) {
            sb.append("; it starts in ").append(below.describe()).append(" and runs ")
                    .append(address + bytes - below.end).append(" byte(s) past its end");
        } else if ((released = released(address)) != null) {
            sb.append("; inside released region ").append(released.describe()).append(" (use after release)");
        } else {
            if (below != null) sb.append("; nearest below: ").append(below.describe()).append(", ")
                    .append(address - below.end).append(" byte(s) past its end");
            Region above = LIVE.higher(probe(address));
            if (above != null) sb.append("; nearest above: ").append(above.describe());
        }
        return new NativeAccessException(sb.append("; thread ").append(Thread.currentThread().getName()).toString());
    }

    /** The last released region holding {@code address}, or null. */
    private static Region released(long address) {
        synchronized (RELEASED) {
            for (var it = RELEASED.descendingIterator(); it.hasNext(); ) {
                Region r = it.next();
                if (address >= r.start && address < r.end) return r;
            }
        }
        return null;
    }

    /** Live regions, for tests. */
    public static int liveCount() {
        return LIVE.size();
    }
}
