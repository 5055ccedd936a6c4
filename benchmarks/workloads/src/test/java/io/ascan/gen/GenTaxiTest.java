package io.ascan.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.format.ManifestCodec;
import io.ascan.format.RowAppender;
import io.ascan.format.WriteOptions;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenTaxiTest {
    private static final int ROWS = 200_000;
    private static final TaxiZones ZONES = new TaxiZones();

    /** Counts what the T1-T3 predicates count, and checks every row's sanity on the way. */
    static final class Stats implements RowAppender {
        long rows, over30, over10, over3, fare100, fare40, fare15, credit, airport, brooklyn, bqx, badDropoff;
        long lastDay = Long.MIN_VALUE;
        boolean ordered = true;
        private long pickup, dropoff;
        private int payment, dropZone, vendor, passengers, pickZone;
        private final double[] amounts = new double[17];

        @Override public void setNull(int c) { throw new AssertionError("NULL in column " + c); }
        @Override public void setBoolean(int c, boolean v) { throw new AssertionError(); }
        @Override public void setString(int c, String v) { throw new AssertionError(); }
        @Override public void setUtf8(int c, byte[] b, int o, int l) { throw new AssertionError(); }

        @Override
        public void setInt(int c, int v) {
            switch (c) {
                case 0 -> vendor = v;
                case 3 -> passengers = v;
                case 6 -> pickZone = v;
                case 7 -> dropZone = v;
                case 8 -> payment = v;
                default -> { }
            }
        }

        @Override
        public void setLong(int c, long v) {
            if (c == 1) pickup = v; else dropoff = v;
        }

        @Override
        public void setDouble(int c, double v) {
            amounts[c] = v;
        }

        @Override
        public void endRow() {
            rows++;
            double distance = amounts[4];
            double fare = amounts[9];
            if (distance > 30) over30++;
            if (distance > 10) over10++;
            if (distance > 3) over3++;
            if (fare > 100) fare100++;
            if (fare > 40) fare40++;
            if (fare > 15) fare15++;
            if (payment == 1) credit++;
            String zone = ZONES.zone(dropZone);
            String borough = ZONES.borough(dropZone);
            if (zone.equals("JFK Airport") || zone.equals("LaGuardia Airport")) airport++;
            if (borough.equals("Brooklyn")) brooklyn++;
            if (List.of("Brooklyn", "Queens", "Bronx").contains(borough)) bqx++;
            if (dropoff <= pickup) badDropoff++;

            assertTrue(vendor == 1 || vendor == 2);
            assertTrue(passengers >= 1 && passengers <= 6);
            assertTrue(payment >= 1 && payment <= 4);
            assertTrue(pickZone >= 1 && pickZone <= 265 && dropZone >= 1 && dropZone <= 265);
            assertTrue(distance >= 0 && fare > 0);
            if (payment != 1) assertEquals(0.0, amounts[12]);
            double sum = fare + amounts[10] + amounts[11] + amounts[12] + amounts[13] + amounts[14] + amounts[16];
            assertEquals(sum, amounts[15], 0.011);
            long day = Math.floorDiv(pickup, 86_400_000_000L);
            assertTrue(day >= LocalDate.of(2011, 1, 1).toEpochDay() && day <= LocalDate.of(2024, 12, 31).toEpochDay());
            if (day < lastDay) ordered = false;
            lastDay = day;
        }

        double f(long count) {
            return (double) count / rows;
        }
    }

    private static Stats stats(ChunkedTable trips, int fromChunk, int toChunk) {
        Stats s = new Stats();
        for (int c = fromChunk; c < toChunk; c++) trips.generateChunk(c, s);
        return s;
    }

    private static void near(double target, double actual, double tolerance, String what) {
        assertTrue(Math.abs(actual - target) <= tolerance, what + ": " + actual + " is not within " + tolerance
                + " of " + target);
    }

    @Test
    void passFractionsHitTheTargets() {
        ChunkedTable trips = new TaxiGenerator(ROWS, false, TaxiGenerator.DEFAULT_SEED).trips();
        Stats s = stats(trips, 0, trips.chunkCount());
        assertEquals(ROWS, s.rows);
        near(0.005, s.f(s.over30), 0.0015, "trip_distance > 30");
        near(0.08, s.f(s.over10), 0.01, "trip_distance > 10");
        near(0.30, s.f(s.over3), 0.02, "trip_distance > 3");
        near(0.005, s.f(s.fare100), 0.0015, "fare_amount > 100");
        near(0.07, s.f(s.fare40), 0.01, "fare_amount > 40");
        near(0.30, s.f(s.fare15), 0.02, "fare_amount > 15");
        near(0.60, s.f(s.credit), 0.01, "payment_type = 1");
        near(0.02, s.f(s.airport), 0.003, "drop-off at JFK/LaGuardia");
        near(0.10, s.f(s.brooklyn), 0.01, "drop-off in Brooklyn");
        near(0.30, s.f(s.bqx), 0.015, "drop-off in Brooklyn/Queens/Bronx");
        // a few bad rows, as in the real data, but not many
        assertTrue(s.badDropoff > 0 && s.f(s.badDropoff) < 0.005, "bad drop-offs: " + s.badDropoff);
        assertTrue(s.ordered, "trips are ordered by pick-up day");
    }

    /** Sends rows before {@code half} to {@code first}, the others to {@code second}. */
    private record Split(long half, Stats first, Stats second, long[] row) implements RowAppender {
        private RowAppender target() { return row[0] < half ? first : second; }
        @Override public void setNull(int c) { target().setNull(c); }
        @Override public void setBoolean(int c, boolean v) { target().setBoolean(c, v); }
        @Override public void setInt(int c, int v) { target().setInt(c, v); }
        @Override public void setLong(int c, long v) { target().setLong(c, v); }
        @Override public void setDouble(int c, double v) { target().setDouble(c, v); }
        @Override public void setString(int c, String v) { target().setString(c, v); }
        @Override public void setUtf8(int c, byte[] b, int o, int l) { target().setUtf8(c, b, o, l); }
        @Override public void endRow() { target().endRow(); row[0]++; }
    }

    @Test
    void phaseChangeHalvesDiffer() {
        Stats first = new Stats();
        Stats second = new Stats();
        ParallelGeneration.generateAll(new TaxiGenerator(ROWS, true, 7).trips(),
                new Split(ROWS / 2, first, second, new long[1]));
        assertEquals(ROWS / 2, first.rows);
        near(0.80, first.f(first.credit), 0.015, "first half payment_type = 1");
        near(0.01, first.f(first.brooklyn), 0.004, "first half Brooklyn drop-offs");
        near(0.15, second.f(second.credit), 0.015, "second half payment_type = 1");
        near(0.50, second.f(second.brooklyn), 0.015, "second half Brooklyn drop-offs");
        // the other targets hold in both halves (only payment and drop-off borough move)
        near(0.30, first.f(first.over3), 0.02, "first half trip_distance > 3");
        near(0.30, second.f(second.over3), 0.02, "second half trip_distance > 3");
    }

    @Test
    void zonesAreTheTlcLookup() {
        List<Object[]> rows = RowCollector.of(new TaxiGenerator(1, false, 1).zones()).rows;
        assertEquals(265, rows.size());
        Set<String> boroughs = new HashSet<>();
        for (int i = 0; i < rows.size(); i++) {
            assertEquals(i + 1, rows.get(i)[0]);
            boroughs.add((String) rows.get(i)[1]);
        }
        assertEquals(Set.of("Manhattan", "Brooklyn", "Queens", "Bronx", "Staten Island", "EWR", "Unknown"), boroughs);
        assertEquals(List.of(132, "Queens", "JFK Airport", "Airports"), List.of(rows.get(131)));
        assertEquals(List.of(138, "Queens", "LaGuardia Airport", "Airports"), List.of(rows.get(137)));
        assertEquals(List.of(1, "EWR", "Newark Airport", "EWR"), List.of(rows.get(0)));
        assertEquals("Yellow Zone", rows.get(160)[3]); // Midtown Center
    }

    @Test
    void sameSeedSameBytesWhateverTheThreads(@TempDir Path a, @TempDir Path b, @TempDir Path c) throws Exception {
        int rows = 3 * TaxiGenerator.ROWS_PER_CHUNK + 123;
        ParallelGeneration.write(a, new TaxiGenerator(rows, true, 99).trips(), WriteOptions.DEFAULTS, 1, n -> {});
        ParallelGeneration.write(b, new TaxiGenerator(rows, true, 99).trips(), WriteOptions.DEFAULTS, 2, n -> {});
        ParallelGeneration.write(c, new TaxiGenerator(rows, true, 100).trips(), WriteOptions.DEFAULTS, 2, n -> {});
        var fa = Manifests.fingerprint(Manifests.read(a.resolve("trips")));
        assertEquals(rows, fa.getFirst());
        assertEquals(fa, Manifests.fingerprint(Manifests.read(b.resolve("trips"))));
        assertNotEquals(fa, Manifests.fingerprint(Manifests.read(c.resolve("trips"))));
    }

    @Test
    void zoneSharesAreConsistent() {
        TaxiZoneMix mix = new TaxiGenerator(1, false, 1).zoneMix();
        for (int phase = 0; phase <= 2; phase++) {
            double total = 0;
            for (int id = 1; id <= 265; id++) total += mix.dropoffProbability(id, phase);
            assertEquals(1.0, total, 1e-9);
        }
        double brooklyn = 0;
        for (int id : ZONES.idsIn("Brooklyn")) brooklyn += mix.dropoffProbability(id, 2);
        assertEquals(TaxiZoneMix.PHASE_B_BROOKLYN, brooklyn, 1e-9);
    }

    @Test
    void rowsMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new TaxiGenerator(0, false, 1));
    }
}
