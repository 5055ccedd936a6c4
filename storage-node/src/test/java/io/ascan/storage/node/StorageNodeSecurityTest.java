package io.ascan.storage.node;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.format.SliceData;
import io.ascan.scan.remote.RemoteStorage;
import io.ascan.testing.AllTypesTable;
import io.ascan.testing.DroppableLink;
import io.ascan.testing.LeakCheck;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The storage node's security and fault cases, each against a node on loopback on a free port:
 * tokens, names and links out of the served directory, malformed and oversized requests, clients
 * that go away mid-stream, a node that dies, many clients against a small memory limit. Each
 * test leaves both sides' memory at zero.
 */
class StorageNodeSecurityTest {
    private static final int ROWS = 3000;
    private static final int SLICE_ROWS = 100;

    @RegisterExtension final LeakCheck leaks = new LeakCheck();
    @TempDir Path scratch;
    private Path served;
    private Table table;

    @BeforeEach
    void catalog() throws Exception {
        served = scratch.resolve("served");
        table = AllTypesTable.write(served, ROWS, SLICE_ROWS);
    }

    /** Pulls slice {@code s} and checks every value against the fixture's. */
    private void pullAndCheck(NodeClient client, int s) throws IOException {
        RemoteStorage.Received<SliceData> r = client.pull(table, AllTypesTable.allColumns(), table.manifest().slices().get(s), leaks.pool(),
                leaks.allocator());
        try (SliceData data = r.value()) {
            assertEquals(SLICE_ROWS, data.rowCount());
            for (int c = 0; c < AllTypesTable.allColumns().length; c++) {
                for (int row = 0; row < data.rowCount(); row++) {
                    Object expected = AllTypesTable.expected(c, s * SLICE_ROWS + row);
                    Object got = data.column(c).getObject(row);
                    assertEquals(expected, got, "column " + c + " row " + row);
                }
            }
            assertTrue(r.networkBytes() > 0);
        }
    }

    private static NodeClient client(StorageNode node, String token) {
        return new NodeClient(node.location(), token, null);
    }

    @Test
    void bearerTokenIsRequiredAndChecked() throws Exception {
        try (StorageNode node = StorageNode.start(StorageNode.Settings.local(served).withToken("s3cret"))) {
            try (NodeClient none = client(node, null)) {
                IOException e = assertThrows(IOException.class, none::catalog);
                assertTrue(e.getMessage().contains("UNAUTHENTICATED"), e.getMessage());
                assertThrows(IOException.class, () -> pullAndCheck(none, 0));
            }
            try (NodeClient wrong = client(node, "guess")) {
                IOException e = assertThrows(IOException.class, wrong::catalog);
                assertTrue(e.getMessage().contains("UNAUTHENTICATED"), e.getMessage());
                assertThrows(IOException.class, () -> pullAndCheck(wrong, 0));
            }
            try (NodeClient right = client(node, "s3cret")) {
                assertEquals(List.of("all_types"), right.catalog().stream().map(NodeClient.RemoteTable::name).toList());
                pullAndCheck(right, 2);
            }
            assertEquals(0, node.allocatedBytes());
        }
    }

    /** A raw DoGet of {@code ticket}; returns the status code it failed with (OK: it streamed). */
    private static FlightStatusCode get(StorageNode node, byte[] ticket) throws Exception {
        try (BufferAllocator a = new RootAllocator(); FlightClient c = FlightClient.builder(a, node.location()).build();
             FlightStream s = c.getStream(new Ticket(ticket))) {
            while (s.next()) {
                // drain
            }
            return FlightStatusCode.OK;
        } catch (FlightRuntimeException e) {
            return e.status().code();
        }
    }

    private byte[] pullTicket(String tableName, int slice) {
        ObjectNode o = Tickets.pull(table, new int[] {1});
        o.put("table", tableName);
        return Tickets.withSlice(o, slice);
    }

