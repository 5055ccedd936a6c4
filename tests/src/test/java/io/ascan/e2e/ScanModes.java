package io.ascan.e2e;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JDBC settings of each scan mode the SQL-logic tests and the fuzzer run a query in. The
 * adaptive one samples with few slices and turns off inline scans ({@code scan.inlineRows=0}), so
 * that on the small fixture it samples, switches and runs threaded; pushdown gets two storage
 * threads. As {@link BenchmarkQueriesTest} does.
 */
public final class ScanModes {
    private ScanModes() {}

    /** Mode name to URL settings, in the order a query runs them. */
    public static final Map<String, String> SETTINGS;

    static {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("adaptive", "?mode=adaptive&policy.nSample=2&scan.outputQueue=2&scan.inlineRows=0");
        m.put("direct", "?mode=direct");
        m.put("staging", "?mode=staging");
        m.put("pushdown", "?mode=pushdown&storage.threads=2");
        SETTINGS = java.util.Collections.unmodifiableMap(m);
    }
}
