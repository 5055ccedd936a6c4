package io.ascan.e2e.sqllogic;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Matches an EXPLAIN (one row a line) against a query's expected lines, in the spirit of DuckDB's
 * sqllogictest: {@code <REGEX>:re} must be found in the plan, {@code <!REGEX>:re} must not, and any
 * other line must occur in the plan as written (a substring of one of its lines).
 */
final class PlanPatterns {
    private PlanPatterns() {}

    /** Null when every pattern holds for {@code plan}, else the ones that do not, with the plan. */
    static String difference(List<List<String>> patterns, List<String> plan) {
        String text = String.join("\n", plan);
        List<String> broken = new ArrayList<>();
        for (List<String> cells : patterns) {
            String p = String.join("\t", cells);
            boolean holds;
            if (p.startsWith("<REGEX>:")) holds = Pattern.compile(p.substring(8), Pattern.MULTILINE).matcher(text).find();
            else if (p.startsWith("<!REGEX>:")) holds = !Pattern.compile(p.substring(9), Pattern.MULTILINE).matcher(text).find();
            else holds = plan.stream().anyMatch(line -> line.contains(p));
            if (!holds) broken.add(p);
        }
        return broken.isEmpty() ? null
                : "the plan does not match:\n  " + String.join("\n  ", broken) + "\nplan:\n" + text;
    }
}
