package io.ascan.e2e;

import java.nio.file.Path;

/** The TPC-H queries of {@code queries/tpch} over storage nodes whose pushback arbiter admits all, none, some. */
class RemotePushbackTpchQueriesTest extends RemotePushbackQueriesTest {
    @Override
    String suite() {
        return "tpch";
    }

    @Override
    Workload generate(Path scratch) throws Exception {
        return Workload.tpch(scratch);
    }
}
