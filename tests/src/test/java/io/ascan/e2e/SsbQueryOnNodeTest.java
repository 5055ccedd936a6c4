package io.ascan.e2e;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** A test class over one {@link SsbQueryOnNode}: made once for the class's query, closed (memory checked) after. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SsbQueryOnNodeTest {
    private final String query;
    protected SsbQueryOnNode ssb;

    SsbQueryOnNodeTest(String query) {
        this.query = query;
    }

    @BeforeAll
    void data(@TempDir Path scratch) throws Exception {
        ssb = new SsbQueryOnNode(scratch, query);
    }

    @AfterAll
    void close() throws Exception {
        if (ssb != null) ssb.close();
    }
}
