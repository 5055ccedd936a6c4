package io.ascan.scan;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The value of {@code exec.mode}: how a scan of a remote storage node's table combines the
 * compute-side cache with the link, as FlexPushdownDB's baselines (section 8.2). Tables of a local
 * catalog ignore it.
 */
public enum ExecMode {
    /** Every slice's raw segments cross the link; no cache. */
    PULLUP("pullup"),
    /** Every slice is pulled up unless all its segments are cached; pulled segments may be admitted. */
    CACHING_ONLY("caching-only"),
    /** Every slice is pushed down; no cache. */
    PUSHDOWN_ONLY("pushdown-only"),
    /**
     * Cached slices are scanned locally; the others go through the {@code mode} setting's choice
     * (pull-up or pushdown), and a slice whose missing segments the cache policy would admit is
     * pulled up to be admitted.
     */
    HYBRID("hybrid");

    private final String text;

    ExecMode(String text) {
        this.text = text;
    }

    /** Whether the scans look up and admit segments in the compute-side cache. */
    public boolean caches() {
        return this == CACHING_ONLY || this == HYBRID;
    }

    /** The strategy the scans of a remote table follow, given the {@code mode} setting's. */
    public ScanStrategy strategy(ScanStrategy configured) {
        return switch (this) {
            case PULLUP, CACHING_ONLY -> ScanStrategy.DIRECT;
            case PUSHDOWN_ONLY -> ScanStrategy.PUSHDOWN;
            case HYBRID -> configured;
        };
    }

    public static List<String> names() {
        return Arrays.stream(values()).map(ExecMode::toString).toList();
    }

    public static ExecMode parse(String s) {
        String v = s == null ? "" : s.trim().toLowerCase(Locale.ROOT);
        for (ExecMode m : values()) if (m.text.equals(v)) return m;
        throw new IllegalArgumentException("exec.mode must be one of " + String.join(", ", names()) + ", got '"
                + (s == null ? "" : s.trim()) + "'");
    }

    @Override
    public String toString() {
        return text;
    }
}
