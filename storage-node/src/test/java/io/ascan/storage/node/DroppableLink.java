package io.ascan.storage.node;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * A loopback TCP relay in front of a storage node whose connections the test can cut at once (a
 * reset, as when a client's machine or process goes away), unlike a Flight client's own close,
 * which lets a call that is still streaming finish.
 */
final class DroppableLink implements AutoCloseable {
    private final ServerSocket listening;
    private final List<Socket> sockets = new ArrayList<>();
    private final Thread acceptor;

    DroppableLink(int nodePort) throws IOException {
        listening = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
        acceptor = Thread.ofPlatform().daemon().start(() -> {
            try {
                while (true) {
                    Socket client = listening.accept();
                    Socket node = new Socket(InetAddress.getLoopbackAddress(), nodePort);
                    synchronized (sockets) {
                        sockets.add(client);
                        sockets.add(node);
                    }
                    pump(client, node);
                    pump(node, client);
                }
            } catch (IOException closed) {
                // the link was closed
            }
        });
    }

    int port() {
        return listening.getLocalPort();
    }

    private static void pump(Socket from, Socket to) {
        Thread.ofPlatform().daemon().start(() -> {
            byte[] buf = new byte[64 << 10];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buf)) >= 0; ) out.write(buf, 0, n);
            } catch (IOException cut) {
                // the link was cut
            }
        });
    }

    /** Resets every connection through the link. */
    void cut() throws IOException {
        synchronized (sockets) {
            for (Socket s : sockets) {
                if (s.isClosed()) continue;
                s.setSoLinger(true, 0);
                s.close();
            }
            sockets.clear();
        }
    }

    @Override
    public void close() throws Exception {
        listening.close();
        cut();
        acceptor.join();
    }
}
