package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The compute-side cache of a storage node's segments through a connection: how each exec.mode
 * routes a scan's slices (EXPLAIN ANALYZE's exec line), what the cache admits and serves
 * ({@code information_schema.compute_cache*}), and the answers, against DuckDB. Off-heap memory
 * returns to zero on the node, and on the compute side (its engine refuses to close otherwise).
 */
class RemoteComputeCacheTest extends SsbQueryOnNodeTest {
    static final String QUERY = "SELECT SUM(lo_revenue), COUNT(*) FROM lineorder WHERE lo_quantity < 25";
    static final Pattern EXEC = Pattern.compile("exec \\[([a-z-]+)\\]: (\\d+) cached, (\\d+) pushdown, (\\d+) pull-up, "
            + "\\d+ bitmap slices \\([^)]*\\), "
            + "(.+?) over the link, compute cache (\\d+)/(\\d+) segments hit, (\\d+) admitted, (\\d+) evicted");
    static final Pattern SLICES = Pattern.compile("AdaptiveScan lineorder \\[[a-z]+\\]: (\\d+) slices");

    RemoteComputeCacheTest() {
        super(QUERY);
    }

    /** Slices by route of one run of {@link #QUERY}: cached, pushdown, pull-up, hits, lookups, admitted, evicted. */
    record Run(long slices, long cached, long pushdown, long pullup, String link, long hits, long lookups, long admitted,
               long evicted) {}

    Run run(Connection c, String mode) throws SQLException {
        String plan = ssb.run(c);
        Matcher m = EXEC.matcher(plan), n = SLICES.matcher(plan);
        assertTrue(m.find() && n.find(), plan);
        assertEquals(mode, m.group(1));
        return new Run(Long.parseLong(n.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                Long.parseLong(m.group(4)), m.group(5), Long.parseLong(m.group(6)), Long.parseLong(m.group(7)),
                Long.parseLong(m.group(8)), Long.parseLong(m.group(9)));
    }

    Connection connect(String settings) throws SQLException {
        return ssb.connect(settings);
    }

    /** policy, capacity, bytes, segments, hits, misses, hit_rate, admissions, evictions, declined. */
    static Object[] statistics(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM information_schema.compute_cache_statistics")) {
            assertTrue(rs.next());
            Object[] row = new Object[10];
            for (int i = 0; i < 10; i++) row[i] = rs.getObject(i + 1);
            return row;
        }
    }

    @Test
    void cachingOnlyPullsUpOnceThenScansWithoutTheLink() throws SQLException {
        try (Connection c = connect("exec.mode=caching-only&cache.compute.bytes=1g&cache.compute.policy=lfu")) {
            Run first = run(c, "caching-only"); // the query, then EXPLAIN ANALYZE: both pull up, the second hits
            assertEquals(first.slices(), first.cached(), "EXPLAIN ANALYZE's run found every segment the query admitted");
            assertEquals(0, first.pullup() + first.pushdown());
            assertEquals("0 B", first.link());
            assertEquals(2 * first.slices(), first.hits(), "two columns per slice: lo_revenue, lo_quantity");
            Object[] s = statistics(c);
            assertEquals("lfu", s[0]);
            assertEquals(2 * first.slices(), ((Number) s[3]).longValue(), "segments cached");
            assertEquals(2 * first.slices(), ((Number) s[4]).longValue(), "hits");
            assertEquals(2 * first.slices(), ((Number) s[5]).longValue(), "misses: the first run's");
            assertEquals(0.5, ((Number) s[6]).doubleValue(), 1e-9);
            assertEquals(2 * first.slices(), ((Number) s[7]).longValue(), "admissions");
            Set<String> columns = new HashSet<>();
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                    "SELECT table_name, column_name, segments FROM information_schema.compute_cache")) {
                while (rs.next()) columns.add(rs.getString(1) + "." + rs.getString(2) + ":" + rs.getLong(3));
            }
            assertEquals(Set.of("lineorder.lo_revenue:" + first.slices(), "lineorder.lo_quantity:" + first.slices()), columns);
        }
    }

    @Test
    void pullupAndPushdownOnlyNeverCache() throws SQLException {
        for (String mode : new String[] {"pullup", "pushdown-only"}) {
            try (Connection c = connect("exec.mode=" + mode + "&cache.compute.bytes=1g")) {
                run(c, mode);
                Run r = run(c, mode);
                assertEquals(0, r.cached() + r.hits() + r.lookups() + r.admitted(), mode);
                assertEquals(r.slices(), mode.equals("pullup") ? r.pullup() : r.pushdown(), mode);
                assertEquals(0L, ((Number) statistics(c)[3]).longValue(), mode + ": segments cached");
            }
        }
    }

    @Test
    void hybridPullsUpWhatItWillCacheAndPushesDownWhatItWillNot() throws SQLException {
        try (Connection c = connect("exec.mode=hybrid&mode=pushdown&cache.compute.bytes=1g")) {
            Run r = run(c, "hybrid"); // the query pulled every slice up to admit it: room for all
            assertEquals(r.slices(), r.cached());
        }
        // 64 bytes hold no segment: nothing would be admitted, so pushdown goes on
        try (Connection c = connect("exec.mode=hybrid&mode=pushdown&cache.compute.bytes=64")) {
            Run r = run(c, "hybrid");
            assertEquals(r.slices(), r.pushdown());
            assertEquals(0, r.cached() + r.pullup() + r.admitted());
        }
        try (Connection c = connect("exec.mode=caching-only&cache.compute.bytes=64")) {
            Run r = run(c, "caching-only");
            assertEquals(r.slices(), r.pullup());
            assertEquals(0, r.cached() + r.admitted());
            assertTrue(((Number) statistics(c)[9]).longValue() >= 2 * r.slices(), "every segment declined");
        }
    }

    @Test
    void aSmallCacheEvictsByItsPolicyAndStillAnswers() throws SQLException {
        for (String policy : new String[] {"lru", "lfu", "wlfu", "belady"}) {
            try (Connection c = connect("exec.mode=caching-only&cache.compute.bytes=16k&cache.compute.policy=" + policy)) {
                for (int i = 0; i < 3; i++) run(c, "caching-only");
                Object[] s = statistics(c);
                assertTrue(((Number) s[2]).longValue() <= 16 << 10, policy + ": bytes within capacity");
                assertTrue(((Number) s[3]).longValue() > 0, policy + ": something is cached");
            }
        }
    }
}
