package io.ascan.e2e;

import java.nio.file.Path;

/** The TPCH queries of {@code queries/tpch} over a storage node, in each remote mode, against DuckDB. */
class RemoteTpchQueriesTest extends RemoteQueriesTest {
    @Override
    String suite() {
        return "tpch";
    }

    @Override
    Workload generate(Path scratch) throws Exception {
        return Workload.tpch(scratch);
    }
}
