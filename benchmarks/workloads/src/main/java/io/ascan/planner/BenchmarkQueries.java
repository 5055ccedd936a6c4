package io.ascan.planner;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The benchmark queries shipped with ascan ({@code queries/<workload>/<name>.sql} resources):
 * SSB's 13, the 9 NYC-taxi-like ones of the A-Scan paper and TPC-H's 22 (adapted as the README in
 * that folder says). Used by quickstart, the benchmark harness and the end-to-end tests.
 */
public final class BenchmarkQueries {
    private BenchmarkQueries() {}

    /** Query names of a workload (ssb, taxi, tpch), in their usual order. */
    public static List<String> names(String workload) {
        return switch (workload) {
            case "ssb" -> List.of("q1.1", "q1.2", "q1.3", "q2.1", "q2.2", "q2.3", "q3.1", "q3.2", "q3.3", "q3.4",
                    "q4.1", "q4.2", "q4.3");
            case "taxi" -> List.of("t1.1", "t1.2", "t1.3", "t2.1", "t2.2", "t2.3", "t3.1", "t3.2", "t3.3");
            case "tpch" -> {
                List<String> q = new ArrayList<>();
                for (int i = 1; i <= 22; i++) q.add(String.format(Locale.ROOT, "q%02d", i));
                yield List.copyOf(q);
            }
            default -> throw new IllegalArgumentException("unknown workload '" + workload + "' (expected ssb, taxi or tpch)");
        };
    }

    /**
     * The SQL text of a query at scale factor {@code sf}. TPC-H Q11's FRACTION is 0.0001 / SF
     * (TPC-H 2.18, 2.4.11.3): with SF 1's 0.0001 at SF 10, no part passes the threshold and the
     * query returns no rows. Every other text is the same at every scale.
     */
    public static String text(String workload, String name, String sf) {
        String sql = text(workload, name);
        if (!workload.equals("tpch") || !name.equals("q11")) return sql;
        BigDecimal scale = new BigDecimal(sf);
        if (scale.compareTo(BigDecimal.ONE) == 0) return sql;
        String fraction = SF1_FRACTION.divide(scale, MathContext.DECIMAL64).stripTrailingZeros().toPlainString();
        String scaled = sql.replace("* " + SF1_FRACTION.toPlainString(), "* " + fraction);
        if (scaled.equals(sql)) throw new IllegalStateException("tpch/q11 has no FRACTION " + SF1_FRACTION + " to scale");
        return scaled;
    }

    private static final BigDecimal SF1_FRACTION = new BigDecimal("0.0001");

    /** The SQL text of a query (TPC-H's at SF 1: {@link #text(String, String, String)} scales Q11). */
    public static String text(String workload, String name) {
        String path = "/queries/" + workload + "/" + name + ".sql";
        try (InputStream in = BenchmarkQueries.class.getResourceAsStream(path)) {
            if (in == null) throw new IllegalArgumentException("no query " + workload + "/" + name + " in this build");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
