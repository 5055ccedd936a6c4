package io.ascan.e2e;

import java.util.Locale;

/**
 * The data sizes of the end-to-end suite, chosen by the system property {@code ascan.test.scale}
 * (set by surefire from the build property {@code test.scale}): {@code small} (the default, for CI)
 * or {@code sf1}. Slices are small at both scales, so that one scan has enough of them for the
 * adaptive policy to sample every mode and for back-pressure to mix them; at SF 1 they are larger
 * than at the small scale, or lineitem alone would be 23,000 slices of 256 rows.
 */
enum TestScale {
    SMALL("0.01", "0.01", 50_000, "256"),
    SF1("1", "1", 1_000_000, "4096");

    final String ssbSf;
    final String tpchSf;
    final long taxiRows;
    /** Rows per slice of the generated tables ({@code ascan gen --slice-rows}). */
    final String sliceRows;

    TestScale(String ssbSf, String tpchSf, long taxiRows, String sliceRows) {
        this.ssbSf = ssbSf;
        this.tpchSf = tpchSf;
        this.taxiRows = taxiRows;
        this.sliceRows = sliceRows;
    }

    static TestScale current() {
        String s = System.getProperty("ascan.test.scale", "small").trim().toLowerCase(Locale.ROOT);
        return switch (s) {
            case "", "small" -> SMALL;
            case "sf1" -> SF1;
            default -> throw new IllegalArgumentException("ascan.test.scale must be small or sf1, got '" + s + "'");
        };
    }
}
