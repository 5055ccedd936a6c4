package io.ascan.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback TCP relay in front of a server (a storage node) whose connections the test can break
 * at once: {@link #cut} resets them (as when a process goes away: the peer is told), unlike a Flight
 * client's own close, which lets a call that is still streaming finish; {@link #freeze} keeps them
 * open but moves nothing any more (as when a machine loses power or its network: nobody is told).
 * {@link #afterBytes} runs an action once the server has sent so many bytes through the link, so
 * a test can break a stream in its middle without timing.
 */
public final class DroppableLink implements AutoCloseable {
    private final ServerSocket listening;
    private final List<Socket> sockets = new ArrayList<>();
    private final Thread acceptor;
    private final AtomicLong fromServer = new AtomicLong();
    private volatile boolean frozen;
    private volatile long trigger = Long.MAX_VALUE;
    private volatile Runnable action;

    public DroppableLink(int serverPort) throws IOException {
        listening = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
        acceptor = Thread.ofPlatform().daemon().start(() -> {
            try {
                while (true) {
                    Socket client = listening.accept();
                    Socket server = new Socket(InetAddress.getLoopbackAddress(), serverPort);
                    synchronized (sockets) {
                        sockets.add(client);
                        sockets.add(server);
                    }
                    pump(client, server, false);
                    pump(server, client, true);
                }
            } catch (IOException closed) {
                // the link was closed
            }
        });
    }

    public int port() {
        return listening.getLocalPort();
    }

    /** Bytes the server sent through the link so far. */
    public long bytesFromServer() {
        return fromServer.get();
    }

    /**
     * Runs {@code then} (on a thread of its own) once the server has sent {@code bytes} more bytes
     * through the link; what arrives after that point is held back, so the client never sees more.
     */
    public void afterBytes(long bytes, Runnable then) {
        action = then;
        trigger = fromServer.get() + bytes;
    }

    private void pump(Socket from, Socket to, boolean fromTheServer) {
        Thread.ofPlatform().daemon().start(() -> {
            byte[] buf = new byte[64 << 10];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buf)) >= 0; ) {
                    if (frozen) continue; // read and dropped: the sender is not held up, nothing arrives
                    int pass = n;
                    if (fromTheServer) {
                        long before = fromServer.getAndAdd(n), limit = trigger;
                        if (before + n >= limit) {
                            pass = (int) Math.max(0, limit - before);
                            fire();
                        }
                    }
                    if (pass > 0) out.write(buf, 0, pass);
                    if (pass < n) frozen = true; // until the action breaks the link, nothing more passes
                }
            } catch (IOException cut) {
                // the link was cut
            }
        });
    }

    private synchronized void fire() {
        Runnable r = action;
        action = null;
        trigger = Long.MAX_VALUE;
        if (r != null) Thread.ofPlatform().daemon().start(r);
    }

    /** Resets every connection through the link. */
    public void cut() {
        synchronized (sockets) {
            for (Socket s : sockets) {
                if (s.isClosed()) continue;
                try {
                    s.setSoLinger(true, 0);
                    s.close();
                } catch (IOException ignored) {
                    // closed already
                }
            }
            sockets.clear();
        }
    }

    /** From now on nothing passes either way, and nobody is told: the connections stay open. */
    public void freeze() {
        frozen = true;
    }

    @Override
    public void close() throws Exception {
        listening.close();
        cut();
        acceptor.join();
    }
}
