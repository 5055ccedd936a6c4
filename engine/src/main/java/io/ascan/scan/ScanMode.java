package io.ascan.scan;

import java.util.Locale;

/** How a slice's bytes reach the pipeline (A-Scan paper, II-A). */
public enum ScanMode {
    /** Read the projected segments into compute-node memory; P is evaluated by the pipeline. */
    DIRECT,
    /** Read into storage-node memory; the pipeline reads only the values it touches, where they are. */
    STAGING,
    /** Read into storage-node memory; storage-side threads apply P (and R) and ship compacted tuples. */
    PUSHDOWN;

    public static ScanMode parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown scan mode '" + s + "' (expected direct, staging or pushdown)");
        }
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
