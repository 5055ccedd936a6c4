package io.ascan.io;

import java.util.Locale;

/** Configuration {@code io}: which {@link BlockReader} to use. */
public enum IoMode {
    /** io_uring with O_DIRECT through liburing; falls back to {@link #PORTABLE}, logged, where it cannot run. */
    URING,
    /** FileChannel reads (O_DIRECT where the file system allows it), synchronous. */
    PORTABLE;

    public static IoMode parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown io mode '" + s + "' (expected uring or portable)");
        }
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
