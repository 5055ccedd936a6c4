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

/** {@code ascan gen ssb}: the Star Schema Benchmark, derived from TPC-H. */
@Command(name = "ssb", mixinStandardHelpOptions = true,
        description = "Generate the Star Schema Benchmark tables (lineorder, customer, supplier, part, dwdate), "
                + "derived from TPC-H data of the same scale factor.")
public final class GenSsbCommand implements CliCommand, Callable<Integer> {
    @Option(names = "--sf", required = true, paramLabel = "SF",
            description = "Scale factor: 1 gives 6,001,215 lineorder rows; fractions such as 0.01 work (min "
                    + TpchGenerator.MIN_SCALE_FACTOR + ", max 350).")
    double sf;

    @Mixin GenOptions options;
    @Spec CommandSpec spec;

    @Override public List<String> path() { return List.of("gen", "ssb"); }
    @Override public Object command() { return new GenSsbCommand(); }
    @Override public String groupDescription() { return GenTpchCommand.GROUP; }

    @Override
    public Integer call() throws Exception {
        SsbGenerator gen;
        try {
            gen = new SsbGenerator(sf);
        } catch (IllegalArgumentException e) {
            throw new UserException("--sf: " + e.getMessage());
        }
        options.runner(spec).run(gen.tables());
        return 0;
    }
}
