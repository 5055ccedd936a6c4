package io.ascan.gen;

import io.ascan.cli.CliCommand;
import io.ascan.exchange.UserException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ascan gen taxi}: NYC-taxi-like trips and the zone lookup. */
@Command(name = "taxi", mixinStandardHelpOptions = true,
        description = "Generate NYC-taxi-like tables: trips (columns of the TLC yellow-trip files) and zones (265 TLC zones).")
public final class GenTaxiCommand implements CliCommand, Callable<Integer> {
    @Option(names = "--rows", required = true, paramLabel = "N", description = "Number of trips, at least 1.")
    long rows;

    @Option(names = "--phase-change",
            description = "Order the trips in two phases: the first half mostly credit-card payments and few Brooklyn "
                    + "drop-offs, the second half the reverse (the A-Scan paper's phase-change experiment).")
    boolean phaseChange;

    @Option(names = "--seed", paramLabel = "S",
            description = "Random seed; the same seed and row count give the same table (default: ${DEFAULT-VALUE}).")
    long seed = TaxiGenerator.DEFAULT_SEED;

    @Mixin GenOptions options;
    @Spec CommandSpec spec;

    @Override public List<String> path() { return List.of("gen", "taxi"); }
    @Override public Object command() { return new GenTaxiCommand(); }
    @Override public String groupDescription() { return GenTpchCommand.GROUP; }

    @Override
    public Integer call() throws Exception {
        if (rows < 1) throw new UserException("--rows must be at least 1, got " + rows);
        options.runner(spec).run(new TaxiGenerator(rows, phaseChange, seed).tables());
        return 0;
    }
}
