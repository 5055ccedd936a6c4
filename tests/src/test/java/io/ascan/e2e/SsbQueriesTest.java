package io.ascan.e2e;

import java.nio.file.Path;

/** The 13 SSB queries of {@code queries/ssb} against DuckDB, in every scan mode and policy. */
class SsbQueriesTest extends BenchmarkQueriesTest {
    @Override
    String suite() {
        return "ssb";
    }

    @Override
    Workload generate(Path scratch) throws Exception {
        return Workload.ssb(scratch);
    }
}
