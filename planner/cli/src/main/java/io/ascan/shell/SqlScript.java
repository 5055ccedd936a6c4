package io.ascan.shell;

import java.util.ArrayList;
import java.util.List;

/** Splits SQL text into statements at semicolons outside quotes and comments. */
final class SqlScript {
    private SqlScript() {}

    static List<String> split(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == '\'' || c == '"') { // quoted: a doubled quote is part of it
                int j = i + 1;
                while (j < n && (text.charAt(j) != c || (j + 1 < n && text.charAt(j + 1) == c && ++j > 0))) j++;
                cur.append(text, i, Math.min(n, j + 1));
                i = j;
            } else if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
                int j = text.indexOf('\n', i);
                i = (j < 0 ? n : j) - 1;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int j = text.indexOf("*/", i + 2);
                i = (j < 0 ? n : j + 2) - 1;
                cur.append(' ');
            } else if (c == ';') {
                add(out, cur);
            } else {
                cur.append(c);
            }
        }
        add(out, cur);
        return out;
    }

    private static void add(List<String> out, StringBuilder cur) {
        String s = cur.toString().strip();
        if (!s.isEmpty()) out.add(s);
        cur.setLength(0);
    }
}
