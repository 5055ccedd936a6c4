package io.ascan.storage.node;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.testing.AllTypesTable;
import java.nio.file.Path;
import org.apache.arrow.flight.FlightRuntimeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A call closed by a query worker that another worker's failure interrupted (the query's
 * cancellation interrupts them all) still releases what its stream holds: the node client's
 * close fails if its allocator does not return to zero.
 */
class NodeCallTest {
    @TempDir Path scratch;

    private static int[] allColumns() {
        int[] all = new int[AllTypesTable.SCHEMA.size()];
        for (int i = 0; i < all.length; i++) all[i] = i;
        return all;
    }

    @Test
    void anEndedCallClosedOnAnInterruptedThreadReleasesItsLastBatch() throws Exception {
        Table table = AllTypesTable.write(scratch.resolve("served"), 3000, 1000);
        try (StorageNode node = StorageNode.start(StorageNode.Settings.local(scratch.resolve("served")));
             NodeClient client = new NodeClient(node.location(), null, null)) {
            NodeCall call = client.call(Tickets.withSlice(Tickets.pull(table, allColumns()), 1));
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
    void aFailedCallClosedOnAnInterruptedThreadReleasesItsBuffers() throws Exception {
        Table table = AllTypesTable.write(scratch.resolve("served"), 3000, 1000);
        try (StorageNode node = StorageNode.start(StorageNode.Settings.local(scratch.resolve("served")));
             NodeClient client = new NodeClient(node.location(), null, null)) {
            NodeCall call = client.call(Tickets.withSlice(Tickets.pull(table, allColumns()), 99));
            assertThrows(FlightRuntimeException.class, () -> {
                while (call.next()) {
                    // no slice 99: the node refuses the call
                }
            });
            Thread.currentThread().interrupt();
            try {
                call.close();
            } finally {
                assertTrue(Thread.interrupted(), "the interrupt is kept for the query to see");
            }
            assertFalse(Thread.currentThread().isInterrupted());
        }
    }
}
