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

/** {@code ascan gen tpch}: the eight TPC-H tables. */
@Command(name = "tpch", mixinStandardHelpOptions = true,
        description = "Generate the eight TPC-H tables (dbgen-identical rows, via Trino's generator).")
public final class GenTpchCommand implements CliCommand, Callable<Integer> {
    static final String GROUP = "Generate benchmark data sets: TPC-H, SSB (derived from TPC-H) and NYC-taxi-like trips.";

    @Option(names = "--sf", required = true, paramLabel = "SF",
            description = "Scale factor: 1 gives 6,001,215 lineitems; fractions such as 0.01 work (min "
                    + TpchGenerator.MIN_SCALE_FACTOR + ", max 10000).")
    double sf;

    @Mixin GenOptions options;
    @Spec CommandSpec spec;

    @Override public List<String> path() { return List.of("gen", "tpch"); }
    @Override public Object command() { return new GenTpchCommand(); }
    @Override public String groupDescription() { return GROUP; }

    @Override
    public Integer call() throws Exception {
        TpchGenerator gen;
        try {
            gen = new TpchGenerator(sf);
        } catch (IllegalArgumentException e) {
            throw new UserException("--sf: " + e.getMessage());
        }
        options.runner(spec).run(gen.tables());
        return 0;
    }
}
