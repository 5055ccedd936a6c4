package io.ascan.e2e;

import java.nio.file.Path;

/** The SSB queries of {@code queries/ssb} over storage nodes whose pushback arbiter admits all, none, some. */
class RemotePushbackSsbQueriesTest extends RemotePushbackQueriesTest {
    @Override
    String suite() {
        return "ssb";
    }

    @Override
    Workload generate(Path scratch) throws Exception {
        return Workload.ssb(scratch);
    }
}
