package io.ascan.gen;

import static io.ascan.types.DataType.DOUBLE;
import static io.ascan.types.DataType.INTEGER;
import static io.ascan.types.DataType.TIMESTAMP;

import io.ascan.format.RowAppender;
import io.ascan.format.TableSchema;
import java.util.List;
import java.util.SplittableRandom;

/**
 * NYC-taxi-like trips (queries/taxi/SCHEMA.md): columns of the TLC yellow-trip files, values from
 * seeded distributions tuned so the T1-T3 predicates pass their target fractions. Chunk {@code c}
 * covers rows [c * 65536, ...) and draws from its own stream ({@link TaxiRandom#forChunk}), so the
 * table depends only on (rows, seed, phase-change), never on threads.
 */
public final class TaxiGenerator {
    public static final TableSchema TRIPS = Schemas.of(
            "vendorid", INTEGER, "tpep_pickup_datetime", TIMESTAMP, "tpep_dropoff_datetime", TIMESTAMP,
            "passenger_count", INTEGER, "trip_distance", DOUBLE, "ratecodeid", INTEGER, "pulocationid", INTEGER,
            "dolocationid", INTEGER, "payment_type", INTEGER, "fare_amount", DOUBLE, "extra", DOUBLE,
            "mta_tax", DOUBLE, "tip_amount", DOUBLE, "tolls_amount", DOUBLE, "improvement_surcharge", DOUBLE,
            "total_amount", DOUBLE, "congestion_surcharge", DOUBLE);
    public static final long DEFAULT_SEED = 20110101L;
    static final int ROWS_PER_CHUNK = 1 << 16;

    /**
     * Survival function of trip_distance for ordinary (non-airport, non-zero) trips, log-linear
     * between knots: P(distance > KNOT_MILES[k]) = KNOT_SURVIVAL[k]. Together with the airport
     * trips this gives P(> 3) ~ 30%, P(> 10) ~ 8%, P(> 30) ~ 0.5% (T1.3 / T1.2 / T1.1).
     */
    private static final double[] KNOT_MILES = {0.1, 0.5, 1, 2, 3, 5, 10, 15, 20, 30, 50, 100};
    private static final double[] KNOT_SURVIVAL =
            {1, 0.93, 0.74, 0.44, 0.27, 0.15, 0.043, 0.025, 0.014, 0.0056, 0.0008, 0.00001};
    private static final double ZERO_DISTANCE = 0.01;
    private static final double ABSURD_DISTANCE = 0.0003;
    private static final double BAD_DROPOFF = 0.001;
    private static final double JFK_FLAT_FARE = 52.0;
    /** payment_type 1..4 (credit, cash, no charge, dispute) normally and in the two phases. */
    private static final WeightedChoice PAYMENT = new WeightedChoice(0.60, 0.35, 0.03, 0.02);
    private static final WeightedChoice PAYMENT_PHASE_A = new WeightedChoice(0.80, 0.16, 0.025, 0.015);
    private static final WeightedChoice PAYMENT_PHASE_B = new WeightedChoice(0.15, 0.78, 0.04, 0.03);
    private static final WeightedChoice PASSENGERS = new WeightedChoice(0.70, 0.14, 0.04, 0.02, 0.06, 0.04);

    private final long rows;
    private final boolean phaseChange;
    private final long seed;
    private final TaxiZones zones = new TaxiZones();
    private final TaxiZoneMix zoneMix = new TaxiZoneMix(zones);
    private final TaxiCalendar calendar = new TaxiCalendar();

    public TaxiGenerator(long rows, boolean phaseChange, long seed) {
        if (rows < 1) throw new IllegalArgumentException("rows must be at least 1, got " + rows);
        if ((rows + ROWS_PER_CHUNK - 1) / ROWS_PER_CHUNK > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("too many rows: " + rows);
        }
        this.rows = rows;
        this.phaseChange = phaseChange;
        this.seed = seed;
    }

    public List<ChunkedTable> tables() {
        return List.of(zones, trips());
    }

    public TaxiZones zones() {
        return zones;
    }

    TaxiZoneMix zoneMix() {
        return zoneMix;
    }

    public ChunkedTable trips() {
        return new Trips();
    }

    private final class Trips implements ChunkedTable {
        @Override public String name() { return "trips"; }
        @Override public TableSchema schema() { return TRIPS; }
        @Override public int chunkCount() { return (int) ((rows + ROWS_PER_CHUNK - 1) / ROWS_PER_CHUNK); }
        @Override public long expectedRows() { return rows; }

        @Override
        public void generateChunk(int chunk, RowAppender out) {
            SplittableRandom r = TaxiRandom.forChunk(seed, chunk);
            long first = (long) chunk * ROWS_PER_CHUNK;
            long end = Math.min(rows, first + ROWS_PER_CHUNK);
            for (long i = first; i < end; i++) {
                int phase = !phaseChange ? 0 : i < rows / 2 ? 1 : 2;
                trip(r, (i + r.nextDouble()) / rows, phase, out);
                out.endRow();
            }
        }
    }

