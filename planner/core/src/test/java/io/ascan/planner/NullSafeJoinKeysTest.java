package io.ascan.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Joins on {@code IS NOT DISTINCT FROM} (written, expanded, or made by decorrelating a sub-query
 * over a nullable column) hash on it as a key, NULL matching NULL, instead of running as a
 * nested-loop cross product. all_types has i = 0..1999 and s = 'v' + i except NULL where i % 3 == 0.
 */
class NullSafeJoinKeysTest extends AllTypesQueries {
    static final long NULLS = IntStream.range(0, 2000).filter(i -> i % 3 == 0).count();

    /** count(*) of the query, whose plan must join on the null-safe key {@code s}. */
    static long count(String sql) throws Exception {
        PreparedQuery p = service.prepare(sql);
        String plan = p.explain();
        assertTrue(plan.contains("s IS NOT DISTINCT FROM s"), plan);
        assertFalse(plan.contains("nested-loop"), plan);
        return count(p);
    }

    @Test
    void writtenIsNotDistinctFromIsAKey() throws Exception {
        // each non-NULL s once, and every NULL with every NULL
        long expected = (2000 - NULLS) + NULLS * NULLS;
        assertEquals(expected, count("SELECT count(*) FROM all_types a JOIN all_types b ON a.s IS NOT DISTINCT FROM b.s"));
        assertEquals(expected, count("SELECT count(*) FROM all_types a JOIN all_types b ON a.s = b.s OR (a.s IS NULL AND b.s IS NULL)"));
    }

    @Test
    void strictKeyBesideANullSafeOneStillRejectsNull() throws Exception {
        // l is never NULL: the pairs are the rows themselves, NULL s included
        assertEquals(2000, count("SELECT count(*) FROM all_types a JOIN all_types b ON a.s IS NOT DISTINCT FROM b.s AND a.l = b.l"));
        // a NULL s never equals: only the non-NULL ones pair
        assertEquals(2000 - NULLS, count(service.prepare("SELECT count(*) FROM all_types a JOIN all_types b ON a.s = b.s AND a.l = b.l")));
    }

    @Test
    void correlatedExistsOverANullableColumnJoinsOnIt() throws Exception {
        // a non-NULL s is unique, so only a NULL s finds a later row with the same (NULL) s
        assertEquals(IntStream.range(0, 2000).filter(i -> i % 3 == 0 && i < 1998).count(),
                count("SELECT count(*) FROM all_types a WHERE EXISTS (SELECT * FROM all_types b WHERE b.s IS NOT DISTINCT FROM a.s AND b.i > a.i)"));
    }

    @Test
    void correlatedScalarSubQueryOverANullableColumnJoinsOnIt() throws Exception {
        // the count of the rows with a's s (none for a NULL s) up to a's i: 1 for a non-NULL s
        assertEquals(2000 - NULLS, count("SELECT count(*) FROM all_types a WHERE (SELECT count(*) FROM all_types b WHERE b.s = a.s AND b.i <= a.i) = 1"));
    }

    @Test
    void scalarSubQueryCorrelatedOnIsNotDistinctFromJoinsItsValueGeneratorOnIt() throws Exception {
        // a non-NULL s is unique, so its average is its own i; the NULL rows (i % 3 == 0) average 999
        long expected = (2000 - NULLS) + IntStream.range(0, 2000).filter(i -> i % 3 == 0 && i >= 999).count();
        assertEquals(expected, count("SELECT count(*) FROM all_types a WHERE a.i >= (SELECT avg(i) FROM all_types b WHERE b.s IS NOT DISTINCT FROM a.s)"));
    }
}
