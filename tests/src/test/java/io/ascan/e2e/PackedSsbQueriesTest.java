package io.ascan.e2e;

import java.nio.file.Path;

/** The 13 SSB queries against DuckDB in every scan mode, over tables whose integer segments are packed. */
class PackedSsbQueriesTest extends SsbQueriesTest {
    @Override
    Workload generate(Path scratch) throws Exception {
        return Workload.packed("ssb", scratch);
    }
}
