package io.ascan.bench;

import io.ascan.bench.harness.BenchData;
import io.ascan.bench.harness.Charts;
import io.ascan.bench.harness.ExperimentPlan;
import io.ascan.bench.harness.ExperimentRunner;
import io.ascan.bench.harness.PlanRequest;
import io.ascan.bench.harness.ResultFiles;
import io.ascan.bench.harness.ResultTable;
import io.ascan.bench.harness.StrategySummary;
import io.ascan.exchange.UserException;
import io.ascan.topology.Topology;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ascan bench ascan}: the A-Scan paper's experiments on ascan, with CSV, summary and plots. */
public final class AscanBenchCommand extends BenchCommand {
    public AscanBenchCommand() {
        super("ascan");
    }

    @Override
    public Object command() {
        return new Run();
    }

    @Command(name = "ascan", mixinStandardHelpOptions = true, sortOptions = false,
            description = {
                "Runs every query under every strategy and configuration (one warm-up run, then --runs runs, "
                        + "interleaved), generating the data into --dir if absent, and writes into --out:",
                "  results.csv       workload,query,strategy,storage_threads,interconnect,run,millis,rows,"
                        + "slices_direct,slices_staging,slices_pushdown,switches,sampling_fraction,bytes_moved",
                "  results-full.csv  the same rows plus compute_threads,nsample,delta,hog",
                "  timeline.csv      per slice: when and to which mode it went (phase workload, or --timeline)",
                "  summary.md        per query each strategy's median time / direct, the oracle (best static "
                        + "strategy), adaptive / oracle, geometric means",
                "  *.png, *.svg      the plots",
                "Progress goes to stderr, the summary to stdout.",
                "",
                "Workloads: ssb (--sf); taxi (--rows); phase (--rows): taxi trips generated with --phase-change "
                        + "(first half 80%% card payments and 1%% Brooklyn drop-offs, where staging should win; second "
                        + "half 15%% and 50%%, where pushdown should) and query p1 (card trips, with the fares of Brooklyn "
                        + "drop-off zones), the paper's Fig. 6 setup.",
                "",
                "Experiments (--experiment; explicit flags override their settings):",
                "  fig4   SSB, all queries, all strategies",
                "  fig5   taxi, all queries, all strategies",
                "  fig6a  phase change, direct/staging/pushdown/adaptive, mode timeline (tables in slices of 1024 rows)",
                "  fig6b  phase change, adaptive over --nsample 50..500 x --delta 0.05..0.40, statics once",
                "  fig7   taxi t2.3 and t3.1, back-pressure vs throughput-guided, storage threads 1,2",
                "  fig8   SSB q3.2 and q4.3, storage threads 1,2 x compute threads 1,2",
                "  fig9   fig8 with and without a memory-bandwidth hog pinned to the storage CPUs",
                "On a one-node machine every experiment emulates a 500 MB/s storage-compute link "
                        + "(--interconnect overrides; 0 = none)."})
    static final class Run implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Option(names = "--experiment", paramLabel = "FIG", description = "fig4, fig5, fig6a, fig6b, fig7, fig8 or fig9.")
        String experiment;

        @Option(names = "--workload", paramLabel = "W", description = "ssb, taxi or phase (implied by --experiment).")
        String workload;

        @Option(names = "--sf", paramLabel = "N", description = "SSB scale factor (default: " + PlanRequest.DEFAULT_SF + ").")
        String sf;

        @Option(names = "--rows", paramLabel = "N", description = "Trips of taxi and phase (default: " + PlanRequest.DEFAULT_ROWS + ").")
        String rows;

        @Option(names = "--dir", required = true, paramLabel = "D", description = "Catalog directory; the workload's tables are generated into it if absent.")
        Path dir;

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory for the CSV files, summary and plots.")
        Path out;

        @Option(names = "--strategies", split = ",", paramLabel = "S", description = "Any of direct,staging,pushdown,adaptive,backpressure (default: all).")
        List<String> strategies;

