package io.ascan.storage.node;

import com.fasterxml.jackson.databind.JsonNode;
import io.ascan.scan.materializer.RuntimeFilter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.flight.CallStatus;

/**
 * The runtime filters R of the scans the node serves, registered once per scan (action
 * {@code filters}) and named by id in each of its pushdown requests, instead of travelling with
 * every request (about 200 KB a slice for SSB SF 10 q3.2's key bitmaps). A scan releases its
 * filters when it ends (action {@code release}); those of a client that went away without
 * releasing are released once unused for {@link #IDLE}. At most {@code limitBytes} are held: a
 * registration beyond that first releases the filters no request uses, least recently used first,
 * then fails with RESOURCE_EXHAUSTED. A request naming filters no longer held fails with NOT_FOUND
 * ({@link #GONE}), and the client registers them again.
 */
final class NodeFilters implements AutoCloseable {
    static final long IDLE = TimeUnit.SECONDS.toNanos(60);
    /** The start of the NOT_FOUND message for filters the node no longer holds; the client registers them again. */
    static final String GONE = "runtime filters not held";

    private final BufferAllocator allocator;
    private final LongSupplier clock;
    /** Least recently used first. */
    private final Map<String, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);

    private static final class Entry {
        final List<RuntimeFilter> filters;
        final int projected;
        long lastUsed;
        int users;
        boolean released;

        Entry(List<RuntimeFilter> filters, int projected, long now) {
            this.filters = filters;
            this.projected = projected;
            this.lastUsed = now;
        }
    }

    NodeFilters(BufferAllocator parent, long limitBytes, LongSupplier clock) {
        this.allocator = parent.newChildAllocator("runtime filters", 0, limitBytes);
        this.clock = clock;
    }

    /** Registers the filters of a scan whose requests have {@code projected} output columns; returns their id. */
    String register(JsonNode filters, int projected) {
        List<RuntimeFilter> parsed;
        synchronized (this) {
            expire();
        }
        try {
            parsed = Tickets.filters(filters, projected, allocator);
        } catch (OutOfMemoryException e) {
            synchronized (this) {
                releaseUnused();
            }
            parsed = Tickets.filters(filters, projected, allocator); // still too much: RESOURCE_EXHAUSTED
        }
        String id = UUID.randomUUID().toString();
        synchronized (this) {
            entries.put(id, new Entry(parsed, projected, clock.getAsLong()));
        }
        return id;
    }

    /** A use of registered filters by one request; closing it ends the use. */
    final class Use implements AutoCloseable {
        private final String id;
        private final Entry entry;

        private Use(String id, Entry entry) {
            this.id = id;
            this.entry = entry;
        }

        List<RuntimeFilter> filters() {
            return entry.filters;
        }

        @Override
        public void close() {
            synchronized (NodeFilters.this) {
                entry.users--;
                entry.lastUsed = clock.getAsLong();
                if (entry.released && entry.users == 0) Tickets.close(entry.filters);
            }
        }
    }

    /** The filters registered as {@code id} for requests of {@code projected} output columns, held until the use closes. */
    synchronized Use use(String id, int projected) {
        expire();
        Entry e = entries.get(id);
        if (e == null) throw CallStatus.NOT_FOUND.withDescription(GONE + ": " + id + " (released, expired or never registered)")
                .toRuntimeException();
        if (e.projected != projected) {
            throw new ProtocolException("runtime filters " + id + " are for " + e.projected + " output columns, the request has " + projected);
        }
        e.users++;
        e.lastUsed = clock.getAsLong();
        return new Use(id, e);
    }

    /** Releases the filters registered as {@code id}, at once or when the last request using them ends; unknown ids are ignored. */
    synchronized void release(String id) {
        Entry e = entries.remove(id);
        if (e != null) drop(e);
    }

    synchronized List<String> held() {
        return List.copyOf(entries.keySet());
    }

    long bytes() {
        return allocator.getAllocatedMemory();
    }

    private void drop(Entry e) {
        e.released = true;
        if (e.users == 0) Tickets.close(e.filters);
    }

    /** Filters no request used for {@link #IDLE}: their client went away without releasing them. */
    private void expire() {
        long now = clock.getAsLong();
        for (Iterator<Entry> it = entries.values().iterator(); it.hasNext(); ) {
            Entry e = it.next();
            if (e.users == 0 && now - e.lastUsed > IDLE) {
                it.remove();
                drop(e);
            }
        }
    }

    private void releaseUnused() {
        List<Entry> unused = new ArrayList<>();
        for (Iterator<Entry> it = entries.values().iterator(); it.hasNext(); ) {
            Entry e = it.next();
            if (e.users == 0) {
                it.remove();
                unused.add(e);
            }
        }
        for (Entry e : unused) drop(e);
    }

    @Override
    public synchronized void close() {
        for (Entry e : entries.values()) {
            e.released = true;
            Tickets.close(e.filters); // the node stops: its requests have ended
        }
        entries.clear();
        allocator.close();
    }
}
