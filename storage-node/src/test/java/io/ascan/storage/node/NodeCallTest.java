package io.ascan.storage.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.testing.AllTypesTable;
import io.ascan.testing.DroppableLink;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.Location;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calls of a query worker that the query interrupts (its cancellation, or another worker's
 * failure, interrupts them all) still release everything their streams hold: the node client's
 * close fails if its allocator does not return to zero.
 */
class NodeCallTest {
    @TempDir Path scratch;
    private Table table;

    @BeforeEach
    void catalog() throws Exception {
        table = AllTypesTable.write(scratch.resolve("served"), 3000, 1000);
    }

    private byte[] pull(int slice) {
        return Tickets.withSlice(Tickets.pull(table, AllTypesTable.allColumns()), slice);
    }

    private StorageNode node() throws Exception {
        return StorageNode.start(StorageNode.Settings.local(scratch.resolve("served")));
    }

    @Test
    void anEndedCallClosedOnAnInterruptedThreadReleasesItsLastBatch() throws Exception {
        try (StorageNode node = node(); NodeClient client = new NodeClient(node.location(), null, null)) {
            NodeCall call = client.call(pull(1));
            int batches = 0;
            while (call.next()) batches++;
            assertTrue(batches > 0, "the slice's segments arrived");
            Thread.currentThread().interrupt();
            try {
                call.close();
            } finally {
                assertTrue(Thread.interrupted(), "the interrupt is kept for the query to see");
            }
        }
    }

    @Test
    void aRefusedCallClosedOnAnInterruptedThreadReleasesItsBuffers() throws Exception {
        try (StorageNode node = node(); NodeClient client = new NodeClient(node.location(), null, null)) {
            NodeCall call = client.call(pull(99));
            FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> {
                while (call.next()) {
                    // no slice 99: the node refuses the call
                }
            });
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.status().code());
            Thread.currentThread().interrupt();
            try {
                call.close();
            } finally {
                assertTrue(Thread.interrupted(), "the interrupt is kept for the query to see");
            }
        }
    }

    /** A worker interrupted while it waits for a batch that does not come (the link froze). */
    @Test
    void aWorkerInterruptedWhileItWaitsLeavesTheCallToBeClosed() throws Exception {
        try (StorageNode node = node(); DroppableLink link = new DroppableLink(node.port());
             NodeClient client = new NodeClient(Location.forGrpcInsecure("127.0.0.1", link.port()), null, null)) {
            NodeCall first = client.call(pull(0));
            while (first.next()) {
                // the link works
            }
            first.close();
            link.freeze();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread worker = new Thread(() -> {
                NodeCall call = client.call(pull(2));
                try {
                    while (call.next()) {
                        // nothing arrives
                    }
                } catch (Throwable t) {
                    failure.set(t);
                    if (!Thread.currentThread().isInterrupted()) failure.set(new AssertionError("interrupt status lost", t));
                } finally {
                    call.close();
                }
            });
            worker.start();
            Thread.sleep(200); // not a measurement: the worker waits for a batch by then, or is interrupted before it asks
            worker.interrupt();
            worker.join();
            assertTrue(failure.get() instanceof FlightRuntimeException f && f.status().code() == FlightStatusCode.CANCELLED,
                    String.valueOf(failure.get()));
        }
    }

    /**
     * A worker interrupted while it reads the end of a call that failed mid-stream: the read takes
     * the call's end marker from the stream's queue and puts it back, and a {@code FlightStream.next()}
     * interrupted between the two lost it; the stream's close then waited for it for ever, holding
     * the batch it had received. The worker here reads the end again and again until interrupted,
     * so that the interrupt lands there (in the query, one read of the end does, rarely).
     */
    @Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES) // not a measurement: the failure is a close that never returns
    @Test
    void aWorkerInterruptedAsItReadsAFailedCallsEndLeavesNothingBehind() throws Exception {
        Table long_ = AllTypesTable.write(scratch.resolve("long"), 400_000, 50_000);
        byte[] wholeTable = wholeTable(long_);
        try (StorageNode node = StorageNode.start(StorageNode.Settings.local(scratch.resolve("long")))) {
            for (int i = 0; i < 30; i++) {
                try (DroppableLink link = new DroppableLink(node.port());
                     NodeClient client = new NodeClient(Location.forGrpcInsecure("127.0.0.1", link.port()), null, null)) {
                    NodeCall call = client.call(wholeTable);
                    assertTrue(call.next(), "a first batch");
                    link.cut();
                    java.util.concurrent.CountDownLatch failed = new java.util.concurrent.CountDownLatch(1);
                    Thread worker = new Thread(() -> {
                        try {
                            while (!Thread.currentThread().isInterrupted()) {
                                try {
                                    if (!call.next()) { // all of it arrived before the cut (a loaded machine): nothing to test this time
                                        failed.countDown();
                                        break;
                                    }
                                } catch (FlightRuntimeException e) {
                                    failed.countDown(); // the call's failure (the link was cut), read again
                                }
                            }
                        } catch (RuntimeException interrupted) {
                            // an interrupted read, as Flight reports it
                        } finally {
                            call.close();
                        }
                    });
                    worker.start();
                    failed.await();
                    java.util.concurrent.locks.LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(2_000_000));
                    worker.interrupt();
                    worker.join();
                } // the client's close fails if the stream's batch is still held
            }
        }
    }

    /** A pushdown ticket over every slice of {@code t} (one batch per slice). */
    private static byte[] wholeTable(Table t) {
        var o = Tickets.base(Tickets.PUSHDOWN, t);
        int[] all = AllTypesTable.allColumns();
        var cols = o.putArray("columns");
        for (int c : all) cols.add(c);
        o.put("projected", all.length);
        o.put("count", t.manifest().slices().size());
        return Tickets.withSlice(o, 0);
    }
}
