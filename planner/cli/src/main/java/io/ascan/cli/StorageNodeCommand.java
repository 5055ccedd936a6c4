package io.ascan.cli;

import io.ascan.io.IoMode;
import io.ascan.storage.node.StorageNode;
import io.ascan.storage.node.pushback.PushbackSettings;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ascan storage-node}: serves a catalog directory over Arrow Flight (docs/storage-node.md). */
public final class StorageNodeCommand implements CliCommand {
    @Override
    public List<String> path() {
        return List.of("storage-node");
    }

    @Override
    public Object command() {
        return new Run();
    }

    @Command(name = "storage-node", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Serves a catalog directory over Arrow Flight: its catalog, raw column segments (pull-up) and",
                    "pushdown (P and runtime filters applied on this node's threads). Compute sides connect with",
                    "jdbc:ascan:grpc://HOST:PORT (see docs/storage-node.md). Runs until stopped."})
    static final class Run implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Option(names = "--dir", required = true, description = "Catalog directory to serve.")
        Path dir;

        @Option(names = "--host", defaultValue = "127.0.0.1", description = "Address to listen on (default: ${DEFAULT-VALUE}; 0.0.0.0: all).")
        String host;

        @Option(names = "--port", defaultValue = "47470", description = "Port (default: ${DEFAULT-VALUE}; 0: a free one).")
        int port;

        @Option(names = "--token-file", paramLabel = "FILE",
                description = "File holding the bearer token every client must send; without it the node admits anyone.")
        Path tokenFile;

        @Option(names = "--tls-cert", paramLabel = "PEM", description = "TLS certificate chain (with --tls-key).")
        Path tlsCert;

        @Option(names = "--tls-key", paramLabel = "PEM", description = "TLS private key (with --tls-cert).")
        Path tlsKey;

        @Option(names = "--storage-threads", defaultValue = "2", description = "Slices read and filtered at once (default: ${DEFAULT-VALUE}).")
        int storageThreads;

        @Option(names = "--memory", defaultValue = "4294967296", description = "Memory limit in bytes (default: ${DEFAULT-VALUE}).")
        long memory;

        @Option(names = "--max-request", defaultValue = "67108864", description = "Largest request in bytes (default: ${DEFAULT-VALUE}).")
        int maxRequest;

        @Option(names = "--cache-bytes", defaultValue = "0", description = "Segment cache in bytes (default: none).")
        long cacheBytes;

        @Option(names = "--io", defaultValue = "uring", description = "Block reader: uring or portable (default: ${DEFAULT-VALUE}).")
        String io;

        @Option(names = "--pushback", defaultValue = "off", paramLabel = "POLICY",
                description = "Adaptive pushdown: off, on, pa (on, PA-aware), force-admit, force-pushback or random:F (default: ${DEFAULT-VALUE}).")
        String pushback;

        @Option(names = "--pushdown-cores", defaultValue = "0", paramLabel = "N",
                description = "Pushdown requests run at once (default: the storage threads).")
        int pushdownCores;

        @Option(names = "--storage-power", defaultValue = "1", paramLabel = "F",
                description = "Emulated computational power for pushdown, in (0, 1] (default: ${DEFAULT-VALUE}).")
        double storagePower;

        @Option(names = "--cpu-hog", defaultValue = "0", paramLabel = "N", description = "Threads kept spinning on the node (default: none).")
        int cpuHog;

        @Option(names = "--pullup-slots", defaultValue = "4", paramLabel = "N",
                description = "Pushed-back transfers the link carries at full speed each (default: ${DEFAULT-VALUE}).")
        int pullupSlots;

        @Override
        public Integer call() throws Exception {
            String token = tokenFile == null ? null : Files.readString(tokenFile, StandardCharsets.UTF_8).strip();
            PushbackSettings p;
            try {
                p = PushbackSettings.OFF.withPolicy(pushback).withPower(pushdownCores, storagePower, cpuHog).withPullupSlots(pullupSlots);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            StorageNode.Settings s = new StorageNode.Settings(dir, host, port, token, tlsCert, tlsKey, storageThreads, maxRequest,
                    memory, cacheBytes, IoMode.parse(io), p);
            PrintWriter out = spec.commandLine().getOut();
            try (StorageNode node = StorageNode.start(s)) {
                out.println("storage node serving " + dir + " at " + node.location().getUri()
                        + (token == null ? " (no token: anyone may connect)" : " (bearer token required)")
                        + (p.policy() == PushbackSettings.Policy.OFF ? "" : ", pushback " + p.describe()));
                out.flush();
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    try {
                        node.close();
                    } catch (Exception ignored) {
                        // the JVM is exiting
                    }
                }));
                node.awaitTermination();
            }
            return 0;
        }
    }
}
