package io.ascan.storage.node;

import io.ascan.cache.SegmentCache;
import io.ascan.io.AlignedBufferPool;
import io.ascan.io.IoMode;
import io.ascan.memory.Allocators;
import io.ascan.storage.node.pushback.NodePushback;
import io.ascan.storage.node.pushback.PushbackArbiter;
import io.ascan.storage.node.pushback.PushbackSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.FlightServer;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A storage node: an Arrow Flight server over one catalog directory ({@link NodeProducer} says
 * what it serves). Its memory is its own allocator (at most {@code memoryBytes}, a request beyond
 * it fails with RESOURCE_EXHAUSTED), its segment cache and buffer pool; at most
 * {@code storageThreads} slices are read and filtered at once, whatever the number of clients.
 */
public final class StorageNode implements AutoCloseable {
    /**
     * @param host           address to listen on ({@code 0.0.0.0}: every interface)
     * @param port           0 for a free one
     * @param token          the bearer token clients must send, or null for none
     * @param tlsCert        certificate chain (PEM) and ...
     * @param tlsKey         ... private key (PEM) for TLS, or both null
     * @param storageThreads slices read and filtered at once ({@code storage.threads})
     * @param maxRequestBytes the largest request (ticket, action body) the node reads
     * @param memoryBytes    the node's memory limit for segments, filters and batches in flight
     * @param cacheBytes     its segment cache (0: none)
     * @param pushback       its adaptive pushdown: the pushback arbiter's policy and the node's power for pushdown
     */
    public record Settings(Path dir, String host, int port, String token, Path tlsCert, Path tlsKey, int storageThreads,
                           int maxRequestBytes, long memoryBytes, long cacheBytes, IoMode io, PushbackSettings pushback) {
        public static final int DEFAULT_MAX_REQUEST = 64 << 20;
        public static final long DEFAULT_MEMORY = 4L << 30;

        public Settings {
            if (storageThreads < 1) throw new IllegalArgumentException("storage.threads must be at least 1");
            if ((tlsCert == null) != (tlsKey == null)) throw new IllegalArgumentException("TLS needs both a certificate and a key");
            if (pushback == null) pushback = PushbackSettings.OFF;
        }

        public Settings(Path dir, String host, int port, String token, Path tlsCert, Path tlsKey, int storageThreads,
                        int maxRequestBytes, long memoryBytes, long cacheBytes, IoMode io) {
            this(dir, host, port, token, tlsCert, tlsKey, storageThreads, maxRequestBytes, memoryBytes, cacheBytes, io, null);
        }

        /** Loopback, a free port, no token or TLS, one storage thread: for tests and local use. */
        public static Settings local(Path dir) {
            return new Settings(dir, "127.0.0.1", 0, null, null, null, 1, DEFAULT_MAX_REQUEST, DEFAULT_MEMORY, 0, IoMode.URING);
        }

        public Settings withToken(String t) {
            return new Settings(dir, host, port, t, tlsCert, tlsKey, storageThreads, maxRequestBytes, memoryBytes, cacheBytes, io,
                    pushback);
        }

        public Settings withLimits(int requestBytes, long memory) {
            return new Settings(dir, host, port, token, tlsCert, tlsKey, storageThreads, requestBytes, memory, cacheBytes, io,
                    pushback);
        }

        public Settings withPushback(PushbackSettings p) {
            return new Settings(dir, host, port, token, tlsCert, tlsKey, storageThreads, maxRequestBytes, memoryBytes, cacheBytes, io, p);
        }

        public Settings withStorageThreads(int n) {
            return new Settings(dir, host, port, token, tlsCert, tlsKey, n, maxRequestBytes, memoryBytes, cacheBytes, io, pushback);
        }
    }

