package io.ascan.e2e;

import java.nio.file.Path;

/** The TPC-H queries against a storage node that pushes work back (raw segments, packed here), against DuckDB. */
class PackedRemotePushbackTpchQueriesTest extends RemotePushbackTpchQueriesTest {
    @Override
    Workload generate(Path scratch) throws Exception {
        return Workload.packed("tpch", scratch);
    }
}
