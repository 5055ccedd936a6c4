package io.ascan.e2e;

import java.nio.file.Path;
import java.util.Map;

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

    /**
     * A cache that evicts under two policies, one too small for a segment, and forced selection bitmaps
     * (SSB runs the whole matrix).
     */
    @Override
    Map<String, String> execModes() {
        return Map.of("caching-only/lfu/64k", EXEC_BASE + "&exec.mode=caching-only&cache.compute.bytes=64k&cache.compute.policy=lfu",
                "hybrid/wlfu/64k", EXEC_BASE + "&exec.mode=hybrid&mode=pushdown&cache.compute.bytes=64k",
                "hybrid/wlfu/64", EXEC_BASE + "&exec.mode=hybrid&cache.compute.bytes=64",
                "hybrid/wlfu/1g/bitmaps", EXEC_BASE + "&exec.mode=hybrid&mode=pushdown&cache.compute.bytes=1g&exec.bitmaps=force");
    }
}
