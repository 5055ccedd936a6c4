package io.ascan.e2e.fuzz;

import io.ascan.e2e.ScanModes;
import io.ascan.e2e.Workload;
import io.ascan.e2e.fuzz.Ast.Select;
import io.ascan.e2e.fuzz.Differential.Outcome;
import io.ascan.e2e.fuzz.Differential.Verdict;
import java.io.PrintStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs generated queries {@code first .. first + count - 1} of a seed, each on DuckDB and on ascan
 * in a scan mode drawn per query, and reduces failures. Query {@code index} of {@code seed} and its
 * mode are reproducible from those two numbers alone ({@link #query}, {@link #mode}).
 */
final class Fuzzer implements AutoCloseable {
    private static final List<String> MODES = List.copyOf(ScanModes.SETTINGS.keySet());
    /** Reduced failures per signature; wrong answers all share one signature, so they get more. */
    private static final int REDUCE_PER_ERROR = 2, REDUCE_WRONG = 25;
    private static final int REDUCE_BUDGET = 400;

    /** A failure: where it came from, what happened, the query before and after reduction, and the modes the reduced query fails in. */
    record Failure(long seed, long index, String mode, Verdict verdict, String original, String reduced, List<String> failingModes) {
        String report() {
            return "seed " + seed + " query " + index + " mode " + mode + ": " + verdict.outcome() + " (" + verdict.signature() + ")\n"
                    + "  original: " + original + "\n"
                    + (reduced == null ? "  (not reduced: another failure with this signature was)\n"
                            : "  reduced:  " + reduced + "\n  fails in modes: " + failingModes + "\n")
                    + "  " + verdict.detail().replace("\n", "\n  ");
        }
    }

    /** Counts per outcome, per failure signature, and per class of the outcomes where one engine or neither answers. */
    record Summary(Map<Outcome, Long> counts, Map<String, Long> signatures, Map<String, Long> skipped, List<Failure> failures) {
        long total() {
            return counts.values().stream().mapToLong(Long::longValue).sum();
        }

        String describe() {
            return total() + " queries: " + counts;
        }

        /** This run's figures and {@code o}'s together. */
        Summary plus(Summary o) {
            Map<Outcome, Long> c = new EnumMap<>(counts);
            o.counts.forEach((k, n) -> c.merge(k, n, Long::sum));
            Map<String, Long> s = new LinkedHashMap<>(signatures);
            o.signatures.forEach((k, n) -> s.merge(k, n, Long::sum));
            Map<String, Long> k = new LinkedHashMap<>(skipped);
            o.skipped.forEach((key, n) -> k.merge(key, n, Long::sum));
            List<Failure> f = new ArrayList<>(failures);
            f.addAll(o.failures);
            return new Summary(c, s, k, f);
        }
    }

    private final Differential differential;
    private final PrintStream log;

    Fuzzer(Workload workload, PrintStream log) {
        this.differential = new Differential(workload);
        this.log = log;
    }

    static Select query(long seed, long index) {
        return QueryGenerator.generate(seed, index);
    }

    /** The scan mode of query {@code index}: drawn from its own stream, so every mode gets a quarter of the queries. */
    static String mode(long seed, long index) {
        return MODES.get(QueryGenerator.random(seed, index).split().nextInt(MODES.size()));
    }

    Summary run(long seed, long first, long count) throws SQLException {
        Map<Outcome, Long> counts = new EnumMap<>(Outcome.class);
        for (Outcome o : Outcome.values()) counts.put(o, 0L);
        Map<String, Long> signatures = new LinkedHashMap<>();
        Map<String, Long> skipped = new LinkedHashMap<>();
        List<Failure> failures = new ArrayList<>();
        long wrongReduced = 0;
        long start = System.nanoTime();
        for (long index = first; index < first + count; index++) {
            Select query = query(seed, index);
            String mode = mode(seed, index);
            String sql = query.sql();
            Verdict v = differential.run(query, mode);
            counts.merge(v.outcome(), 1L, Long::sum);
            if (v.outcome().oneEngineAnswers() || v.outcome() == Outcome.BOTH_ERROR) {
                // only one engine answers: keep the class and message, to check that the answering one is right to;
                // neither does: keep both errors, to see what the generator builds that no engine runs
                skipped.merge(v.outcome() + ": " + v.signature(), 1L, Long::sum);
                log.println("[fuzz] skipped " + seed + " " + index + " " + mode + " " + v.outcome() + " (" + v.signature() + "): "
                        + v.detail().lines().findFirst().orElse("") + "\n[fuzz]   " + sql);
            }
            if (v.outcome().failure()) {
                long seen = signatures.merge(v.outcome() + ": " + v.signature(), 1L, Long::sum);
                boolean reduce = v.outcome() == Outcome.WRONG_ANSWER ? wrongReduced++ < REDUCE_WRONG : seen <= REDUCE_PER_ERROR;
                Failure f = reduce ? reduced(seed, index, mode, query, v) : new Failure(seed, index, mode, v, sql, null, List.of());
                failures.add(f);
                if (reduce) log.println("\n[fuzz] " + f.report());
            }
            if ((index - first + 1) % 500 == 0) {
                log.println("[fuzz] seed " + seed + ": " + (index - first + 1) + " queries in " + (System.nanoTime() - start) / 1_000_000_000
                        + " s: " + counts);
            }
        }
        return new Summary(counts, signatures, skipped, failures);
    }

    private Failure reduced(long seed, long index, String mode, Select query, Verdict v) throws SQLException {
        Select small = new Reducer(differential::run, REDUCE_BUDGET).reduce(query, mode, v);
        List<String> failing = new ArrayList<>();
        for (String m : MODES) {
            Verdict r = differential.run(small, m);
            if (r.outcome().failure()) failing.add(m);
        }
        Verdict detail = differential.run(small, mode);
        return new Failure(seed, index, mode, detail.outcome() == v.outcome() ? detail : v, query.sql(), small.sql(), failing);
    }

    @Override
    public void close() throws SQLException {
        differential.close();
    }
}
