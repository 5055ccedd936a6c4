package io.ascan.bench.harness;

import java.math.BigDecimal;

/** The size of a workload's data: a scale factor (ssb) or a number of trips (taxi, phase). */
public record DataSize(boolean rows, BigDecimal value) {
    public DataSize {
        value = value.stripTrailingZeros();
        if (value.signum() <= 0) throw new IllegalArgumentException((rows ? "--rows" : "--sf") + " must be positive, got " + value.toPlainString());
        if (rows && value.scale() > 0) throw new IllegalArgumentException("--rows must be a whole number, got " + value.toPlainString());
    }

    public static DataSize scaleFactor(String sf) {
        return new DataSize(false, parse("--sf", sf));
    }

    public static DataSize rows(String n) {
        return new DataSize(true, parse("--rows", n));
    }

    private static BigDecimal parse(String flag, String v) {
        try {
            return new BigDecimal(v.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(flag + " must be a number, got '" + v + "'");
        }
    }

    /** As the generator takes it: "0.1", "10000". */
    public String text() {
        return value.toPlainString();
    }

    /** For people: "SF 0.1", "10000 rows". */
    public String describe() {
        return rows ? text() + " rows" : "SF " + text();
    }
}