        @Option(names = "--queries", split = ",", paramLabel = "Q", description = "Queries of the workload to run (default: all), e.g. q1.1,q3.2.")
        List<String> queries;

        @Option(names = "--storage-threads", split = ",", paramLabel = "N", description = "storage.threads values to run (default: the engine's).")
        List<Integer> storageThreads;

        @Option(names = "--compute-threads", split = ",", paramLabel = "N", description = "compute.threads values to run (default: the engine's, one per CPU).")
        List<Integer> computeThreads;

        @Option(names = "--interconnect", split = ",", paramLabel = "BYTES_PER_S",
                description = "Emulated link bandwidth(s), interconnect.bandwidth; 0 = no emulation (default: 0, experiments: see above).")
        List<Long> interconnect;

        @Option(names = "--nsample", split = ",", paramLabel = "N", description = "policy.nSample values for adaptive (default: the engine's).")
        List<Integer> nSample;

        @Option(names = "--delta", split = ",", paramLabel = "D", description = "policy.delta values for adaptive (default: the engine's).")
        List<Double> delta;

        @Option(names = "--hog", split = ",", paramLabel = "off|on", description = "Run without (off) and/or with (on) the memory-bandwidth hog on the storage CPUs (default: off).")
        List<String> hog;

        @Option(names = "--slice-rows", paramLabel = "N", description = "Rows per slice of the generated tables (a scan slice is a stored slice; default: the generator's).")
        Integer sliceRows;

        @Option(names = "--runs", paramLabel = "N", description = "Measured runs per query and variant after the warm-up (default: " + PlanRequest.DEFAULT_RUNS + ").")
        Integer runs;

        @Option(names = "--set", paramLabel = "NAME=VALUE",
                description = "Another engine setting for every run, e.g. --set cache.bytes=0 (see ascan sql --help for the names).")
        java.util.Map<String, String> settings;

        @Option(names = "--timeline", negatable = true, description = "Write timeline.csv and timeline plots (default: on for phase).")
        Boolean timeline;

        @Override
        public Integer call() throws Exception {
            PlanRequest request = new PlanRequest();
            request.experiment = experiment;
            request.workload = workload;
            request.sf = sf;
            request.rows = rows;
            request.queries = queries;
            request.strategies = strategies;
            request.storageThreads = storageThreads;
            request.computeThreads = computeThreads;
            request.interconnect = interconnect;
            request.nSample = nSample;
            request.delta = delta;
            request.hog = hog;
            request.sliceRows = sliceRows;
            request.runs = runs;
            request.timeline = timeline;
            request.settings = settings;
            Topology topology = Topology.detect(-1, -1);
            ExperimentPlan plan = request.resolve(topology.multiNode());
            if (Files.exists(out) && !Files.isDirectory(out)) throw new UserException("--out " + out + " is a file, not a directory");
            PrintWriter err = spec.commandLine().getErr();
            BenchData.ensure(plan.workload(), plan.size(), plan.sliceRows(), dir,
                    args -> spec.root().commandLine().execute(args.toArray(String[]::new)), err);
            Files.createDirectories(out);
            err.printf("running %d queries x %d variants x (%d runs + warm-up) = %d executions%n", plan.queries().size(),
                    plan.variants().size(), plan.runs(), plan.executions());
            err.flush();
            ExperimentRunner.Outcome outcome = new ExperimentRunner(plan, dir, err).run();
            ResultFiles.write(out, plan.workload(), outcome.measurements(), plan.timeline());
            ResultTable table = new ResultTable(plan, outcome.measurements());
            String summary = StrategySummary.render(table, outcome);
            Files.writeString(out.resolve("summary.md"), summary);
            List<String> written = new ArrayList<>(List.of(ResultFiles.RESULTS, ResultFiles.RESULTS_FULL, "summary.md"));
            if (plan.timeline()) written.add(ResultFiles.TIMELINE);
            written.addAll(Charts.write(out, table));
            spec.commandLine().getOut().print(summary);
            spec.commandLine().getOut().flush();
            err.println("wrote " + String.join(", ", written) + " into " + out);
            err.flush();
            return 0;
        }
    }
}
