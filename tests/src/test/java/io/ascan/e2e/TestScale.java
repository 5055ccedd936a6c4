package io.ascan.e2e;

import java.util.Locale;

/**
 * The data sizes of the end-to-end suite, chosen by the system property {@code ascan.test.scale}
 * (set by surefire from the build property {@code test.scale}): {@code small} (the default, for CI)
 * or {@code sf1}.
 */
enum TestScale {
    SMALL("0.01", "0.01", 50_000),
    SF1("1", "1", 1_000_000);

    final String ssbSf;
    final String tpchSf;
    final long taxiRows;

    TestScale(String ssbSf, String tpchSf, long taxiRows) {
        this.ssbSf = ssbSf;
        this.tpchSf = tpchSf;
        this.taxiRows = taxiRows;
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
