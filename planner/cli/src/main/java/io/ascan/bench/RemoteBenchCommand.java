package io.ascan.bench;

import io.ascan.bench.harness.RemoteBenchRunner;
import io.ascan.bench.harness.RemoteLink;
import io.ascan.bench.harness.RemoteNodes;
import io.ascan.bench.harness.RemoteReport;
import io.ascan.catalog.Catalog;
import io.ascan.cli.Main;
import io.ascan.exchange.UserException;
import io.ascan.planner.BenchmarkQueries;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ascan bench remote}: pull-up vs pushdown vs adaptive over a storage node at several link limits. */
public final class RemoteBenchCommand extends BenchCommand {
    /** The TPC-H queries FlexPushdownDB discusses. */
    static final List<String> TPCH_QUERIES = List.of("q01", "q06", "q12", "q14", "q19");

    public RemoteBenchCommand() {
        super("remote");
    }

    @Override
    public Object command() {
        return new Run();
    }

    @Command(name = "remote", mixinStandardHelpOptions = true, sortOptions = false,
            description = {
                "Runs the queries over a storage node (docs/storage-node.md) in each remote mode - pull-up "
                        + "(mode=direct), pushdown and adaptive - at each link limit: per query one warm-up of every mode, "
                        + "then --runs rounds, modes interleaved; every answer is checked against the local engine's over --dir. "
                        + "Then streams every segment of one table from a node on loopback and from the local catalog. "
                        + "Writes into --out:",
                "  results.csv    " + RemoteReport.RESULTS_HEADER,
                "  streaming.csv  " + RemoteReport.STREAMING_HEADER,
                "  summary.md     per link the median time and network bytes of each mode, adaptive / the better of "
                        + "pull-up and pushdown; the streaming rates",
                "  *.png, *.svg   time per query and mode for each link; bytes over the network",
                "Progress goes to stderr, the summary to stdout.",
                "",
                "The node: --url of a running one; else this command starts one on --dir per link: with --netns in a "
                        + "network namespace behind a veth pair shaped to the link with tc (benchmarks/netns.sh; needs root), "
                        + "otherwise on loopback, the link then emulated by the compute side's token bucket "
                        + "(interconnect.bandwidth)."})
    static final class Run implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Option(names = "--workload", defaultValue = "ssb", paramLabel = "W", description = "ssb or tpch (default: ${DEFAULT-VALUE}).")
        String workload;

        @Option(names = "--dir", paramLabel = "D",
                description = "Catalog directory holding the workload's tables (only read). The node serves it; the local answers "
                        + "and the local streaming pass read it. Required unless --url is given.")
        Path dir;

        @Option(names = "--url", paramLabel = "grpc://HOST:PORT", description = "A running storage node instead of starting one.")
        String url;

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory for the CSV files, summary and plots.")
        Path out;

        @Option(names = "--queries", split = ",", paramLabel = "Q",
                description = "Queries (default: all of ssb; tpch: " + "q01,q06,q12,q14,q19).")
        List<String> queries;

        @Option(names = "--modes", split = ",", defaultValue = "direct,pushdown,adaptive", paramLabel = "M",
                description = "Remote modes (default: ${DEFAULT-VALUE}).")
        List<String> modes;

        @Option(names = "--links", split = ",", defaultValue = "1gbit,10gbit,none", paramLabel = "RATE",
                description = "Link limits, tc rates or none (default: ${DEFAULT-VALUE}).")
        List<String> links;

        @Option(names = "--netns", description = "Start each node in a network namespace shaped to the link (root).")
        boolean netns;

        @Option(names = "--netns-script", paramLabel = "FILE",
                description = "The namespace script (default: benchmarks/netns.sh of the ascan checkout).")
        Path netnsScript;

        @Option(names = "--node", defaultValue = "process", paramLabel = "process|in-process",
                description = "Without --url: the node as a process of its own, or inside this JVM (default: ${DEFAULT-VALUE}).")
        String node;

        @Option(names = "--storage-threads", defaultValue = "2", paramLabel = "N", description = "The node's storage threads (default: ${DEFAULT-VALUE}).")
        int storageThreads;

        @Option(names = "--compute-threads", defaultValue = "2", paramLabel = "N", description = "compute.threads (default: ${DEFAULT-VALUE}).")
        int computeThreads;

        @Option(names = "--runs", defaultValue = "3", paramLabel = "N", description = "Timed runs per query, mode and link (default: ${DEFAULT-VALUE}).")
        int runs;

        @Option(names = "--stream-table", paramLabel = "T", description = "Table of the streaming measurement (default: lineorder or lineitem).")
        String streamTable;

        @Option(names = "--stream-runs", defaultValue = "3", paramLabel = "N", description = "Timed streaming passes each, after a warm-up; 0: none (default: ${DEFAULT-VALUE}).")
        int streamRuns;

        @Option(names = "--stream-threads", defaultValue = "2", paramLabel = "N", description = "Threads of a streaming pass (default: ${DEFAULT-VALUE}).")
        int streamThreads;

