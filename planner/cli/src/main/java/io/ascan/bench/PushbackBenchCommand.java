package io.ascan.bench;

import io.ascan.bench.harness.PushbackBenchRunner;
import io.ascan.bench.harness.PushbackReport;
import io.ascan.bench.harness.RemoteLink;
import io.ascan.catalog.Catalog;
import io.ascan.exchange.UserException;
import io.ascan.planner.BenchmarkQueries;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ascan bench pushback}: adaptive pushdown's experiment (no pushdown, eager, pushback, adaptive, both) over storage power. */
public final class PushbackBenchCommand extends BenchCommand {
    public PushbackBenchCommand() {
        super("pushback");
    }

    @Override
    public Object command() {
        return new Run();
    }

    @Command(name = "pushback", mixinStandardHelpOptions = true, sortOptions = false,
            description = {
                "Adaptive pushdown's experiment (docs/pushback.md): storage nodes in this JVM serve --dir on loopback, the link "
                        + "emulated by the compute side's token bucket; per storage power (a pushdown holds its core for its work / "
                        + "power) each query runs under each strategy - no-pushdown (mode=direct), eager (mode=pushdown, every request "
                        + "admitted), pushback (mode=pushdown, the arbiter on), adaptive (mode=adaptive, every request admitted), both "
                        + "(mode=adaptive, the arbiter on) - a warm-up, then --runs; then the two --concurrent queries at once with the "
                        + "arbiter first come first served and PA-aware. Every answer is checked against the local engine's. Writes into --out:",
                "  results.csv     " + PushbackReport.RESULTS_HEADER,
                "  concurrent.csv  " + PushbackReport.CONCURRENT_HEADER,
                "  summary.md      Fig. 18 (time / no pushdown), Fig. 19 (admitted vs k/(k+1)N), Fig. 20 (network bytes), Fig. 22-23",
                "Progress goes to stderr, the summary to stdout."})
    static final class Run implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Option(names = "--workload", defaultValue = "tpch", paramLabel = "W", description = "tpch or ssb (default: ${DEFAULT-VALUE}).")
        String workload;

        @Option(names = "--dir", required = true, paramLabel = "D", description = "Catalog directory holding the workload's tables (only read).")
        Path dir;

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory for the CSV files and the summary.")
        Path out;

        @Option(names = "--queries", split = ",", paramLabel = "Q", description = "Queries (default: tpch q01,q06,q12,q14,q19; ssb: all).")
        List<String> queries;

        @Option(names = "--strategies", split = ",", defaultValue = "no-pushdown,eager,pushback,adaptive,both", paramLabel = "S",
                description = "Strategies (default: ${DEFAULT-VALUE}).")
        List<String> strategies;

        @Option(names = "--powers", split = ",", defaultValue = "1,0.5,0.25,0.1", paramLabel = "F",
                description = "Storage computational powers to sweep, in (0, 1] (default: ${DEFAULT-VALUE}).")
        List<Double> powers;

        @Option(names = "--storage-threads", defaultValue = "2", paramLabel = "N", description = "The node's storage threads and pushdown cores (default: ${DEFAULT-VALUE}).")
        int storageThreads;

        @Option(names = "--compute-threads", defaultValue = "2", paramLabel = "N", description = "compute.threads (default: ${DEFAULT-VALUE}).")
        int computeThreads;

        @Option(names = "--in-flight", defaultValue = "8", paramLabel = "N",
                description = "Pushdown requests a scan keeps in flight (its storage.threads, at most 4 per processor; default: ${DEFAULT-VALUE}).")
        int inFlight;

        @Option(names = "--link", defaultValue = "1gbit", paramLabel = "RATE", description = "The emulated link, a rate or none (default: ${DEFAULT-VALUE}).")
        String link;

        @Option(names = "--runs", defaultValue = "1", paramLabel = "N", description = "Timed runs per query, strategy and power (default: ${DEFAULT-VALUE}).")
        int runs;

        @Option(names = "--concurrent", split = ",", paramLabel = "Q1,Q2",
                description = "The two queries run at once (default: tpch q12,q14; ssb: none).")
        List<String> concurrent;

        @Option(names = "--concurrent-runs", defaultValue = "1", paramLabel = "N", description = "Timed rounds of the pair (default: ${DEFAULT-VALUE}; 0: none).")
        int concurrentRuns;

        @Override
        public Integer call() throws Exception {
            if (!workload.equals("ssb") && !workload.equals("tpch")) throw new UserException("--workload must be ssb or tpch, got '" + workload + "'");
            List<String> all = BenchmarkQueries.names(workload);
            List<String> qs = queries != null ? queries : workload.equals("ssb") ? all : RemoteBenchCommand.TPCH_QUERIES;
            List<String> pair = concurrent != null ? concurrent : workload.equals("tpch") ? List.of("q12", "q14") : List.of();
            for (String q : qs) if (!all.contains(q)) throw new UserException("--queries: " + workload + " has no query '" + q + "'");
            for (String q : pair) if (!all.contains(q)) throw new UserException("--concurrent: " + workload + " has no query '" + q + "'");
            PushbackBenchRunner.Plan plan;
            try {
                plan = new PushbackBenchRunner.Plan(workload, qs, strategies, powers, storageThreads, computeThreads, inFlight,
                        RemoteLink.parse(link).bytesPerSecond(), runs, pair, concurrentRuns);
            } catch (IllegalArgumentException e) {
                throw new UserException(e.getMessage());
            }
            String table = workload.equals("ssb") ? "lineorder" : "lineitem";
            if (!Catalog.open(dir).tableNames().contains(table)) {
                throw new UserException(dir + " has no table " + table + ": generate the data first (ascan gen " + workload + " --dir ...)");
            }
            if (Files.exists(out) && !Files.isDirectory(out)) throw new UserException("--out " + out + " is a file, not a directory");
            Files.createDirectories(out);
            PrintWriter err = spec.commandLine().getErr();
            PushbackBenchRunner.Outcome outcome = new PushbackBenchRunner(plan, dir, err).run();
            List<String> written = new PushbackReport(plan, outcome).write(out, workload + " " + dir.getFileName());
            spec.commandLine().getOut().print(Files.readString(out.resolve("summary.md")));
            spec.commandLine().getOut().flush();
            err.println("wrote " + String.join(", ", written) + " into " + out);
            err.flush();
            return outcome.warnings().isEmpty() ? 0 : 1;
        }
    }
}
