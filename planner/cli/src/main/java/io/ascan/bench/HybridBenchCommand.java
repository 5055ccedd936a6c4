package io.ascan.bench;

import io.ascan.bench.harness.HybridBenchRunner;
import io.ascan.bench.harness.HybridReport;
import io.ascan.bench.harness.RemoteLink;
import io.ascan.bench.harness.RemoteNodes;
import io.ascan.catalog.Catalog;
import io.ascan.engine.EngineProperties;
import io.ascan.exchange.UserException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ascan bench hybrid}: FlexPushdownDB's hybrid execution experiments (Fig. 13a, 13b, 17 and a Fig. 25 of bitmaps). */
public final class HybridBenchCommand extends BenchCommand {
    public HybridBenchCommand() {
        super("hybrid");
    }

    @Override
    public Object command() {
        return new Run();
    }

    @Command(name = "hybrid", mixinStandardHelpOptions = true, sortOptions = false,
            description = {
                "FlexPushdownDB's section 8.2 workload over a storage node (docs/hybrid-cache.md): random queries over the SSB "
                        + "templates, each restricted to a range of lineorder drawn Zipfian (skew θ) over its recency, with a "
                        + "lo_quantity predicate of drawn selectivity. Per configuration a cold engine runs --warmup queries of the "
                        + "same distribution, then --queries timed ones; every answer is checked against the local engine's over "
                        + "--dir. The node runs in this JVM on loopback; the link is the compute side's token bucket "
                        + "(interconnect.bandwidth). Figures:",
                "  13a  time vs cache size (--cache-sizes) for pullup, caching-only (LFU), pushdown-only, hybrid (LFU), θ = --theta",
                "  13b  time vs θ (--thetas) for the four, cache --cache",
                "  17   hybrid with lru, lfu, wlfu and belady (replaying the LRU run's accesses) vs θ, cache --cache",
                "  25   selection bitmaps (exec.bitmaps=force, the cache warmed with the projected or the predicate columns) "
                        + "vs pushdown-only, three selectivities",
                "Writes into --out:",
                "  results.csv  " + HybridReport.RESULTS_HEADER,
                "  bitmaps.csv  " + HybridReport.BITMAPS_HEADER,
                "  summary.md   the figures' tables with the load average beside each",
                "  *.png, *.svg the figures",
                "Generate the data with small slices so that a range is several of them: ascan gen ssb --sf 1 --slice-rows 65536 --dir D."})
    static final class Run implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Option(names = "--dir", required = true, paramLabel = "D", description = "Catalog directory holding the SSB tables (only read).")
        Path dir;

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory for the CSV files, summary and plots.")
        Path out;

        @Option(names = "--figures", split = ",", defaultValue = "13a,13b,17,25", paramLabel = "F", description = "Figures (default: ${DEFAULT-VALUE}).")
        List<String> figures;

        @Option(names = "--link", defaultValue = "1gbit", paramLabel = "RATE", description = "Link limit, a tc rate or none (default: ${DEFAULT-VALUE}).")
        String link;

        @Option(names = "--queries", defaultValue = "50", paramLabel = "N", description = "Timed queries per configuration (default: ${DEFAULT-VALUE}).")
        int queries;

        @Option(names = "--warmup", defaultValue = "50", paramLabel = "N", description = "Warm-up queries per configuration (default: ${DEFAULT-VALUE}).")
        int warmup;

        @Option(names = "--thetas", split = ",", defaultValue = "0.5,1.0,1.5,2.0", paramLabel = "θ", description = "Skews of 13b and 17 (default: ${DEFAULT-VALUE}).")
        List<Double> thetas;

        @Option(names = "--theta", defaultValue = "2.0", paramLabel = "θ", description = "Skew of 13a (default: ${DEFAULT-VALUE}).")
        double theta;

        @Option(names = "--cache-sizes", split = ",", defaultValue = "16m,64m,256m", paramLabel = "BYTES", description = "Cache sizes of 13a (default: ${DEFAULT-VALUE}).")
        List<String> cacheSizes;

        @Option(names = "--cache", defaultValue = "64m", paramLabel = "BYTES", description = "Cache size of 13b and 17 (default: ${DEFAULT-VALUE}).")
        String cache;

        @Option(names = "--bitmap-runs", defaultValue = "3", paramLabel = "N", description = "Timed runs per point of 25 (default: ${DEFAULT-VALUE}).")
        int bitmapRuns;

        @Option(names = "--bitmaps", defaultValue = "off", paramLabel = "off|auto|force",
                description = "exec.bitmaps of the workload figures' hybrid runs (default: ${DEFAULT-VALUE}, as the paper's section 8.2).")
        String bitmaps;

        @Option(names = "--seed", defaultValue = "17", paramLabel = "N", description = "Seed of the query generator (default: ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--storage-threads", defaultValue = "2", paramLabel = "N", description = "The node's storage threads and storage.threads (default: ${DEFAULT-VALUE}).")
        int storageThreads;

        @Option(names = "--compute-threads", defaultValue = "2", paramLabel = "N", description = "compute.threads (default: ${DEFAULT-VALUE}).")
        int computeThreads;

        @Option(names = "--set", paramLabel = "NAME=VALUE", description = "Another setting of the compute side.")
        Map<String, String> settings = new LinkedHashMap<>();

        @Override
        public Integer call() throws Exception {
            if (!Catalog.open(dir).tableNames().contains("lineorder")) {
                throw new UserException(dir + " has no table lineorder: generate SSB first (ascan gen ssb --sf 1 --slice-rows 65536 --dir ...)");
            }
            for (String s : List.of("mode", "exec.mode", "exec.bitmaps", "cache.compute.bytes", "cache.compute.policy", "storage.threads",
                    "compute.threads", "interconnect.bandwidth")) {
                if (settings.containsKey(s)) throw new UserException("--set " + s + ": the benchmark sets it itself");
            }
            HybridBenchRunner.Plan plan;
            try {
                plan = new HybridBenchRunner.Plan(RemoteLink.parse(link), queries, warmup, seed, thetas, theta,
                        cacheSizes.stream().map(HybridBenchCommand::bytes).toList(), bytes(cache), figures, bitmapRuns, bitmaps, storageThreads,
                        computeThreads, settings);
            } catch (IllegalArgumentException e) {
                throw new UserException(e.getMessage());
            }
            if (Files.exists(out) && !Files.isDirectory(out)) throw new UserException("--out " + out + " is a file, not a directory");
            Files.createDirectories(out);
            PrintWriter err = spec.commandLine().getErr();
            HybridBenchRunner runner = new HybridBenchRunner(plan, dir, new RemoteNodes.InProcess(dir, storageThreads), err);
            HybridBenchRunner.Outcome outcome = runner.run();
            List<String> written = new HybridReport(runner, plan, outcome).write(out, "ssb " + dir.getFileName());
            spec.commandLine().getOut().print(Files.readString(out.resolve("summary.md")));
            spec.commandLine().getOut().flush();
            err.println("wrote " + String.join(", ", written) + " into " + out);
            err.flush();
            return outcome.warnings().isEmpty() ? 0 : 1;
        }
    }

    static long bytes(String s) {
        try {
            return EngineProperties.parse(Map.of("cache.compute.bytes", s)).computeCacheBytes();
        } catch (IllegalArgumentException e) {
            throw new UserException(e.getMessage());
        }
    }
}
