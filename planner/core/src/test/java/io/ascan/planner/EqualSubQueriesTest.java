package io.ascan.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A boolean sub-query compared with a list of literals ({@code (x IN (q)) NOT IN (TRUE, FALSE)}),
 * which the converter copies once per literal, is joined once: with a sub-query nested in
 * {@code q}, each copy got its own correlation variable and its own join, and the plan grew
 * tenfold per literal (the fuzzer's seed 328, query 6629, never finished planning). all_types has
 * i = 0..1999 and d = i / 8.
 */
class EqualSubQueriesTest extends AllTypesQueries {
    /**
     * a.i is in it exactly when a.i >= 9. The nested NOT EXISTS tests the middle query's row only,
     * so it stays a correlated sub-query (an equality with the inner table would become an anti-join).
     */
    static final String IN_NESTED = "(a.i IN (SELECT b.i FROM all_types b WHERE NOT EXISTS"
            + " (SELECT 1 FROM all_types c WHERE b.i < 9) AND b.d = a.d))";

    @Test
    void aSubQueryComparedWithALiteralListIsJoinedOnce() throws Exception {
        assertEquals(1991, count(IN_NESTED + " IN (TRUE, TRUE, TRUE)"));
        assertEquals(9, count(IN_NESTED + " NOT IN (TRUE, TRUE, TRUE)"));
        assertEquals(2000, count(IN_NESTED + " IN (TRUE, FALSE, TRUE)"));
        // one join however many literals (each copy joined: 37 scans for two, 74 for three)
        assertEquals(scans(IN_NESTED + " IN (TRUE, TRUE)"), scans(IN_NESTED + " IN (TRUE, TRUE, TRUE)"));
        assertEquals(scans(IN_NESTED + " IN (TRUE, FALSE)"), scans(IN_NESTED + " IN (TRUE, FALSE, TRUE)"));
    }

    private static long count(String where) throws Exception {
        return count(service.prepare("SELECT count(*) FROM all_types a WHERE " + where));
    }

    private static int scans(String where) throws Exception {
        Matcher m = Pattern.compile("AdaptiveScan\\(").matcher(service.prepare("SELECT count(*) FROM all_types a WHERE " + where).explain());
        int n = 0;
        while (m.find()) n++;
        return n;
    }
}
