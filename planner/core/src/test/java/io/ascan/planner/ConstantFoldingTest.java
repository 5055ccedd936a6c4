package io.ascan.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.planner.rel.AdaptiveScan;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.calcite.rel.RelNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Constant expressions are folded before predicates go into the scans, so P compares columns with
 * literals and zone maps prune. all_types: dt = 2000-01-01 + i days and m = i / 100 for i in
 * 0..1999, in two slices of 1000 rows (slice 1 starts at 2002-09-27 and m 10.00).
 */
class ConstantFoldingTest {
    @TempDir static Path dir;
    static QueryPlanner planner;

    @BeforeAll
    static void tables() throws IOException {
        planner = new QueryPlanner(BenchmarkTables.allTypes(Catalog.create(dir)));
    }

    static AdaptiveScan scan(RelNode n) {
        return n instanceof AdaptiveScan s ? s : scan(n.getInput(0));
    }

    static String p(String where) throws Exception {
        AdaptiveScan s = scan(planner.plan("SELECT s FROM all_types WHERE " + where).rel());
        return s.predicate().format(c -> s.ascanTable().table().schema().column(c).name()) + " | " + s.slices().size();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            // months keep the day where the month has it, else take the month's last day (as the engine does)
            "dt >= date '2002-01-01' + interval '9' month           | dt >= DATE '2002-10-01' | 1",
            "dt < date '2000-01-31' + interval '1' month            | dt < DATE '2000-02-29' | 1",
            "dt >= date '2003-01-01' - interval '1' year            | dt >= DATE '2002-01-01' | 2",
            "dt <= date '2002-10-01' - interval '5' day             | dt <= DATE '2002-09-26' | 1",
            "ts >= timestamp '2020-01-01 00:00:00' + interval '2' hour | ts >= TIMESTAMP '2020-01-01T02:00' | 2",
            "m < 5.00 + 2.5                                         | m < 7.50 | 1",
            // the product's type is wider than m's: the comparison is exact without widening m
            "m > 0.06 * 200 - 0.01                                  | m > 11.99 | 1",
            "i < -(-5)                                              | i < 5 | 1",
            "dt = CAST('2002-12-01' AS DATE)                        | dt = DATE '2002-12-01' | 1",
    })
    void foldsIntoLiteralsTheZoneMapsPruneOn(String where, String folded, int slices) throws Exception {
        assertEquals(folded.trim() + " | " + slices, p(where));
    }

    @Test
    void leavesWhatWouldNeedRounding() throws Exception {
        // a DATE plus hours: the engine drops the time of day, the folder does not guess
        assertTrue(p("dt < date '2002-10-01' + interval '36' hour").contains("PLUS_MICROS"), p("dt < date '2002-10-01' + interval '36' hour"));
        // a fraction that does not fit the result's scale stays a division
        assertTrue(p("d < 1.0 / 3").contains("/"), p("d < 1.0 / 3"));
    }
}
