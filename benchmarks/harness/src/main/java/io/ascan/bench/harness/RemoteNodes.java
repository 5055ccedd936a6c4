package io.ascan.bench.harness;

import io.ascan.io.IoMode;
import io.ascan.storage.node.StorageNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where {@code ascan bench remote} gets its storage node for each link limit: started in this
 * process on loopback, started as a process of its own (on loopback, or in a network namespace
 * behind a veth pair shaped to the link by {@code benchmarks/netns.sh}), or a node already running
 * at a URL. Only the namespace shapes a link; otherwise the runner emulates it with the
 * compute side's token bucket ({@code interconnect.bandwidth}).
 */
public sealed interface RemoteNodes {
    /** A running node; closing it stops what this source started. */
    record Node(String url, AutoCloseable stop) implements AutoCloseable {
        @Override
        public void close() throws Exception {
            stop.close();
        }
    }

    /** A node behind {@code link} (shaped where {@link #shapes()}). */
    Node start(RemoteLink link) throws Exception;

    /** A node on loopback (or the URL's), for the streaming measurement. */
    Node loopback() throws Exception;

    /** Whether {@link #start} shapes a real link to the limit. */
    boolean shapes();

    /** One line for the summary: how the node ran. */
    String describe();

    /** The node in this JVM, on 127.0.0.1. */
    record InProcess(Path dir, int storageThreads) implements RemoteNodes {
        @Override
        public Node start(RemoteLink link) throws IOException {
            StorageNode n = StorageNode.start(new StorageNode.Settings(dir, "127.0.0.1", 0, null, null, null, storageThreads,
                    StorageNode.Settings.DEFAULT_MAX_REQUEST, StorageNode.Settings.DEFAULT_MEMORY, 0, IoMode.URING));
            return new Node("grpc://127.0.0.1:" + n.port(), n);
        }

        @Override
        public Node loopback() throws IOException {
            return start(new RemoteLink("none", 0));
        }

        @Override
        public boolean shapes() {
            return false;
        }

        @Override
        public String describe() {
            return "a storage node in the benchmark's own JVM on loopback, " + storageThreads + " storage threads";
        }
    }

    /** A node already running elsewhere. */
    record External(String url) implements RemoteNodes {
        @Override
        public Node start(RemoteLink link) {
            return new Node(url, () -> {});
        }

        @Override
        public Node loopback() {
            return start(null);
        }

        @Override
        public boolean shapes() {
            return false;
        }

        @Override
        public String describe() {
            return "the storage node at " + url + " (its storage threads are its own)";
        }
    }

    /**
     * {@code ascan storage-node} as a process of its own: {@code java} is the command line that runs
     * the launcher's main class (JVM, flags, class path, class), its output goes to {@code logs}.
     * With a {@code netnsScript} every link gets a namespace of its own, shaped to the link.
     */
    record Process(List<String> java, Path dir, int storageThreads, Path netnsScript, Path logs, PrintWriter err)
            implements RemoteNodes {
        private static final String READY = "storage node serving";

        @Override
        public Node start(RemoteLink link) throws Exception {
            if (netnsScript == null) return loopback();
            // A subnet of its own per run, so that two benchmarks on one machine do not collide.
            String subnet = "10.251." + (ProcessHandle.current().pid() % 250);
            List<String> cmd = new ArrayList<>(List.of(netnsScript.toString(), "--subnet", subnet));
            if (link.limited()) cmd.addAll(List.of("--rate", link.label()));
            cmd.add("--");
            cmd.addAll(nodeCommand("0.0.0.0", 47470));
            return launch(cmd, "grpc://" + subnet + ".2:47470", "node-" + link.label() + ".log");
        }

        @Override
        public Node loopback() throws Exception {
            int port;
            try (ServerSocket s = new ServerSocket(0)) {
                port = s.getLocalPort();
            }
            return launch(nodeCommand("127.0.0.1", port), "grpc://127.0.0.1:" + port, "node-loopback.log");
        }

        private List<String> nodeCommand(String host, int port) {
            List<String> cmd = new ArrayList<>(java);
            cmd.addAll(List.of("storage-node", "--dir", dir.toAbsolutePath().toString(), "--host", host, "--port", "" + port,
                    "--storage-threads", "" + storageThreads));
            return cmd;
        }

        private Node launch(List<String> cmd, String url, String logName) throws Exception {
            Files.createDirectories(logs);
            Path log = logs.resolve(logName);
            java.lang.Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            // A benchmark stopped with ^C or SIGTERM still stops its node (and the script deletes its namespace).
            Thread hook = new Thread(() -> {
                try {
                    stop(p);
                } catch (InterruptedException ignored) {
                    // the JVM is exiting
                }
            });
            Runtime.getRuntime().addShutdownHook(hook);
            Node node = new Node(url, () -> {
                stop(p);
                Runtime.getRuntime().removeShutdownHook(hook);
            });
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                while (!Files.readString(log).contains(READY)) {
                    if (!p.isAlive()) throw new IOException("the storage node exited (code " + p.exitValue() + "): " + tail(log));
                    if (System.nanoTime() > deadline) throw new IOException("the storage node did not start in 120 s: " + tail(log));
                    Thread.sleep(100);
                }
            } catch (Exception e) {
                node.close();
                throw e;
            }
            err.println("storage node at " + url + (netnsScript != null && !logName.contains("loopback") ? " (network namespace)" : "")
                    + ", log " + log);
            err.flush();
            return node;
        }

        /** SIGTERM (the namespace script then stops the node and deletes the namespace), then SIGKILL. */
        private static void stop(java.lang.Process p) throws InterruptedException {
            p.destroy();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            }
        }

        private static String tail(Path log) throws IOException {
            List<String> lines = Files.readAllLines(log);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        }

        @Override
        public boolean shapes() {
            return netnsScript != null;
        }

        @Override
        public String describe() {
            return "a storage node process (" + storageThreads + " storage threads)"
                    + (netnsScript != null ? " in a network namespace of its own per link, joined by a veth pair whose both "
                    + "ends tc's tbf limits to the link's rate (benchmarks/netns.sh)" : " on loopback");
        }
    }
}
