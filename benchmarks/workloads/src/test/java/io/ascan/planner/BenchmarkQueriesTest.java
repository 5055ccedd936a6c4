package io.ascan.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The query texts at a scale factor: only TPC-H Q11's FRACTION (0.0001 / SF) depends on it. */
class BenchmarkQueriesTest {
    @Test
    void q11FractionIsScaledBySf() {
        String sf1 = BenchmarkQueries.text("tpch", "q11");
        assertTrue(sf1.contains("* 0.0001\n"), sf1);
        assertEquals(sf1, BenchmarkQueries.text("tpch", "q11", "1"));
        assertEquals(sf1.replace("* 0.0001\n", "* 0.00001\n"), BenchmarkQueries.text("tpch", "q11", "10"));
        assertEquals(sf1.replace("* 0.0001\n", "* 0.000001\n"), BenchmarkQueries.text("tpch", "q11", "100"));
        assertEquals(sf1.replace("* 0.0001\n", "* 0.001\n"), BenchmarkQueries.text("tpch", "q11", "0.1"));
    }

    @Test
    void otherQueriesDoNotDependOnSf() {
        for (String workload : new String[] {"tpch", "ssb"}) {
            for (String q : BenchmarkQueries.names(workload)) {
                if (q.equals("q11") && workload.equals("tpch")) continue;
                assertEquals(BenchmarkQueries.text(workload, q), BenchmarkQueries.text(workload, q, "10"), workload + " " + q);
            }
        }
        assertFalse(BenchmarkQueries.text("tpch", "q11", "10").contains("* 0.0001\n"));
    }

    @Test
    void aScaleFactorThatIsNotANumberIsRefused() {
        assertThrows(NumberFormatException.class, () -> BenchmarkQueries.text("tpch", "q11", "ten"));
    }
}
