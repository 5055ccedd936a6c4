package io.ascan.scan.adaptive;

import io.ascan.scan.ScanMode;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One mode's input queue (A-Scan paper IV-C): slices assigned to the mode, waiting for one of its
 * materializer workers. Bounded, so that the scheduler blocks rather than running ahead and a
 * back-pressure policy can see which modes have room. Closing it ends the workers' loops once
 * the queued slices are taken: a slice, once assigned, is always materialized (or the query is
 * cancelled).
 */
public final class InputQueue {
    private final ScanMode mode;
    private final int capacity;
    private final ArrayDeque<SliceAssignment> queue;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notFull = lock.newCondition();
    private final Condition notEmpty = lock.newCondition();
    private boolean closed;

    public InputQueue(ScanMode mode, int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("an input queue needs at least one slot");
        this.mode = mode;
        this.capacity = capacity;
        this.queue = new ArrayDeque<>(capacity);
    }

    public ScanMode mode() {
        return mode;
    }

    public int capacity() {
        return capacity;
    }

    /** Blocks while the queue is full. */
    public void put(SliceAssignment a) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            if (closed) throw new IllegalStateException(mode + " input queue is closed");
            while (queue.size() == capacity) notFull.await();
            queue.addLast(a);
            notEmpty.signal();
        } finally {
            lock.unlock();
        }
    }

    /** The next slice; null once the queue is closed and empty. */
    public SliceAssignment take() throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (queue.isEmpty()) {
                if (closed) return null;
                notEmpty.await();
            }
            SliceAssignment a = queue.pollFirst();
            notFull.signal();
            return a;
        } finally {
            lock.unlock();
        }
    }

    public boolean full() {
        lock.lock();
        try {
            return queue.size() == capacity;
        } finally {
            lock.unlock();
        }
    }

    /** No more slices will come. */
    public void close() {
        lock.lock();
        try {
            closed = true;
            notEmpty.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
