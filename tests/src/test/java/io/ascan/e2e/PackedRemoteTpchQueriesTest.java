package io.ascan.e2e;

import java.nio.file.Path;

/**
 * The TPC-H queries over a storage node in each remote mode (pull-up into the compute-side cache,
 * pushdown, selection bitmaps) against DuckDB, over tables whose integer segments are packed: the
 * node ships them packed and the compute side expands them.
 */
class PackedRemoteTpchQueriesTest extends RemoteTpchQueriesTest {
    @Override
    Workload generate(Path scratch) throws Exception {
        return Workload.packed("tpch", scratch);
    }
}
