package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class DuckDbDialectTest {
    @Test
    void aZeroOffsetFrameBoundBecomesCurrentRow() {
        assertEquals("SELECT COUNT(*) OVER (ORDER BY k RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM ta",
                DuckDbDialect.rewrite("SELECT COUNT(*) OVER (ORDER BY k RANGE BETWEEN UNBOUNDED PRECEDING AND 0 PRECEDING) FROM ta"));
        assertEquals("SUM(i) OVER (ROWS BETWEEN CURRENT ROW AND 100 FOLLOWING), MAX(i) OVER (ORDER BY x RANGE BETWEEN 2.0 PRECEDING AND CURRENT ROW)",
                DuckDbDialect.rewrite("SUM(i) OVER (ROWS BETWEEN 0 preceding AND 100 FOLLOWING), MAX(i) OVER (ORDER BY x RANGE BETWEEN 2.0 PRECEDING AND 0  FOLLOWING)"));
    }

    @Test
    void textInStringLiteralsStaysAsItIs() {
        assertEquals("SELECT '0 PRECEDING', 'it''s 0 FOLLOWING' FROM ta WHERE s <> '' AND k = 0",
                DuckDbDialect.rewrite("SELECT '0 PRECEDING', 'it''s 0 FOLLOWING' FROM ta WHERE s <> '' AND k = 0"));
        assertEquals("SELECT 'a', CURRENT ROW", DuckDbDialect.rewrite("SELECT 'a', 0 PRECEDING"));
    }

    @Test
    void timestampFunctionsStillBecomeDuckDbs() {
        assertEquals("SELECT date_sub('day', a, (b + INTERVAL (1) DAY))", DuckDbDialect.rewrite("SELECT TIMESTAMPDIFF(DAY, a, TIMESTAMPADD(DAY, 1, b))"));
    }
}
