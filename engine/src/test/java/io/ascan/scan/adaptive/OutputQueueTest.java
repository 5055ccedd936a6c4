package io.ascan.scan.adaptive;

import io.ascan.scan.Rowset;
import io.ascan.scan.ScanMode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The output queue's slots: held from enqueue until the consumer is done with the rowset. */
@Timeout(30)
class OutputQueueTest {
    final AtomicInteger closed = new AtomicInteger();

    Rowset rowset() {
        return new Rowset(ScanMode.DIRECT, 1, List.of(), closed::incrementAndGet);
    }

    @Test
    void aSlotIsFreeOnlyOnceItsRowsetWasConsumed() throws Exception {
        OutputQueue q = new OutputQueue(2);
        q.put(rowset());
        q.put(rowset());
        Rowset taken = q.take();
        Thread producer = Thread.ofPlatform().start(() -> {
            try {
                q.put(rowset());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        while (producer.getState() != Thread.State.WAITING) Thread.sleep(5);
        // Taken but not consumed: the third rowset still waits.
        assertEquals(Thread.State.WAITING, producer.getState());
        taken.close();
        q.consumed();
        producer.join();
        q.finish();
        Rowset second = q.take();
        second.close();
        q.consumed();
        Rowset third = q.take();
        third.close();
        q.consumed();
        assertNull(q.take());
        assertNull(q.take(), "every consumer sees the end");
        assertEquals(3, closed.get());
    }

    @Test
    void drainClosesWhatIsLeft() throws Exception {
        OutputQueue q = new OutputQueue(3);
        Rowset a = rowset();
        q.put(a);
        q.put(rowset());
        assertSame(a, q.take());
        a.close();
        q.consumed();
        q.finish();
        q.drain();
        assertEquals(2, closed.get());
        q.put(rowset()); // all three slots are free again
        q.put(rowset());
        q.put(rowset());
    }
}
