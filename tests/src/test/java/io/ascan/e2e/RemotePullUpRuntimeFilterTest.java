package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Pull-up over a storage node applies the runtime filter R at the scan, as pushdown does on the node: a
 * pulled-up slice of lineorder reaches the join with dwdate holding only the rows of 1993, not all of
 * them. The rows the scan fed the pipeline (EXPLAIN ANALYZE's) are the same in both modes and fewer
 * than the table's; answers against DuckDB; the node's off-heap memory back to zero.
 */
class RemotePullUpRuntimeFilterTest extends SsbQueryOnNodeTest {
    static final String QUERY = "SELECT SUM(lo_revenue), COUNT(*) FROM lineorder, dwdate WHERE lo_orderdate = d_datekey AND d_year = 1993";
    private static final Pattern SCAN = Pattern.compile("AdaptiveScan lineorder \\[[^\\]]*\\]: (\\d+) slices, (\\d+) rows");

    RemotePullUpRuntimeFilterTest() {
        super(QUERY);
    }

    @Test
    void aPulledUpSliceReachesTheJoinFilteredByR() throws Exception {
        long pulledUp, pushedDown, table;
        try (Connection c = ssb.connect("mode=direct")) {
            pulledUp = scannedRows(ssb.run(c));
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM lineorder")) {
                rs.next();
                table = rs.getLong(1);
            }
        }
        try (Connection c = ssb.connect("mode=pushdown")) {
            pushedDown = scannedRows(ssb.run(c));
        }
        assertEquals(pushedDown, pulledUp, "rows fed to the join by pull-up and by pushdown");
        assertTrue(pulledUp > 0 && pulledUp < table / 3, pulledUp + " of " + table + " rows: R (one year of seven) applied");
    }

    private static long scannedRows(String plan) {
        Matcher m = SCAN.matcher(plan);
        assertTrue(m.find(), plan);
        return Long.parseLong(m.group(2));
    }
}
