package io.ascan.e2e.sqllogic;

import io.ascan.e2e.Result;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Checks a result against a file's hand-written expected rows. Cells compare as canonical text:
 * {@code NULL}; numbers by value (an exact column's trailing zeros do not matter; a DOUBLE column
 * to 12 significant digits); booleans case-insensitively; everything else as written. Rows compare
 * in order when the query has ORDER BY, else as multisets.
 */
final class ExpectedRows {
    private static final MathContext DOUBLE_DIGITS = new MathContext(12);

    private ExpectedRows() {}

    /** Null when {@code actual} has exactly the expected rows, else what differs. */
    static String difference(List<List<String>> expected, Result actual, boolean ordered) {
        int columns = actual.columns();
        boolean[] numeric = new boolean[columns];
        for (Object[] row : actual.rows()) {
            for (int c = 0; c < columns; c++) numeric[c] |= row[c] instanceof BigDecimal;
        }
        List<String> want = new ArrayList<>(), got = new ArrayList<>();
        for (List<String> row : expected) {
            if (row.size() != columns) {
                return "expected row " + row + " has " + row.size() + " cell(s), the result has " + columns
                        + " column(s) " + actual.labels() + " (cells are tab-separated)";
            }
            List<String> cells = new ArrayList<>();
            for (int c = 0; c < columns; c++) cells.add(canonical(row.get(c), numeric[c], actual.inexact()[c]));
            want.add(String.join("\t", cells));
        }
        for (Object[] row : actual.rows()) {
            List<String> cells = new ArrayList<>();
            for (int c = 0; c < columns; c++) cells.add(canonical(row[c], actual.inexact()[c]));
            got.add(String.join("\t", cells));
        }
        if (!ordered) {
            want.sort(null);
            got.sort(null);
        }
        if (want.equals(got)) return null;
        return "expected " + want.size() + " row(s)" + (ordered ? " in order" : "") + ":\n  " + String.join("\n  ", want)
                + "\ngot " + got.size() + ":\n  " + String.join("\n  ", got);
    }

    private static String canonical(String cell, boolean numeric, boolean inexact) {
        if (cell.equals("NULL")) return "NULL";
        if (numeric) {
            try {
                return number(new BigDecimal(cell.strip()), inexact);
            } catch (NumberFormatException notANumber) {
                return cell;
            }
        }
        if (cell.equalsIgnoreCase("true") || cell.equalsIgnoreCase("false")) return cell.toLowerCase(Locale.ROOT);
        return cell;
    }

    private static String canonical(Object value, boolean inexact) {
        return switch (value) {
            case null -> "NULL";
            case BigDecimal d -> number(d, inexact);
            default -> value.toString();
        };
    }

    private static String number(BigDecimal d, boolean inexact) {
        if (d.signum() == 0) return "0";
        return inexact ? d.round(DOUBLE_DIGITS).stripTrailingZeros().toString() : d.stripTrailingZeros().toPlainString();
    }
}
