package io.ascan.e2e;

import io.ascan.storage.node.StorageNode;
import java.util.concurrent.TimeUnit;

/**
 * A storage node's allocated bytes once the streams of closed connections have let go: the node
 * releases a stream's buffers on gRPC's threads when it learns the client is gone, which can be
 * after the client's close returned (on a loaded machine, a query that ended in an error left
 * 46,600 bytes for a moment). Waits up to 10 s for zero; any other figure is a leak.
 */
final class NodeMemory {
    private NodeMemory() {}

    static long afterRelease(StorageNode node) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long bytes;
        while ((bytes = node.allocatedBytes()) != 0 && System.nanoTime() < deadline) Thread.sleep(10);
        return bytes;
    }
}
