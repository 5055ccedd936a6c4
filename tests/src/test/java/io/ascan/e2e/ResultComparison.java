package io.ascan.e2e;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Compares an ascan result with a reference result of the same query and returns what differs
 * (null when they match). Row count, column count and every value are compared:
 *
 * <ul>
 *   <li>Numbers compare by value. A column either engine types as DOUBLE is inexact: values match
 *       within a relative tolerance of 1e-9. Otherwise (integers, decimals) they must be equal.</li>
 *   <li>Strings, dates, timestamps and booleans must be equal.</li>
 *   <li>Without ORDER BY the results compare as multisets. With ORDER BY they compare in order,
 *       except that rows tying on all ORDER BY keys may come in any order (each tie group
 *       compares as a multiset). When a LIMIT cuts through the last tie group, which of the
 *       tying rows made the cut is unspecified: that group compares on the ORDER BY keys only.</li>
 *   <li>NULL sort keys must have their ordering spelled out (NULLS FIRST/LAST): ascan follows
 *       Calcite (DESC sorts NULLs first), DuckDB sorts NULLs last.</li>
 * </ul>
 */
public final class ResultComparison {
    public static final double RELATIVE_TOLERANCE = 1e-9;
    private static final int SHOWN = 10;

    private final QueryFile query;
    private final Result actual;
    private final Result expected;
    private final String actualName;
    private final String expectedName;
    private final boolean[] inexact;

    private ResultComparison(QueryFile query, Result actual, String actualName, Result expected, String expectedName) {
        this.query = query;
        this.actual = actual;
        this.expected = expected;
        this.actualName = actualName;
        this.expectedName = expectedName;
        int n = Math.min(actual.columns(), expected.columns());
        this.inexact = new boolean[n];
        for (int c = 0; c < n; c++) inexact[c] = actual.inexact()[c] || expected.inexact()[c];
    }

    /** Null when {@code actual} matches {@code expected}, else a description of the first differences. */
    public static String compare(QueryFile query, Result actual, String actualName, Result expected, String expectedName) {
        return new ResultComparison(query, actual, actualName, expected, expectedName).compare();
    }

    private String compare() {
        if (actual.columns() != expected.columns()) {
            return header() + "column count differs: " + actualName + " " + actual.columns() + " " + actual.labels()
                    + ", " + expectedName + " " + expected.columns() + " " + expected.labels();
        }
        if (actual.rows().size() != expected.rows().size()) {
            String diff = query.ordered() ? firstDifferenceInOrder() : multisetDifference(actual.rows(), expected.rows(), 0);
            return header() + "row count differs: " + actualName + " " + actual.rows().size() + ", " + expectedName + " "
                    + expected.rows().size() + (diff == null ? "" : "\n" + diff);
        }
        if (!query.ordered()) {
            String diff = multisetDifference(actual.rows(), expected.rows(), 0);
            return diff == null ? null : header() + diff;
        }
        int[] keys = sortKeyColumns();
        for (int k = 0; k < keys.length; k++) {
            if (!query.orderBy().get(k).nullsSpelled() && (hasNull(actual, keys[k]) || hasNull(expected, keys[k]))) {
                return header() + "ORDER BY key " + actual.labels().get(keys[k]) + " has NULLs but the query does not say "
                        + "NULLS FIRST/LAST; the engines' defaults differ, so spell it out in the query";
            }
        }
        List<Object[]> a = actual.rows(), e = expected.rows();
        int start = 0;
        while (start < a.size()) {
            int end = start + 1;
            while (end < a.size() && sameKeys(a.get(start), a.get(end), keys)) end++;
            boolean cutByLimit = query.limit() != null && end == a.size() && a.size() == query.limit() && end - start > 1;
            String diff;
            if (cutByLimit) {
                diff = multisetDifference(project(a.subList(start, end), keys), project(e.subList(start, end), keys), start);
                if (diff != null) diff = "(last tie group, cut by LIMIT " + query.limit() + ", compared on its ORDER BY keys "
                        + "only)\n" + diff;
            } else {
                diff = multisetDifference(a.subList(start, end), e.subList(start, end), start);
            }
            if (diff != null) {
                return header() + (end - start == 1 ? "row " + start + " differs"
                        : "rows " + start + ".." + (end - 1) + " (a tie on the ORDER BY keys) differ") + "\n" + diff;
            }
            start = end;
        }
        return null;
    }

