package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * The scan memory over a storage node: an adaptive scan of a remote table remembers what it
 * measured under its table and predicate shape, so the connection's next scan of that shape starts
 * from it instead of the cost model; another connection (its own copy of the catalog) does not.
 * Answers against DuckDB; off-heap memory back to zero on the node.
 */
class RemoteScanMemoryTest extends SsbQueryOnNodeTest {
    static final String QUERY = "SELECT SUM(lo_revenue), COUNT(*) FROM lineorder WHERE lo_quantity < 25";

    RemoteScanMemoryTest() {
        super(QUERY);
    }

    Connection connect() throws SQLException {
        return ssb.connect("mode=adaptive&scan.outputQueue=2&storage.threads=2");
    }

    @Test
    void theNextScanOfAShapeStartsFromWhatTheLastMeasured() throws SQLException {
        try (Connection first = connect()) {
            // the query's own scan starts from the cost model; EXPLAIN ANALYZE's from what it measured
            String plan = ssb.run(first);
            assertTrue(plan.contains("prior (remembered"), plan);
            // No third scan asserted: when pull-up wins a scan, the next samples afresh from the
            // model, by design (pull-up has a bound, the measured pull-up rate, which the model knows
            // better than one window of the others), and which mode wins depends on the machine's load.
        }
        try (Connection other = connect()) {
            String plan = ssb.explain(other);
            assertTrue(plan.contains("prior (cost model") && !plan.contains("prior (remembered"), "a new connection's own: " + plan);
        }
    }
}