    /** One trip at fractional table position {@code f}. */
    private void trip(SplittableRandom r, double f, int phase, RowAppender out) {
        int day = calendar.day(f);
        int second = calendar.secondOfDay(r);
        int hour = second / 3600;
        int year = calendar.year(day);
        int pu = zoneMix.pickup(r);
        int dropZone = zoneMix.dropoff(r, phase);

        double miles = r.nextDouble() < ZERO_DISTANCE ? 0 : distance(r, pu, dropZone);
        double speed = Math.clamp(TaxiRandom.logNormal(r, 10, 0.35) + 0.5 * Math.min(miles, 30), 4, 40);
        long seconds = miles == 0 ? 60 + r.nextInt(540) : Math.max(1, Math.round(miles / speed * 3600) + 30);
        long pickup = (day * 86_400L + second) * 1_000_000L;
        long dropoff = r.nextDouble() < BAD_DROPOFF ? pickup - r.nextInt(3600) * 1_000_000L
                : pickup + seconds * 1_000_000L;
        // A GPS glitch: the reported distance is absurd, the meter (and fare) saw the real one.
        double reported = r.nextDouble() < ABSURD_DISTANCE ? 100 * Math.exp(4 * r.nextDouble()) : miles;

        boolean manhattan = zones.borough(pu).equals("Manhattan") || zones.borough(dropZone).equals("Manhattan");
        int rate = rateCode(r, pu, dropZone, manhattan);
        double fare = fare(r, rate, miles, seconds);
        int payment = (phase == 1 ? PAYMENT_PHASE_A : phase == 2 ? PAYMENT_PHASE_B : PAYMENT).next(r) + 1;
        int weekday = TaxiCalendar.weekday(day);
        double extra = hour >= 20 || hour < 6 ? 0.5 : weekday < 5 && hour >= 16 ? 1.0 : 0;
        double mta = r.nextDouble() < 0.98 ? 0.5 : 0;
        double tip = payment == 1 && r.nextDouble() >= 0.12 ? cents(fare * (0.15 + 0.10 * r.nextDouble())) : 0;
        boolean tollRoad = zones.isAirport(pu) || zones.isAirport(dropZone) || miles > 12;
        double tolls = r.nextDouble() < (tollRoad ? 0.35 : 0.01) ? toll(year) : 0;
        double improvement = year >= 2023 ? 1.0 : 0.3;
        double congestion = year >= 2019 && manhattan && r.nextDouble() < 0.95 ? 2.5 : 0;

        out.setInt(0, r.nextDouble() < 0.45 ? 1 : 2);
        out.setLong(1, pickup);
        out.setLong(2, dropoff);
        out.setInt(3, PASSENGERS.next(r) + 1);
        out.setDouble(4, cents(reported));
        out.setInt(5, rate);
        out.setInt(6, pu);
        out.setInt(7, dropZone);
        out.setInt(8, payment);
        out.setDouble(9, fare);
        out.setDouble(10, extra);
        out.setDouble(11, mta);
        out.setDouble(12, tip);
        out.setDouble(13, tolls);
        out.setDouble(14, improvement);
        out.setDouble(15, cents(fare + extra + mta + tip + tolls + improvement + congestion));
        out.setDouble(16, congestion);
    }

    /** Airport trips have their airport's typical distance; others follow the survival curve. */
    private static double distance(SplittableRandom r, int pu, int dropZone) {
        if (pu == TaxiZones.JFK || dropZone == TaxiZones.JFK) return 12 + 10 * r.nextDouble();
        if (pu == TaxiZones.NEWARK || dropZone == TaxiZones.NEWARK) return 15 + 10 * r.nextDouble();
        if (pu == TaxiZones.LAGUARDIA || dropZone == TaxiZones.LAGUARDIA) return 6 + 6 * r.nextDouble();
        return ordinaryDistance(1.0 - r.nextDouble());
    }

    /** Inverse of the knot survival function for a survival probability {@code s} in (0, 1]. */
    static double ordinaryDistance(double s) {
        int k = 0;
        while (k < KNOT_SURVIVAL.length - 2 && KNOT_SURVIVAL[k + 1] >= s) k++;
        double t = (Math.log(s) - Math.log(KNOT_SURVIVAL[k])) / (Math.log(KNOT_SURVIVAL[k + 1]) - Math.log(KNOT_SURVIVAL[k]));
        return KNOT_MILES[k] + Math.min(1, t) * (KNOT_MILES[k + 1] - KNOT_MILES[k]);
    }

    private static int rateCode(SplittableRandom r, int pu, int dropZone, boolean manhattan) {
        if ((pu == TaxiZones.JFK || dropZone == TaxiZones.JFK) && manhattan && r.nextDouble() < 0.9) return 2;
        if (pu == TaxiZones.NEWARK || dropZone == TaxiZones.NEWARK) return 3;
        double u = r.nextDouble();
        return u < 0.003 ? 5 : u < 0.005 ? 4 : u < 0.0052 ? 6 : 1;
    }

    /** The meter: $2.50 flag drop, $2.50 a mile, 50 cents per slow minute; JFK flat fare; Newark surcharge. */
    private static double fare(SplittableRandom r, int rate, double miles, long seconds) {
        if (rate == 2) return JFK_FLAT_FARE;
        if (rate == 5) return Math.round(20 + 100 * r.nextDouble() * r.nextDouble());
        double slowMinutes = seconds / 60.0 * (0.20 + 0.60 * r.nextDouble());
        double metered = 2.5 + 2.5 * miles + 0.5 * slowMinutes + (rate == 3 ? 17.5 : 0);
        return Math.round(metered * 2) / 2.0;
    }

    private static double toll(int year) {
        return year < 2012 ? 4.80 : year < 2015 ? 5.33 : year < 2017 ? 5.54 : year < 2019 ? 5.76 : year < 2023 ? 6.55 : 6.94;
    }

    static double cents(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