    private String header() {
        StringBuilder sb = new StringBuilder(query + ": results differ. columns " + actual.labels() + "; types "
                + actualName + " " + actual.typeNames() + ", " + expectedName + " " + expected.typeNames() + "\n");
        return sb.toString();
    }

    private int[] sortKeyColumns() {
        int[] cols = new int[query.orderBy().size()];
        for (int k = 0; k < cols.length; k++) {
            QueryFile.SortKey key = query.orderBy().get(k);
            if (key.column() == null) {
                cols[k] = key.ordinal() - 1;
            } else {
                cols[k] = -1;
                for (int c = 0; c < actual.columns(); c++) {
                    if (actual.labels().get(c).toLowerCase(Locale.ROOT).equals(key.column().toLowerCase(Locale.ROOT))) cols[k] = c;
                }
                if (cols[k] < 0) {
                    throw new IllegalArgumentException(query + ": ORDER BY key " + key.column() + " is not an output column "
                            + actual.labels() + "; the comparison cannot group its ties");
                }
            }
        }
        return cols;
    }

    private static boolean hasNull(Result r, int column) {
        for (Object[] row : r.rows()) if (row[column] == null) return true;
        return false;
    }

    private boolean sameKeys(Object[] x, Object[] y, int[] keys) {
        for (int k : keys) if (!same(x[k], y[k], inexact[k])) return false;
        return true;
    }

    private static List<Object[]> project(List<Object[]> rows, int[] keys) {
        List<Object[]> out = new ArrayList<>(rows.size());
        for (Object[] r : rows) {
            Object[] p = new Object[r.length];
            for (int k : keys) p[k] = r[k];
            out.add(p);
        }
        return out;
    }

    /** For a row count mismatch of an ordered result: the first position where the rows differ. */
    private String firstDifferenceInOrder() {
        List<Object[]> a = actual.rows(), e = expected.rows();
        for (int i = 0; i < Math.max(a.size(), e.size()); i++) {
            Object[] x = i < a.size() ? a.get(i) : null, y = i < e.size() ? e.get(i) : null;
            if (x == null || y == null || !sameRow(x, y)) {
                return "first difference at row " + i + ":\n  " + actualName + ": " + (x == null ? "(none)" : Result.format(x))
                        + "\n  " + expectedName + ": " + (y == null ? "(none)" : Result.format(y));
            }
        }
        return null;
    }

    /**
     * Multiset comparison: rows group by their exact columns; within a group the rows sort by the
     * inexact columns and pair up in that order. Null when equal; else the unmatched rows.
     */
    private String multisetDifference(List<Object[]> a, List<Object[]> e, int offset) {
        Map<String, List<Object[]>> ga = groups(a), ge = groups(e);
        List<Object[]> onlyA = new ArrayList<>(), onlyE = new ArrayList<>();
        List<String> pairs = new ArrayList<>();
        for (Map.Entry<String, List<Object[]>> g : ga.entrySet()) {
            List<Object[]> xs = g.getValue(), ys = ge.getOrDefault(g.getKey(), new ArrayList<>());
            xs.sort(inexactOrder());
            ys.sort(inexactOrder());
            int i = 0;
            for (; i < Math.min(xs.size(), ys.size()); i++) {
                if (!sameRow(xs.get(i), ys.get(i))) {
                    pairs.add("  " + actualName + ": " + Result.format(xs.get(i)) + "\n  " + expectedName + ": "
                            + Result.format(ys.get(i)) + "  (" + valueDifferences(xs.get(i), ys.get(i)) + ")");
                }
            }
            onlyA.addAll(xs.subList(i, xs.size()));
            onlyE.addAll(ys.subList(i, ys.size()));
        }
        for (Map.Entry<String, List<Object[]>> g : ge.entrySet()) if (!ga.containsKey(g.getKey())) onlyE.addAll(g.getValue());
        if (onlyA.isEmpty() && onlyE.isEmpty() && pairs.isEmpty()) return null;
        StringBuilder sb = new StringBuilder();
        if (!pairs.isEmpty()) {
            sb.append(pairs.size()).append(" row(s) differ in inexact values beyond ").append(RELATIVE_TOLERANCE)
                    .append(" (first ").append(Math.min(SHOWN, pairs.size())).append("):\n");
            pairs.stream().limit(SHOWN).forEach(p -> sb.append(p).append('\n'));
        }
        appendRows(sb, "only in " + actualName, onlyA);
        appendRows(sb, "only in " + expectedName, onlyE);
        if (offset > 0) sb.append("(rows counted from ").append(offset).append(")\n");
        return sb.toString().stripTrailing();
    }

