package io.ascan.bench;

import io.ascan.cli.CliCommand;
import java.util.List;

/** An {@code ascan bench NAME} experiment: the place of its command under the {@code bench} group. */
abstract class BenchCommand implements CliCommand {
    private final String name;

    BenchCommand(String name) {
        this.name = name;
    }

    @Override
    public final List<String> path() {
        return List.of("bench", name);
    }

    @Override
    public final String groupDescription() {
        return "Benchmarks and experiments.";
    }
}
