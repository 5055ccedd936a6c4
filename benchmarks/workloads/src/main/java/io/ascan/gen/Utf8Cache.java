package io.ascan.gen;

import io.ascan.format.RowAppender;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 bytes of the few distinct strings a low-cardinality column takes (ship modes, order
 * priorities...), so that a row costs a copy instead of an encoding and an allocation. Not
 * thread-safe: one per chunk. Strings beyond the capacity are encoded each time.
 */
final class Utf8Cache {
    private static final int SLOTS = 64;
    private final String[] keys = new String[SLOTS];
    private final byte[][] values = new byte[SLOTS][];

    void set(RowAppender out, int column, String s) {
        int h = s.hashCode();
        for (int probe = 0; probe < 8; probe++) {
            int i = (h + probe) & (SLOTS - 1);
            String k = keys[i];
            if (k == null) {
                keys[i] = s;
                values[i] = s.getBytes(StandardCharsets.UTF_8);
            } else if (k != s && !k.equals(s)) {
                continue;
            }
            byte[] v = values[i];
            out.setUtf8(column, v, 0, v.length);
            return;
        }
        out.setString(column, s);
    }
}
