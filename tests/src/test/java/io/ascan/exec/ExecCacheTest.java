package io.ascan.exec;

import io.ascan.exec.driver.Executor;
import static io.ascan.exec.ExecHarness.*;
import static io.ascan.exec.ExecPlans.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.cache.SegmentCache;
import io.ascan.catalog.Table;
import io.ascan.plan.PhysicalNode;
import io.ascan.scan.ScanReport;
import io.ascan.scan.ScanStrategy;
import io.ascan.testing.LeakCheck;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertNull;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A query run twice on an executor with a segment cache: the second run is served from memory, same result. */
class ExecCacheTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final QueryOptions OPTIONS = QueryOptions.DEFAULTS.withMode(ScanStrategy.DIRECT).withComputeThreads(2);

    @Test
    void secondRunHitsTheCacheAndGivesTheSameResult() throws Exception {
        PhysicalNode plan = revenueByYear();
        Table lo = table("lineorder"), d = table("dwdate");
        try (SegmentCache cache = SegmentCache.create(memory.allocator(), 256L << 20)) {
            Executor executor = new Executor(memory.allocator(), memory.pool(), cache);
            QueryResult first = executor.execute(plan, OPTIONS);
            var firstRows = rows(first);
            QueryResult second = executor.execute(plan, OPTIONS);
            var secondRows = rows(second);

            assertSameRows(duck("SELECT d_year, sum(CAST(lo_extendedprice AS BIGINT) * lo_discount) FROM lineorder, dwdate "
                    + "WHERE lo_orderdate = d_datekey AND lo_discount BETWEEN 1 AND 3 GROUP BY d_year"), firstRows, false);
            assertSameRows(firstRows, secondRows, false);
            assertEquals(2, first.scanReports().size(), first.statistics());
            for (ScanReport r : first.scanReports()) {
                assertEquals(0, r.cache().segmentsHit(), first.statistics());
                assertTrue(r.cache().segmentsRead() > 0, first.statistics());
            }
            for (ScanReport r : second.scanReports()) {
                assertEquals(0, r.cache().segmentsRead(), "every segment hit: " + second.statistics());
                assertTrue(r.cache().segmentsHit() > 0, second.statistics());
            }
            assertTrue(second.statistics().matches("(?s).*cache (\\d+)/\\1 segments hit.*"), second.statistics());
            // 3 columns of every lineorder slice, 2 of every dwdate slice: loaded once, hit once.
            long segments = 3L * lo.manifest().slices().size() + 2L * d.manifest().slices().size();
            assertEquals(segments, cache.statistics().inserts());
            assertEquals(segments, cache.statistics().hits());
        }
    }

    @Test
    void executorWithoutACacheReportsNone() throws Exception {
        QueryResult r = new Executor(memory.allocator(), memory.pool()).execute(scan(table("dwdate"), null, "d_year"), OPTIONS);
        rows(r);
        assertNull(r.scanReports().getFirst().cache(), r.statistics());
        assertTrue(r.statistics().contains("AdaptiveScan dwdate") && !r.statistics().contains("cache"), r.statistics());
    }
}
