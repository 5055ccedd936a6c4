package io.ascan.e2e;

import java.nio.file.Path;
import java.util.Map;

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

    /** Hybrid execution with a cache that forces evictions; SSB and TPC-H cover the other modes and policies. */
    @Override
    Map<String, String> execModes() {
        return Map.of("hybrid/wlfu/64k", EXEC_BASE + "&exec.mode=hybrid&cache.compute.bytes=64k");
    }
}
