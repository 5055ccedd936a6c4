package io.ascan.bench;

import io.ascan.bench.harness.CscanData;
import io.ascan.bench.harness.CscanPlan;
import io.ascan.bench.harness.CscanResults;
import io.ascan.bench.harness.CscanRunner;
import io.ascan.engine.EngineProperties;
import io.ascan.exchange.UserException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ascan bench cscan}: the Cooperative Scans paper's experiment (sections 5 and 6.3) on ascan's Active Buffer Manager. */
public final class CscanBenchCommand extends BenchCommand {
    public CscanBenchCommand() {
        super("cscan");
    }

    @Override
    public Object command() {
        return new Run();
    }

    @Command(name = "cscan", mixinStandardHelpOptions = true, sortOptions = false,
            description = {
                "Cooperative Scans: concurrent query streams over TPC-H lineitem on one engine, under each abm.policy. "
                        + "Queries: FAST (TPC-H Q6) and SLOW (Q1 with extra arithmetic), each over a random l_orderkey "
                        + "range of 1, 10, 50 or 100%% of the table (zone maps prune it to contiguous slices); every "
                        + "stream runs --queries-per-stream random queries, streams start --stagger apart; the same "
                        + "streams (--seed) under every policy, each on a fresh engine whose pool (default: a quarter of "
                        + "the queries' columns) starts empty. Loads are O_DIRECT and paced by --read-bandwidth so the "
                        + "run is I/O-bound in a stable way. Each query type's time alone on an empty pool (normal "
                        + "policy, best of two) gives the normalized latency. Then the column-overlap experiment (paper Table 4): "
                        + "queries over three of ten 8-byte columns of a synthetic table, mixes ABC; ABC,DEF; ABC,BCD; "
                        + "ABC,BCD,CDE. Finally every query runs once more alone and its answer is compared.",
                "lineitem is generated into --dir with ascan gen tpch (--sf, --slice-rows) if absent. Writes into --out:",
                "  queries.csv   per policy run and query: range, start, time, time alone, normalized latency, rows, "
                        + "loads it triggered, slices served from others' loads, ABM waits, answer check",
                "  policies.csv  per policy run: avg stream time, avg normalized latency, total time, CPU use, slice "
                        + "loads, I/O requests (chunk reads), bytes read",
                "  loads.csv     every slice load with its time (the I/O timeline)",
                "  summary.md    the paper's Tables 2-4 for ascan and relevance / each other policy",
                "  cscan-fig5-*.png/svg (normalized latency vs stream time), cscan-fig4-loads-POLICY.png/svg",
                "Progress goes to stderr, the summary to stdout."})
    static final class Run implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Option(names = "--dir", required = true, paramLabel = "D", description = "Catalog directory; lineitem (and the overlap table) are generated into it if absent.")
        Path dir;

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory for the CSV files, summary and plots.")
        Path out;

        @Option(names = "--sf", defaultValue = "1", paramLabel = "SF", description = "TPC-H scale factor when generating (default: ${DEFAULT-VALUE}).")
        String sf;

        @Option(names = "--slice-rows", defaultValue = "32768", paramLabel = "N", description = "Rows per slice when generating (default: ${DEFAULT-VALUE}: 184 slices at SF 1).")
        int sliceRows;

        @Option(names = "--streams", defaultValue = "16", paramLabel = "N", description = "Concurrent query streams (default: ${DEFAULT-VALUE}, as the paper).")
        int streams;

        @Option(names = "--queries-per-stream", defaultValue = "4", paramLabel = "N", description = "Queries per stream (default: ${DEFAULT-VALUE}).")
        int queries;

        @Option(names = "--stagger", defaultValue = "1", paramLabel = "SECONDS", description = "Delay between the starts of consecutive streams (default: ${DEFAULT-VALUE}; the paper's runs, 5-10x longer, used 3).")
        double stagger;

        @Option(names = "--seed", defaultValue = "42", paramLabel = "N", description = "Seed of the random streams (default: ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--policies", split = ",", paramLabel = "P", description = "abm.policy values to compare (default: normal,attach,elevator,relevance).")
        List<String> policies;

        @Option(names = "--percents", split = ",", paramLabel = "P", description = "Range sizes in percent of the table (default: 1,10,50,100).")
        List<Integer> percents;

        @Option(names = "--pool", paramLabel = "BYTES", description = "abm.bytes (suffix k, m, g; default: a quarter of the queries' columns).")
        String pool;

        @Option(names = "--read-bandwidth", defaultValue = "32m", paramLabel = "BYTES_PER_S", description = "abm.readBandwidth, the emulated disk (0: the real disk; default: ${DEFAULT-VALUE}).")
        String readBandwidth;

        @Option(names = "--rounds", defaultValue = "1", paramLabel = "N", description = "Runs of every policy, the order rotated per round (default: ${DEFAULT-VALUE}).")
        int rounds;

        @Option(names = "--overlap", negatable = true, description = "Run the column-overlap experiment (default: on).")
        Boolean overlap;

        @Option(names = "--overlap-rows", defaultValue = "2000000", paramLabel = "N", description = "Rows of the overlap table (default: ${DEFAULT-VALUE}).")
        long overlapRows;

        @Option(names = "--overlap-policies", split = ",", paramLabel = "P", description = "Policies of the overlap experiment (default: normal,relevance, as the paper).")
        List<String> overlapPolicies;

        @Option(names = "--check", negatable = true, description = "Compare every query's answer with its answer alone (default: on).")
        Boolean check;

        @Option(names = "--set", paramLabel = "NAME=VALUE", description = "Another engine setting for every run (see ascan sql --help).")
        Map<String, String> settings;

        @Override
        public Integer call() throws Exception {
            if (Files.exists(out) && !Files.isDirectory(out)) throw new UserException("--out " + out + " is a file, not a directory");
            boolean overlap = this.overlap == null || this.overlap, check = this.check == null || this.check;
            CscanPlan plan;
            try {
                long poolBytes = pool == null ? 0 : EngineProperties.parse(Map.of("abm.bytes", pool)).cacheBytes();
                long bandwidth = EngineProperties.parse(Map.of("abm.readBandwidth", readBandwidth)).abmReadBandwidth();
                plan = new CscanPlan(policies == null ? CscanPlan.POLICIES : policies, streams, queries,
                        Math.round(stagger * 1000), seed, percents == null ? CscanPlan.PERCENTS : percents, poolBytes, bandwidth,
                        rounds, overlap ? CscanPlan.OVERLAP_MIXES : List.of(), overlapRows, 40,
                        overlapPolicies == null ? List.of("normal", "relevance") : overlapPolicies, check);
            } catch (IllegalArgumentException e) {
                throw new UserException(e.getMessage());
            }
            PrintWriter err = spec.commandLine().getErr();
            long rows = CscanData.ensure(dir, sf, sliceRows, overlap ? overlapRows : 0,
                    args -> spec.root().commandLine().execute(args.toArray(String[]::new)), err);
            String data = String.format(Locale.ROOT, "TPC-H lineitem, %,d rows (SF %.2f)", rows, rows / 6_001_215.0);
            CscanRunner.Outcome o = new CscanRunner(plan, dir, settings == null ? Map.of() : settings, err).run();
            List<String> written = new ArrayList<>(CscanResults.write(out, plan, o, data));
            spec.commandLine().getOut().print(Files.readString(out.resolve("summary.md")));
            spec.commandLine().getOut().flush();
            err.println("wrote " + String.join(", ", written) + " into " + out);
            err.flush();
            return o.mismatches().isEmpty() ? 0 : 1;
        }
    }
}
