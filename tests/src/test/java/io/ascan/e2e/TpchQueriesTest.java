package io.ascan.e2e;

import java.nio.file.Path;

/** The 22 TPC-H queries of {@code queries/tpch} against DuckDB, in every scan mode and policy. */
class TpchQueriesTest extends BenchmarkQueriesTest {
    @Override
    String suite() {
        return "tpch";
    }

    @Override
    Workload generate(Path scratch) throws Exception {
        return Workload.tpch(scratch);
    }
}
