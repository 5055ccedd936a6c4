package io.ascan.gen;

import java.util.SplittableRandom;

/**
 * Where trips start and end. Drop-offs follow borough shares that give the T3 zone filters
 * their target pass fractions: JFK + LaGuardia 2%, Brooklyn 10%, Brooklyn + Queens + Bronx 30%,
 * the rest mostly Manhattan. The phase-change variant only moves the Brooklyn share (1% in the
 * first half, 50% in the second) and scales the other boroughs to fill the remainder. Pick-ups
 * are even more Manhattan-heavy. Inside a borough, Yellow Zone (core) zones weigh more, and each
 * zone gets a fixed pseudo-random popularity so that a few zones dominate, as in the real data.
 */
final class TaxiZoneMix {
    static final double BROOKLYN_DROPOFF = 0.10;
    static final double PHASE_A_BROOKLYN = 0.01;
    static final double PHASE_B_BROOKLYN = 0.50;

    private final TaxiZones zones;
    private final WeightedChoice pickups;
    private final WeightedChoice dropoffs;
    private final WeightedChoice dropoffsPhaseA;
    private final WeightedChoice dropoffsPhaseB;

    TaxiZoneMix(TaxiZones zones) {
        this.zones = zones;
        pickups = new WeightedChoice(weights(0.015, 0.015, 0.002, 0.03, 0.025, 0.008, 0.001, 0.01, -1));
        dropoffs = new WeightedChoice(dropoffWeights(BROOKLYN_DROPOFF));
        dropoffsPhaseA = new WeightedChoice(dropoffWeights(PHASE_A_BROOKLYN));
        dropoffsPhaseB = new WeightedChoice(dropoffWeights(PHASE_B_BROOKLYN));
    }

    /** Drop-off shares with the given Brooklyn share; the others keep their proportions. */
    private double[] dropoffWeights(double brooklyn) {
        double scale = (1 - brooklyn) / (1 - BROOKLYN_DROPOFF);
        return weights(0.01 * scale, 0.01 * scale, 0.002 * scale, brooklyn, 0.12 * scale, 0.06 * scale,
                0.003 * scale, 0.015 * scale, -1);
    }

    /**
     * Per-location weights from borough shares; a negative Manhattan share takes the remainder.
     * Queens' share excludes its two airports, which have their own.
     */
    private double[] weights(double jfk, double laguardia, double newark, double brooklyn, double queens,
                             double bronx, double statenIsland, double unknown, double manhattan) {
        double m = manhattan >= 0 ? manhattan : 1 - (jfk + laguardia + newark + brooklyn + queens + bronx
                + statenIsland + unknown);
        double[] w = new double[TaxiZones.COUNT];
        w[TaxiZones.JFK - 1] = jfk;
        w[TaxiZones.LAGUARDIA - 1] = laguardia;
        w[TaxiZones.NEWARK - 1] = newark;
        spread(w, "Brooklyn", brooklyn);
        spread(w, "Queens", queens);
        spread(w, "Bronx", bronx);
        spread(w, "Staten Island", statenIsland);
        spread(w, "Unknown", unknown);
        spread(w, "Manhattan", m);
        return w;
    }

    private void spread(double[] w, String borough, double share) {
        double[] local = new double[TaxiZones.COUNT];
        double sum = 0;
        for (int id : zones.idsIn(borough)) {
            if (zones.isAirport(id)) continue;
            double popularity = 0.1 + 1.9 * unit(id);
            double core = zones.serviceZone(id).equals("Yellow Zone") ? 4 : 1;
            local[id - 1] = popularity * popularity * core;
            sum += local[id - 1];
        }
        for (int i = 0; i < w.length; i++) if (local[i] > 0) w[i] = share * local[i] / sum;
    }

    /** A fixed value in [0, 1) per zone id. */
    private static double unit(int id) {
        return (TaxiRandom.mix64(id * 0x2545F4914F6CDD1DL) >>> 11) * 0x1.0p-53;
    }

    int pickup(SplittableRandom r) {
        return pickups.next(r) + 1;
    }

    /** {@code phase}: 0 = normal, 1 = first half of the phase-change table, 2 = second half. */
    int dropoff(SplittableRandom r, int phase) {
        WeightedChoice c = phase == 1 ? dropoffsPhaseA : phase == 2 ? dropoffsPhaseB : dropoffs;
        return c.next(r) + 1;
    }

    /** Probability that a drop-off lands in location {@code id} in {@code phase} (tests). */
    double dropoffProbability(int id, int phase) {
        WeightedChoice c = phase == 1 ? dropoffsPhaseA : phase == 2 ? dropoffsPhaseB : dropoffs;
        return c.probability(id - 1);
    }
}
