package io.ascan.scan.adaptive;

import io.ascan.scan.ScanMode;
import io.ascan.scan.Rowset;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;

/**
 * The AdaptiveScan's one bounded output queue for rowsets of every mode (A-Scan paper IV-C). A
 * rowset holds its slot from {@link #put} until the compute worker that took it has consumed it
 * and calls {@link #consumed()}, so the queue bounds the rowsets alive on the compute side, not
 * just those waiting; a full queue blocks the materializers (back-pressure), which is what makes
 * a slice's time end-to-end.
 */
public final class OutputQueue {
    private static final Rowset END = new Rowset(ScanMode.DIRECT, 0, List.of(), null);

    private final int capacity;
    private final Semaphore slots;
    private final LinkedBlockingQueue<Rowset> queue = new LinkedBlockingQueue<>();

    public OutputQueue(int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("scan.outputQueue must be at least 1");
        this.capacity = capacity;
        this.slots = new Semaphore(capacity, true); // fair: materializers get slots in arrival order, so slice times are comparable
    }

    public int capacity() {
        return capacity;
    }

    /** Waits for a free slot, then enqueues; if interrupted, the caller still owns {@code r}. */
    public void put(Rowset r) throws InterruptedException {
        slots.acquire();
        queue.add(r);
    }

    /** The next rowset; null once {@link #finish()} was called and every rowset was taken. */
    public Rowset take() throws InterruptedException {
        Rowset r = queue.take();
        if (r == END) {
            queue.add(END); // for the other workers
            return null;
        }
        return r;
    }

    /** A rowset taken from the queue was consumed and closed: its slot is free. */
    public void consumed() {
        slots.release();
    }

    /** The materializers are done: workers get null once the queue is empty. */
    public void finish() {
        queue.add(END);
    }

    /** Closes every rowset still queued (after cancellation or failure). */
    public void drain() {
        for (Rowset r; (r = queue.poll()) != null; ) {
            if (r == END) continue;
            try {
                r.close();
            } finally {
                slots.release();
            }
        }
    }
}
