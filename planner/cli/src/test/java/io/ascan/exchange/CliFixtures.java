package io.ascan.exchange;

import io.ascan.testing.CliRun;

/** The import/export commands' tests run the CLI in-process; the rest of their data comes from {@link Fixtures}. */
final class CliFixtures {
    private CliFixtures() {}

    /** Result of running the CLI in-process. */
    record Cli(int exit, String out, String err) {}

    static Cli cli(String... args) {
        CliRun r = CliRun.of(args);
        return new Cli(r.exit(), r.out(), r.err());
    }
}
