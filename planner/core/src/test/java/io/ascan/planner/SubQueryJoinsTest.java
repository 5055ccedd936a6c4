package io.ascan.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.IntPredicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * [NOT] EXISTS and NOT IN run as SEMI and ANTI hash joins, with SQL's NULL semantics. all_types
 * has i = 0..1999, l = i * 1000000007, and s = 'v' + i except NULL where i % 3 == 0.
 */
class SubQueryJoinsTest extends AllTypesQueries {
    static String s(int i) {
        return i % 3 == 0 ? null : "v" + i;
    }

    static long expected(IntPredicate keep) {
        return IntStream.range(0, 2000).filter(keep).count();
    }

    /** count(*) of the query, and its plan. */
    static long count(String where, String... planHas) throws Exception {
        PreparedQuery p = service.prepare("SELECT count(*) FROM all_types a WHERE " + where);
        String plan = p.explain();
        for (String h : planHas) assertTrue(plan.contains(h), h + " in\n" + plan);
        assertFalse(plan.contains("type=LEFT"), plan);
        return count(p);
    }

    @Test
    void existsIsASemiJoinOnTheCorrelatedConjuncts() throws Exception {
        assertEquals(expected(i -> i + 7 < 2000 && s(i + 7) != null),
                count("EXISTS (SELECT * FROM all_types b WHERE b.i = a.i + 7 AND b.s IS NOT NULL)", "type=SEMI"));
        // a correlation that is not an equality is the join's residual (TPC-H q21)
        assertEquals(0, count("EXISTS (SELECT * FROM all_types b WHERE b.i = a.i AND b.l <> a.l)", "type=SEMI",
                "residual=[l <> l]"));
        assertEquals(expected(i -> i % 2 == 0 && i + 2 < 2000),
                count("a.b AND EXISTS (SELECT * FROM all_types b WHERE b.i = a.i + 2 AND b.l <> a.l)", "type=SEMI"));
    }

    @Test
    void notExistsIsAnAntiJoin() throws Exception {
        assertEquals(expected(i -> !(i + 1000 < 2000)), count("NOT EXISTS (SELECT * FROM all_types b WHERE b.i = a.i + 1000)",
                "type=ANTI"));
        // a NULL in the outer key matches nothing, so NOT EXISTS keeps the row
        assertEquals(expected(i -> s(i) == null || i % 2 == 1),
                count("NOT EXISTS (SELECT * FROM all_types b WHERE b.s = a.s AND MOD(b.i, 2) = 0)", "type=ANTI"));
    }

    @Test
    void notInKeepsSqlNullSemantics() throws Exception {
        // the sub-query holds a NULL (i = 0): x NOT IN (...) is never TRUE
        assertEquals(0, count("s NOT IN (SELECT s FROM all_types WHERE i < 3)", "type=ANTI"));
        // a NULL x is UNKNOWN against a non-empty list without NULLs
        assertEquals(expected(i -> s(i) != null && i != 1), count("s NOT IN (SELECT s FROM all_types WHERE i = 1)", "type=ANTI"));
        // ... and TRUE against an empty one
        assertEquals(2000, count("s NOT IN (SELECT s FROM all_types WHERE i < 0)", "type=ANTI"));
    }

    @Test
    void notInOfColumnsWithoutNullsIsAPlainAntiJoin() throws Exception {
        // the manifest counts no NULL in i: no counting of the sub-query's rows
        assertEquals(10, count("i NOT IN (SELECT i FROM all_types WHERE i >= 10)", "type=ANTI"));
        String plan = service.prepare("SELECT count(*) FROM all_types WHERE i NOT IN (SELECT i FROM all_types WHERE i >= 10)")
                .explain();
        assertFalse(plan.contains("nested-loop"), plan);
    }
}