        @Option(names = "--set", paramLabel = "NAME=VALUE", description = "Another setting of the compute side's connection, e.g. storage.token=...")
        Map<String, String> settings = new LinkedHashMap<>();

        @Override
        public Integer call() throws Exception {
            if (!workload.equals("ssb") && !workload.equals("tpch")) throw new UserException("--workload must be ssb or tpch, got '" + workload + "'");
            if (url == null && dir == null) throw new UserException("give --dir (a catalog to serve) or --url (a running node)");
            if (url != null && netns) throw new UserException("--netns starts its own nodes; it cannot shape the link to --url");
            if (!node.equals("process") && !node.equals("in-process")) throw new UserException("--node must be process or in-process, got '" + node + "'");
            if (netns && node.equals("in-process")) throw new UserException("--netns runs the node as a process of its own, not --node in-process");
            for (String s : List.of("mode", "storage.threads", "compute.threads", "interconnect.bandwidth")) {
                if (settings.containsKey(s)) throw new UserException("--set " + s + ": the benchmark sets it itself");
            }
            List<String> all = BenchmarkQueries.names(workload);
            List<String> qs = queries != null ? queries : workload.equals("ssb") ? all : TPCH_QUERIES;
            for (String q : qs) {
                if (!all.contains(q)) throw new UserException("--queries: " + workload + " has no query '" + q + "'");
            }
            String table = streamTable != null ? streamTable : workload.equals("ssb") ? "lineorder" : "lineitem";
            if (dir != null && !Catalog.open(dir).tableNames().contains(table)) {
                throw new UserException(dir + " has no table " + table + ": generate the data first (ascan gen " + workload + " --dir ...)");
            }
            RemoteBenchRunner.Plan plan;
            try {
                plan = new RemoteBenchRunner.Plan(workload, qs, modes, links.stream().map(RemoteLink::parse).toList(), storageThreads,
                        computeThreads, runs, settings, table, streamRuns, streamThreads);
            } catch (IllegalArgumentException e) {
                throw new UserException(e.getMessage());
            }
            if (Files.exists(out) && !Files.isDirectory(out)) throw new UserException("--out " + out + " is a file, not a directory");
            Files.createDirectories(out);
            PrintWriter err = spec.commandLine().getErr();
            RemoteNodes nodes = nodes(err);
            err.printf("running %d queries x %d modes x %d links x (%d runs + warm-up) = %d executions%n", qs.size(), modes.size(),
                    plan.links().size(), runs, plan.executions());
            err.flush();
            RemoteBenchRunner.Outcome outcome = new RemoteBenchRunner(plan, dir, nodes, err).run();
            RemoteReport report = new RemoteReport(plan, outcome);
            String data = workload + " " + (dir != null ? dir.getFileName() : url);
            List<String> written = report.write(out, nodes.describe(), data);
            spec.commandLine().getOut().print(Files.readString(out.resolve("summary.md")));
            spec.commandLine().getOut().flush();
            err.println("wrote " + String.join(", ", written) + " into " + out);
            err.flush();
            return outcome.warnings().isEmpty() ? 0 : 1;
        }

        /** The heap of a node process the benchmark starts (gRPC's Netty buffers are bounded by it too). */
        static final String NODE_HEAP = "-Xmx1g";

        private RemoteNodes nodes(PrintWriter err) {
            if (url != null) return new RemoteNodes.External(url);
            if (node.equals("in-process")) return new RemoteNodes.InProcess(dir, storageThreads);
            Path script = null;
            if (netns) {
                script = netnsScript != null ? netnsScript : defaultScript();
                if (!Files.isExecutable(script)) throw new UserException("the namespace script " + script + " is missing or not executable (--netns-script)");
            }
            return new RemoteNodes.Process(javaCommand(), dir, storageThreads, script, out.resolve("logs"), err);
        }

        /** benchmarks/netns.sh of the checkout the launcher runs from ({@code ASCAN_HOME}), else of the working directory. */
        private static Path defaultScript() {
            String home = System.getenv("ASCAN_HOME");
            return (home != null ? Path.of(home) : Path.of("")).resolve("benchmarks").resolve("netns.sh").toAbsolutePath();
        }

        /**
         * This JVM with the launcher's flags and class path, running the launcher's main class, with a heap of
         * {@link #NODE_HEAP}: the node's data lives off-heap (its allocator, {@code --memory}), and without a bound
         * the JVM's default (a quarter of the machine) let a node beside the benchmark's own JVM grow until the
         * kernel killed one of them at SF 10.
         */
        private static List<String> javaCommand() {
            List<String> cmd = new ArrayList<>();
            cmd.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
            cmd.add(NODE_HEAP);
            for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
                if (a.startsWith("--enable-native-access") || a.startsWith("--add-opens") || a.startsWith("--sun-misc-unsafe-memory-access")) cmd.add(a);
            }
            cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
            return cmd;
        }
    }
}
