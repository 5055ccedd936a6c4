package io.ascan.e2e;

import java.nio.file.Path;

/** The 9 taxi queries (T1-T3) of {@code queries/taxi} against DuckDB, in every scan mode and policy. */
class TaxiQueriesTest extends BenchmarkQueriesTest {
    @Override
    String suite() {
        return "taxi";
    }

    @Override
    Workload generate(Path scratch) throws Exception {
        return Workload.taxi(scratch);
    }
}
