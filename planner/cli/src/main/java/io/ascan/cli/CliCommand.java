package io.ascan.cli;

import java.util.List;

/**
 * A subcommand of {@code ascan}, found through {@link java.util.ServiceLoader} so that modules
 * further up the stack (planner, benchmarks) can add theirs without the engine knowing them.
 *
 * <p>{@link #path()} places the command: {@code ["gen", "tpch"]} becomes {@code ascan gen tpch}.
 * Intermediate groups ({@code gen}) are created on demand and print their usage when run bare.
 * {@link #command()} returns a fresh picocli-annotated {@code Callable<Integer>} or {@code Runnable}.
 */
public interface CliCommand {
    List<String> path();

    Object command();

    /** One line shown for an intermediate group the first time it is created. */
    default String groupDescription() {
        return "";
    }
}
