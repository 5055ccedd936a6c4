package io.ascan.scan;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The value of the {@code mode} setting: how a query's AdaptiveScans choose a {@link ScanMode}
 * per slice. Parsed once, where settings are parsed ({@code EngineProperties}); the scans get
 * their policy from it ({@link ScanPolicies}).
 */
public enum ScanStrategy {
    /** The throughput-guided policy: sample each mode, exploit the fastest, sample again on drift. */
    ADAPTIVE(null),
    DIRECT(ScanMode.DIRECT),
    STAGING(ScanMode.STAGING),
    PUSHDOWN(ScanMode.PUSHDOWN),
    /** The paper's back-pressure baseline: each slice to a random mode whose input queue has room. */
    BACKPRESSURE(null);

    private final ScanMode fixed;

    ScanStrategy(ScanMode fixed) {
        this.fixed = fixed;
    }

    /** The one mode every slice takes, or null when the strategy chooses per slice. */
    public ScanMode fixedMode() {
        return fixed;
    }

    /** The setting's values as written ({@code adaptive}, {@code direct}, ...). */
    public static List<String> names() {
        return Arrays.stream(values()).map(ScanStrategy::toString).toList();
    }

    /** {@code s} in any case, trimmed; anything else names the setting, the value and the values accepted. */
    public static ScanStrategy parse(String s) {
        String v = s == null ? "" : s.trim();
        try {
            return valueOf(v.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("mode must be one of " + String.join(", ", names()) + ", got '" + v + "'");
        }
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