    @Test
    void namesCannotLeaveTheServedDirectory() throws Exception {
        // a catalog outside, reached through a link inside the served directory
        AllTypesTable.write(scratch.resolve("outside"), 10, 10);
        Files.createSymbolicLink(served.resolve("evil"), scratch.resolve("outside").resolve("all_types"));
        try (StorageNode node = StorageNode.start(StorageNode.Settings.local(served))) {
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, get(node, pullTicket("../outside/all_types", 0)));
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, get(node, pullTicket("..", 0)));
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, get(node, pullTicket("all_types/../../outside", 0)));
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, get(node, pullTicket("evil", 0)));
            assertEquals(FlightStatusCode.NOT_FOUND, get(node, pullTicket("nothing", 0)));
            try (NodeClient c = client(node, null)) {
                assertEquals(List.of("all_types"), c.catalog().stream().map(NodeClient.RemoteTable::name).toList(),
                        "the link is not served");
                pullAndCheck(c, 0);
            }
            assertEquals(0, node.allocatedBytes());
        }
    }

    @Test
    void malformedAndOversizedRequestsAreRefusedAndTheNodeKeepsServing() throws Exception {
        try (StorageNode node = StorageNode.start(StorageNode.Settings.local(served).withLimits(64 << 10, 1L << 30))) {
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, get(node, "not json".getBytes(StandardCharsets.UTF_8)));
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, get(node, "[1,2]".getBytes(StandardCharsets.UTF_8)));
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, get(node, "{\"v\":99}".getBytes(StandardCharsets.UTF_8)));
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, get(node, pullTicket("all_types", 1_000_000)));
            ObjectNode badColumn = Tickets.pull(table, new int[] {42});
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, get(node, Tickets.withSlice(badColumn, 0)));
            ObjectNode badPredicate = Tickets.pull(table, new int[] {1});
            badPredicate.put("kind", Tickets.PUSHDOWN);
            badPredicate.put("projected", 1);
            badPredicate.putObject("predicate").put("op", "NO_SUCH_OPERATOR").put("type", "BOOLEAN");
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, get(node, Tickets.withSlice(badPredicate, 0)));
            byte[] huge = ("{\"v\":1,\"pad\":\"" + "x".repeat(256 << 10) + "\"}").getBytes(StandardCharsets.UTF_8);
            FlightStatusCode oversized = get(node, huge);
            assertTrue(oversized == FlightStatusCode.RESOURCE_EXHAUSTED || oversized == FlightStatusCode.INVALID_ARGUMENT,
                    "oversized request: " + oversized);
            try (NodeClient c = client(node, null)) {
                pullAndCheck(c, 3);
            }
            assertEquals(0, node.allocatedBytes());
        }
    }

    @Test
    void aNodeThatDiesGivesAClearErrorAndNoData() throws Exception {
        StorageNode node = StorageNode.start(StorageNode.Settings.local(served));
        try (NodeClient c = client(node, null)) {
            pullAndCheck(c, 0);
            node.close();
            IOException e = assertThrows(IOException.class, () -> pullAndCheck(c, 1));
            assertTrue(e.getMessage().contains("storage node") && e.getMessage().contains("UNAVAILABLE"), e.getMessage());
        } finally {
            node.close();
        }
    }

    /**
     * A table whose whole stream is several times gRPC's flow-control windows, so the node is still
     * streaming (or waiting for its client) when the client goes away.
     */
    private Table longTable() throws Exception {
        return AllTypesTable.write(scratch.resolve("long"), 1_000_000, 50_000);
    }

    /** A pushdown ticket over every slice of {@code t} (one batch per slice). */
    private static byte[] wholeTable(Table t) {
        ObjectNode o = Tickets.base(Tickets.PUSHDOWN, t);
        int[] all = AllTypesTable.allColumns();
        var cols = o.putArray("columns");
        for (int c : all) cols.add(c);
        o.put("projected", all.length);
        o.put("count", t.manifest().slices().size());
        return Tickets.withSlice(o, 0);
    }

    /** Waits (boundedly) until a stream of the node waits for its client, which reads no more. */
    private static void awaitStreamWaiting(StorageNode node) throws InterruptedException {
        for (int i = 0; i < 600 && node.streamsWaiting() == 0; i++) Thread.sleep(50);
        assertEquals(1, node.streamsWaiting(), "a stream waiting for its client");
    }

    /** Waits (boundedly: releases after a cancel are asynchronous) until the node holds no memory. */
    private static void awaitNodeMemoryReleased(StorageNode node) throws InterruptedException {
        for (int i = 0; i < 600 && node.allocatedBytes() != 0; i++) Thread.sleep(50);
        assertEquals(0, node.allocatedBytes(), () -> "node memory after the clients went away:\n" + node.memoryDump());
    }

    @Test
    void cancelledStreamsReleaseTheNodesBuffers() throws Exception {
        Table t = longTable();
        try (StorageNode node = StorageNode.start(StorageNode.Settings.local(scratch.resolve("long")));
             BufferAllocator a = new RootAllocator(); FlightClient c = FlightClient.builder(a, node.location()).build()) {
            for (int i = 0; i < 16; i++) {
                byte[] ticket = i % 2 == 0 ? wholeTable(t) : Tickets.withSlice(Tickets.pull(t, AllTypesTable.allColumns()), i);
                try (FlightStream s = c.getStream(new Ticket(ticket))) {
                    if (i % 4 < 2) {
                        assertTrue(s.next(), "a first batch");
                        if (i % 2 == 0) awaitStreamWaiting(node); // then cancelled while the node waits for it
                    }
                    s.cancel("the client is done", null);
                }
            }
            awaitNodeMemoryReleased(node);
        }
    }

    /**
     * Clients whose connection drops mid-stream (no cancel sent; the link resets). Each client then
     * closes its stream, whose call failed with the link, and its memory returns to zero too (its
     * allocator's close fails otherwise).
     */
    @Test
    void disconnectedClientsReleaseTheNodesBuffers() throws Exception {
        Table t = longTable();
        try (StorageNode node = StorageNode.start(StorageNode.Settings.local(scratch.resolve("long")))) {
            for (int i = 0; i < 4; i++) {
                try (DroppableLink link = new DroppableLink(node.port()); BufferAllocator a = new RootAllocator();
                     FlightClient c = FlightClient.builder(a, Location.forGrpcInsecure("127.0.0.1", link.port())).build()) {
                    FlightStream s = c.getStream(new Ticket(i % 2 == 0 ? wholeTable(t)
                            : Tickets.withSlice(Tickets.pull(t, AllTypesTable.allColumns()), i)));
                    assertTrue(s.next(), "a first batch");
                    if (i % 2 == 0) awaitStreamWaiting(node);
                    link.cut();
                    s.close(); // the call failed with the link: the batches it received are released
                }
            }
            awaitNodeMemoryReleased(node);
            try (NodeClient client = client(node, null)) {
                assertEquals(List.of("all_types"), client.catalog().stream().map(NodeClient.RemoteTable::name).toList());
            }
        }
    }

    @Test
    void manyClientsStayWithinTheNodesMemory() throws Exception {
        long limit = 4L << 20;
        try (StorageNode node = StorageNode.start(StorageNode.Settings.local(served).withLimits(64 << 20, limit))) {
            ExecutorService clients = Executors.newFixedThreadPool(8);
            try {
                List<Future<?>> runs = new ArrayList<>();
                for (int i = 0; i < 16; i++) {
                    int s = i % table.manifest().slices().size();
                    runs.add(clients.submit(() -> {
                        try (NodeClient c = client(node, null)) {
                            pullAndCheck(c, s);
                        }
                        return null;
                    }));
                }
                for (Future<?> f : runs) {
                    try {
                        f.get();
                    } catch (java.util.concurrent.ExecutionException e) {
                        // refused for memory is allowed; anything else is not
                        assertTrue(e.getCause() instanceof IOException io && io.getMessage().contains("RESOURCE_EXHAUSTED"),
                                String.valueOf(e.getCause()));
                    }
                }
            } finally {
                clients.shutdown();
            }
            assertTrue(node.peakBytes() <= limit, "peak " + node.peakBytes() + " within " + limit);
            assertEquals(0, node.allocatedBytes());
        }
    }

    @Test
    void theCatalogItServesIsTheDirectorysOwn() throws Exception {
        try (StorageNode node = StorageNode.start(StorageNode.Settings.local(served));
             RemoteCatalog remote = RemoteCatalog.connect("grpc://127.0.0.1:" + node.port(), null, null)) {
            Table copy = Catalog.open(remote.dir()).table("all_types");
            assertEquals(table.version(), copy.version());
            assertEquals(table.manifest().slices(), copy.manifest().slices());
            assertEquals(table.schema(), copy.schema());
            assertArrayEquals(table.manifest().distinctCounts(), copy.manifest().distinctCounts());
        }
    }
}
