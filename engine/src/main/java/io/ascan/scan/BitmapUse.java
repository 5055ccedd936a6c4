package io.ascan.scan;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The value of {@code exec.bitmaps}: whether a {@code hybrid} scan of a remote table may route a
 * slice whose cache holds only its projected columns, or only the columns P reads, through a
 * selection bitmap (FlexPushdownDB section 6.2) rather than push the whole slice down.
 */
public enum BitmapUse {
    /** Never: such a slice is pushed down (or pulled up) whole. */
    OFF("off"),
    /** When the cost model estimates the bitmap route faster than pushdown, and the cache would not admit the missing segments. */
    AUTO("auto"),
    /** Whenever one of the two cases applies (for tests and benchmarks). */
    FORCE("force");

    private final String text;

    BitmapUse(String text) {
        this.text = text;
    }

    public static List<String> names() {
        return Arrays.stream(values()).map(BitmapUse::toString).toList();
    }

    public static BitmapUse parse(String s) {
        String v = s == null ? "" : s.trim().toLowerCase(Locale.ROOT);
        for (BitmapUse m : values()) if (m.text.equals(v)) return m;
        throw new IllegalArgumentException("exec.bitmaps must be one of " + String.join(", ", names()) + ", got '"
                + (s == null ? "" : s.trim()) + "'");
    }

    @Override
    public String toString() {
        return text;
    }
}
