package io.ascan.bench.harness;

import java.math.BigDecimal;
import java.util.Locale;

/** Number formatting shared by the harness's files. */
final class Units {
    private Units() {}

    /** Bytes/s in decimal units, as links are quoted: "500MB/s", "1.5GB/s". */
    static String bandwidth(long bytesPerSecond) {
        if (bytesPerSecond >= 1_000_000_000L) return decimal(bytesPerSecond / 1e9) + "GB/s";
        if (bytesPerSecond >= 1_000_000L) return decimal(bytesPerSecond / 1e6) + "MB/s";
        return bytesPerSecond + "B/s";
    }

    /** Shortest plain rendering of a decimal: 0.15, 2, 1.5 (at most 4 decimals). */
    static String decimal(double d) {
        return new BigDecimal(String.format(Locale.ROOT, "%.4f", d)).stripTrailingZeros().toPlainString();
    }
}