    private final BufferAllocator allocator;
    private final AlignedBufferPool pool;
    private final SegmentCache cache;
    private final ExecutorService executor;
    private final FlightServer server;
    private final Location location;
    private final NodeProducer producer;
    private final NodePushback pushback;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    private StorageNode(Settings s) throws IOException {
        ServedCatalog catalog = new ServedCatalog(s.dir());
        allocator = Allocators.root(s.memoryBytes());
        pool = new AlignedBufferPool(s.memoryBytes());
        cache = s.cacheBytes() > 0 ? SegmentCache.create(allocator, s.cacheBytes()) : SegmentCache.disabled();
        executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "storage-node");
            t.setDaemon(true);
            return t;
        });
        pushback = new NodePushback(s.pushback(), s.storageThreads());
        producer = new NodeProducer(catalog, allocator, pool, cache, s.storageThreads(), s.maxRequestBytes(), s.io(), pushback);
        boolean tls = s.tlsCert() != null;
        Location bind = tls ? Location.forGrpcTls(s.host(), s.port()) : Location.forGrpcInsecure(s.host(), s.port());
        FlightServer.Builder b = FlightServer.builder(allocator, bind, producer).executor(executor)
                .maxInboundMessageSize(s.maxRequestBytes())
                // clients ping a silent connection every NodeClient.KEEPALIVE: not a misbehaving client
                .transportHint("grpc.builderConsumer", (java.util.function.Consumer<io.grpc.netty.NettyServerBuilder>)
                        n -> n.permitKeepAliveTime(NodeClient.KEEPALIVE.toNanos() / 2, TimeUnit.NANOSECONDS));
        if (s.token() != null) b.headerAuthenticator(new BearerToken(s.token()));
        if (tls) b.useTls(s.tlsCert().toFile(), s.tlsKey().toFile());
        FlightServer built = b.build();
        try {
            built.start();
        } catch (IOException | RuntimeException e) {
            try {
                built.close();
                pushback.close();
            } catch (InterruptedException i) {
                Thread.currentThread().interrupt();
            }
            throw e;
        }
        server = built;
        String host = s.host().equals("0.0.0.0") ? "localhost" : s.host();
        location = tls ? Location.forGrpcTls(host, server.getPort()) : Location.forGrpcInsecure(host, server.getPort());
        producer.location(location);
    }

    /** Starts a node; close it to stop. */
    public static StorageNode start(Settings settings) throws IOException {
        return new StorageNode(settings);
    }

    public int port() {
        return server.getPort();
    }

    public Location location() {
        return location;
    }

    /** Bytes the node's allocator holds now (segments, filters, batches in flight, cache). */
    public long allocatedBytes() {
        return allocator.getAllocatedMemory();
    }

    /** What the node's allocator holds, per request (with allocation sites under {@code -Darrow.memory.debug.allocator=true}). */
    String memoryDump() {
        return allocator.toVerboseString();
    }

    /** How many streams wait for their client to read now. */
    /** The registered runtime filters of the scans it serves. */
    NodeFilters filters() {
        return producer.filters();
    }

    int streamsWaiting() {
        return producer.waiting();
    }

    /** The most bytes the node's allocator ever held at once. */
    public long peakBytes() {
        return allocator.getPeakMemoryAllocation();
    }

    /** The pushback arbiter's decisions so far: pushdown requests, admitted, pushed back. */
    public PushbackArbiter.Counts pushbackCounts() {
        return pushback.counts();
    }

    /** Core time pushdown requests took on the node so far (with emulated power, what a weaker node would have spent). */
    public long pushdownCoreNanos() {
        return pushback.coreNanos();
    }

    /** Blocks until the server stops. */
    public void awaitTermination() throws InterruptedException {
        server.awaitTermination();
    }

    @Override
    public void close() throws InterruptedException {
        if (!closed.compareAndSet(false, true)) return;
        try {
            server.shutdown();
            server.awaitTermination(5, TimeUnit.SECONDS);
            server.close();
        } finally {
            executor.shutdownNow();
            pushback.close();
            try {
                // calls still streaming stop at their next wait: their buffers go back before the memory closes
                executor.awaitTermination(5, TimeUnit.SECONDS);
            } finally {
                producer.close();
                cache.close();
                pool.close();
                allocator.close();
            }
        }
    }
}
