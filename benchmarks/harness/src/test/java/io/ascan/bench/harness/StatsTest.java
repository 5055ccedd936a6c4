package io.ascan.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatsTest {
    @Test
    void medianGeomeanAndCv() {
        assertEquals(3.0, Stats.median(List.of(5.0, 1.0, 3.0)));
        assertEquals(2.5, Stats.median(List.of(4.0, 1.0, 3.0, 2.0)));
        assertEquals(2.0, Stats.geomean(List.of(1.0, 4.0)), 1e-12);
        assertTrue(Double.isNaN(Stats.geomean(List.of())));
        assertEquals(0.0, Stats.cv(List.of(7.0)));
        assertEquals(0.5, Stats.cv(List.of(1.0, 2.0, 3.0)), 1e-12); // sample sd 1, mean 2
        assertThrows(IllegalArgumentException.class, () -> Stats.geomean(List.of(1.0, 0.0)));
        assertThrows(IllegalArgumentException.class, () -> Stats.median(List.of()));
    }
}
