package io.ascan.e2e;

import java.nio.file.Path;

/** The 22 TPC-H queries against DuckDB in every scan mode, over tables whose integer segments are packed. */
class PackedTpchQueriesTest extends TpchQueriesTest {
    @Override
    Workload generate(Path scratch) throws Exception {
        return Workload.packed("tpch", scratch);
    }
}
