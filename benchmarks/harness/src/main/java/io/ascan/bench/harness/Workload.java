package io.ascan.bench.harness;

import io.ascan.planner.BenchmarkQueries;
import java.util.List;
import java.util.Locale;

/**
 * What {@code ascan bench ascan} runs: the data set, the tables it must find, the queries.
 * {@code phase} is the A-Scan paper's intra-query adaptation experiment (Fig. 6): taxi trips
 * generated with {@code --phase-change} (first half: 80% card payments, 1% Brooklyn drop-offs,
 * where staging should win; second half: 15% and 50%, where pushdown should) and query T3.2,
 * card-paid trips joined with the Brooklyn drop-off zones — the paper's query for that figure.
 */
public enum Workload {
    SSB("ssb", List.of("customer", "dwdate", "lineorder", "part", "supplier")),
    TAXI("taxi", List.of("trips", "zones")),
    PHASE("taxi", List.of("trips", "zones"));

    /** The query of the phase-change experiment. */
    /**
     * The phase-change query: card trips, and the fares of those dropped off in Brooklyn (the zone
     * lookup's Brooklyn ids, fixed by the generator). The Brooklyn columns are read only for
     * Brooklyn drop-offs, which no runtime filter can see: staging reads few lines while Brooklyn is
     * rare (first half), pushdown wins once card trips are rare (second half) — the paper's Fig. 6.
     */
    public static final String PHASE_QUERY = "p1";
    static final String PHASE_SQL = "SELECT count(*) AS trips, SUM(CASE WHEN dolocationid IN (11, 14, 17, 21, 22, 25, 26, 29, "
            + "33, 34, 35, 36, 37, 39, 40, 49, 52, 54, 55, 61, 62, 63, 65, 66, 67, 71, 72, 76, 77, 80, 85, 89, 91, 97, 106, 108, "
            + "111, 112, 123, 133, 149, 150, 154, 155, 165, 177, 178, 181, 188, 189, 190, 195, 210, 217, 222, 225, 227, 228, 255, "
            + "256, 257) THEN fare_amount + tip_amount + tolls_amount + extra + mta_tax + total_amount ELSE 0 END) AS brooklyn "
            + "FROM trips WHERE payment_type = 1";

    private final String queryWorkload;
    private final List<String> tables;

    Workload(String queryWorkload, List<String> tables) {
        this.queryWorkload = queryWorkload;
        this.tables = tables;
    }

    public static Workload parse(String name) {
        for (Workload w : values()) if (w.label().equals(name)) return w;
        throw new IllegalArgumentException("--workload must be ssb, taxi or phase, got '" + name + "'");
    }

    /** The name on the command line and in results.csv. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The tables a catalog must hold to run this workload. */
    public List<String> tables() {
        return tables;
    }

    /** ssb is sized by scale factor, taxi and phase by trip rows. */
    public boolean sizedByRows() {
        return this != SSB;
    }

    public List<String> queries() {
        return this == PHASE ? List.of(PHASE_QUERY) : BenchmarkQueries.names(queryWorkload);
    }

    public String sql(String query) {
        if (this == PHASE && query.equals(PHASE_QUERY)) return PHASE_SQL;
        return BenchmarkQueries.text(queryWorkload, query);
    }

    /**
     * Arguments of the {@code ascan gen} command that creates this workload's tables of {@code size},
     * in slices of {@code sliceRows} rows (0: the generator's default).
     */
    public List<String> generateArguments(DataSize size, String dir, int sliceRows) {
        List<String> args = new java.util.ArrayList<>(switch (this) {
            case SSB -> List.of("gen", "ssb", "--sf", size.text(), "--dir", dir, "--replace");
            case TAXI -> List.of("gen", "taxi", "--rows", size.text(), "--dir", dir, "--replace");
            case PHASE -> List.of("gen", "taxi", "--rows", size.text(), "--phase-change", "--dir", dir, "--replace");
        });
        if (sliceRows > 0) args.addAll(List.of("--slice-rows", Integer.toString(sliceRows)));
        return args;
    }
}
