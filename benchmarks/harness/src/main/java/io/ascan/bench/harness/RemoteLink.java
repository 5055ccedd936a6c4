package io.ascan.bench.harness;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A link limit of {@code ascan bench remote}: its label as given ({@code 1gbit}, {@code 10gbit},
 * {@code 500mbit}: tc's rate syntax, decimal units) and its bits per second, 0 for {@code none}.
 */
public record RemoteLink(String label, long bitsPerSecond) {
    private static final Pattern RATE = Pattern.compile("([0-9]+)(k|m|g)?bit");

    public static RemoteLink parse(String s) {
        String v = s.strip().toLowerCase(Locale.ROOT);
        if (v.equals("none")) return new RemoteLink(v, 0);
        Matcher m = RATE.matcher(v);
        if (!m.matches()) throw new IllegalArgumentException("--links takes rates such as 1gbit, 500mbit or none, got '" + s + "'");
        long n = Long.parseLong(m.group(1));
        long unit = m.group(2) == null ? 1 : switch (m.group(2)) {
            case "k" -> 1_000L;
            case "m" -> 1_000_000L;
            default -> 1_000_000_000L;
        };
        if (n == 0) throw new IllegalArgumentException("--links: a rate must be positive (none for no limit), got '" + s + "'");
        return new RemoteLink(v, n * unit);
    }

    public boolean limited() {
        return bitsPerSecond > 0;
    }

    public long bytesPerSecond() {
        return bitsPerSecond / 8;
    }
}