    private static void appendRows(StringBuilder sb, String what, List<Object[]> rows) {
        if (rows.isEmpty()) return;
        sb.append(rows.size()).append(" row(s) ").append(what).append(" (first ").append(Math.min(SHOWN, rows.size())).append("):\n");
        rows.stream().limit(SHOWN).forEach(r -> sb.append("  ").append(Result.format(r)).append('\n'));
    }

    private String valueDifferences(Object[] x, Object[] y) {
        List<String> d = new ArrayList<>();
        for (int c = 0; c < x.length; c++) {
            if (!same(x[c], y[c], inexact[c])) {
                String rel = "";
                if (x[c] instanceof BigDecimal a && y[c] instanceof BigDecimal b && b.signum() != 0) {
                    rel = ", relative difference " + a.subtract(b).abs().divide(b.abs(), MathContext.DECIMAL64).toString();
                }
                d.add(actual.labels().get(c) + rel);
            }
        }
        return "differs in " + String.join("; ", d);
    }

    private Map<String, List<Object[]>> groups(List<Object[]> rows) {
        Map<String, List<Object[]>> g = new LinkedHashMap<>();
        for (Object[] r : rows) g.computeIfAbsent(exactKey(r), k -> new ArrayList<>()).add(r);
        return g;
    }

    private String exactKey(Object[] r) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < r.length; c++) {
            if (inexact[c]) continue;
            Object v = r[c];
            sb.append(v == null ? "\u0000N" : v instanceof BigDecimal d ? "#" + d.stripTrailingZeros().toPlainString()
                    : v.getClass().getSimpleName() + ":" + v).append('\u0001');
        }
        return sb.toString();
    }

    private Comparator<Object[]> inexactOrder() {
        return (x, y) -> {
            for (int c = 0; c < x.length; c++) {
                if (!inexact[c]) continue;
                int r = compareNullable(x[c], y[c]);
                if (r != 0) return r;
            }
            return 0;
        };
    }

    private static int compareNullable(Object x, Object y) {
        if (x == null || y == null) return x == null ? (y == null ? 0 : -1) : 1;
        if (x instanceof BigDecimal a && y instanceof BigDecimal b) return a.compareTo(b);
        return x.toString().compareTo(y.toString());
    }

    private boolean sameRow(Object[] x, Object[] y) {
        for (int c = 0; c < x.length; c++) if (!same(x[c], y[c], inexact[c])) return false;
        return true;
    }

    static boolean same(Object x, Object y, boolean inexact) {
        if (x == null || y == null) return x == y;
        if (x instanceof BigDecimal a && y instanceof BigDecimal b) {
            if (!inexact) return a.compareTo(b) == 0;
            BigDecimal scale = a.abs().max(b.abs());
            return a.subtract(b).abs().compareTo(scale.multiply(BigDecimal.valueOf(RELATIVE_TOLERANCE))) <= 0;
        }
        return x.equals(y);
    }
}
