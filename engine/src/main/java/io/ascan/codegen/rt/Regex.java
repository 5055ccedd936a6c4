package io.ascan.codegen.rt;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * REGEXP_MATCHES and REGEXP_REPLACE with java.util.regex. A constant pattern is compiled once
 * when the pipeline is generated; a pattern computed per row goes through a {@link Cache} that
 * keeps the last one compiled. Replacements use DuckDB's (RE2's) syntax: {@code \1} to {@code
 * \9} name a group, {@code \0} the whole match, {@code \\} is a backslash.
 */
public final class Regex {
    private Regex() {}

    /** SQLSTATE of a malformed pattern or option (invalid regular expression). */
    public static final String INVALID = "2201B";

    /** The pattern with DuckDB's options: i (ignore case), c (case-sensitive), s, m, n, p (newlines), g (all: REGEXP_REPLACE only). */
    public static Pattern compile(String regex, String options) {
        int flags = 0;
        for (char o : options.toCharArray()) {
            switch (o) {
                case 'i' -> flags |= Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
                case 'c' -> flags &= ~(Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
                case 'm', 'n', 'p' -> flags |= Pattern.MULTILINE;
                case 's' -> flags |= Pattern.DOTALL;
                case 'g' -> { }
                default -> throw new SqlException(INVALID, "unknown regular expression option '" + o + "'");
            }
        }
        try {
            return Pattern.compile(regex, flags);
        } catch (PatternSyntaxException e) {
            throw new SqlException(INVALID, "invalid regular expression '" + regex + "': " + e.getDescription());
        }
    }

    public static boolean global(String options) {
        return options.indexOf('g') >= 0;
    }

    /** A DuckDB replacement as a java.util.regex one. */
    public static String replacement(String r) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < r.length(); i++) {
            char ch = r.charAt(i);
            if (ch == '\\' && i + 1 < r.length() && Character.isDigit(r.charAt(i + 1))) {
                sb.append('$').append(r.charAt(++i));
            } else if (ch == '\\' && i + 1 < r.length() && r.charAt(i + 1) == '\\') {
                sb.append("\\\\");
                i++;
            } else if (ch == '\\' || ch == '$') {
                sb.append('\\').append(ch);
            } else {
                sb.append(ch);
            }
        }
        return sb.toString();
    }

    public static boolean find(Pattern p, long a, int la) {
        return p.matcher(Strings.toJava(a, la)).find();
    }

    public static long replace(StringScratch scratch, Pattern p, long a, int la, String javaReplacement, boolean global, String what) {
        Matcher m = p.matcher(Strings.toJava(a, la));
        String out;
        try {
            out = global ? m.replaceAll(javaReplacement) : m.replaceFirst(javaReplacement);
        } catch (IndexOutOfBoundsException e) {
            throw new SqlException(INVALID, "the replacement names a group the pattern does not have in " + what);
        }
        return Strings.fromJava(scratch, out);
    }

    /**
     * REGEXP_EXTRACT: group {@code group} (0: the whole match) of the first match, '' when the
     * pattern does not match or the group took no part in the match, as DuckDB.
     */
    public static long extract(StringScratch scratch, Pattern p, long a, int la, int group, String what) {
        Matcher m = p.matcher(Strings.toJava(a, la));
        if (group < 0 || group > m.groupCount()) {
            throw new SqlException(INVALID, "the pattern has no group " + group + " in " + what);
        }
        String g = m.find() ? m.group(group) : null;
        return Strings.fromJava(scratch, g == null ? "" : g);
    }

    /** The last pattern compiled at one call site (patterns that are not constants). */
    public static final class Cache {
        private record Entry(String regex, String options, Pattern pattern) {}

        private volatile Entry last;

        public Pattern pattern(long a, int la, String options) {
            String regex = Strings.toJava(a, la);
            Entry e = last;
            if (e == null || !e.regex.equals(regex) || !e.options.equals(options)) {
                e = new Entry(regex, options, compile(regex, options));
                last = e;
            }
            return e.pattern;
        }
    }
}
