package io.ascan.e2e;

import java.nio.file.Path;
import java.util.Map;

/** The SSB queries of {@code queries/ssb} over a storage node, in each remote mode, against DuckDB. */
class RemoteSsbQueriesTest extends RemoteQueriesTest {
    @Override
    String suite() {
        return "ssb";
    }

    @Override
    Workload generate(Path scratch) throws Exception {
        return Workload.ssb(scratch);
    }

    /** Every execution mode, cache policy and size (each SSB query runs in all of them). */
    @Override
    Map<String, String> execModes() {
        return allExecModes();
    }
}
