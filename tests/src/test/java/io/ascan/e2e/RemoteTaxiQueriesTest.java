package io.ascan.e2e;

import java.nio.file.Path;

/** The taxi queries of {@code queries/taxi} over a storage node, in each remote mode, against DuckDB. */
class RemoteTaxiQueriesTest extends RemoteQueriesTest {
    @Override
    String suite() {
        return "taxi";
    }

    @Override
    Workload generate(Path scratch) throws Exception {
        return Workload.taxi(scratch);
    }
}
