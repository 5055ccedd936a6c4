package io.ascan.codegen.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ascan.testing.RegisteredArena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** LIKE and substring search on off-heap UTF-8 against java.util.regex / String.indexOf, across 8-byte word boundaries. */
class LikeTest {
    private static final List<String> PATTERNS = List.of("%special%requests%", "%a%b%", "a%b", "%ab", "ab%", "%a%", "a%%b%c",
            "%b%a", "%aa%aa%", "a%a", "%", "%%", "_a%", "%a_b%", "");

    @Test
    void likeMatchesWhatARegexMatches() {
        Random rnd = new Random(7);
        try (RegisteredArena arena = new RegisteredArena()) {
            for (int n = 0; n < 20_000; n++) {
                String s = random(rnd, rnd.nextInt(40));
                if (n % 500 == 0) s = "the special packages haggle; requests";
                MemorySegment m = utf8(arena, s);
                int len = s.getBytes(StandardCharsets.UTF_8).length;
                for (String p : PATTERNS) {
                    assertEquals(regex(p).matcher(s).matches(), Like.compile(p, null).matches(m.address(), len), "'" + s + "' LIKE '" + p + "'");
                }
            }
        }
    }

    @Test
    void indexOfFindsTheFirstOccurrenceAtEveryAlignment() {
        Random rnd = new Random(11);
        try (RegisteredArena arena = new RegisteredArena()) {
            for (int n = 0; n < 20_000; n++) {
                String s = random(rnd, rnd.nextInt(70));
                String p = random(rnd, 1 + rnd.nextInt(n % 2 == 0 ? 3 : 12));
                int from = s.isEmpty() ? 0 : rnd.nextInt(s.length() + 1);
                MemorySegment a = utf8(arena, s), q = utf8(arena, p);
                int expected = s.indexOf(p, from);
                assertEquals(expected, Strings.indexOf(a.address(), s.length(), q.address(), p.length(), from), s + " / " + p + " from " + from);
                assertEquals(expected, Strings.indexOf(a.address(), s.length(), p.getBytes(StandardCharsets.UTF_8), from), s + " / " + p);
            }
        }
    }

    @Test
    void searchNeverReadsPastTheStringEnd() {
        // The byte after the string is the one searched for: a word-wide read past the end would find it.
        try (RegisteredArena arena = new RegisteredArena()) {
            for (int len = 0; len < 24; len++) {
                MemorySegment m = utf8(arena, "x".repeat(len) + "y");
                assertEquals(-1, Strings.indexOf(m.address(), len, new byte[] {'y'}, 0), "length " + len);
                assertEquals(-1, Strings.indexOf(m.address(), len, utf8(arena, "xy").address(), 2, 0), "length " + len);
                assertEquals(len >= 2 ? 0 : -1, Strings.indexOf(m.address(), len, utf8(arena, "xx").address(), 2, 0), "length " + len);
                assertEquals(false, Like.compile("%y%x%", null).matches(m.address(), len));
            }
        }
    }

    private static String random(Random rnd, int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) b.append("abc".charAt(rnd.nextInt(3)));
        return b.toString();
    }

    private static MemorySegment utf8(RegisteredArena arena, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        MemorySegment m = arena.allocate(Math.max(1, b.length));
        MemorySegment.copy(MemorySegment.ofArray(b), 0, m, 0, b.length);
        return m;
    }

    private static Pattern regex(String like) {
        StringBuilder r = new StringBuilder();
        for (char c : like.toCharArray()) {
            if (c == '%') r.append(".*");
            else if (c == '_') r.append('.');
            else r.append(Pattern.quote(String.valueOf(c)));
        }
        return Pattern.compile(r.toString(), Pattern.DOTALL);
    }
}
