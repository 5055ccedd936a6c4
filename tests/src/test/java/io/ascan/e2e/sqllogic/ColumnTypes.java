package io.ascan.e2e.sqllogic;

import io.ascan.e2e.Result;
import java.util.Locale;

/**
 * The column types of a {@code query <types>} header, one letter a column as in DuckDB's
 * sqllogictest: {@code I} integer (TINYINT to BIGINT), {@code R} real or exact decimal (DOUBLE,
 * REAL, DECIMAL), {@code T} text; and, stricter than DuckDB's runner (which reads any other letter
 * as text), {@code B} BOOLEAN and {@code D} DATE or TIMESTAMP.
 */
final class ColumnTypes {
    static final String LETTERS = "IRTBD";

    private ColumnTypes() {}

    static boolean valid(String types) {
        return types.chars().allMatch(c -> LETTERS.indexOf(c) >= 0);
    }

    /** Null when {@code result}'s columns have {@code types}, else what differs. */
    static String difference(String types, Result result) {
        if (types.length() != result.columns()) {
            return "the header gives " + types.length() + " column type(s) '" + types + "', the result has "
                    + result.columns() + " column(s) " + result.labels();
        }
        StringBuilder actual = new StringBuilder();
        for (String name : result.typeNames()) actual.append(letter(name));
        return actual.toString().equals(types) ? null
                : "column types '" + actual + "' " + result.typeNames() + ", the header says '" + types + "'";
    }

    /** The letter of a JDBC type name such as {@code DECIMAL(12,2)}; {@code ?} for a type no letter covers. */
    static char letter(String typeName) {
        String t = typeName.toUpperCase(Locale.ROOT);
        int paren = t.indexOf('(');
        if (paren >= 0) t = t.substring(0, paren);
        return switch (t.strip()) {
            case "TINYINT", "SMALLINT", "INTEGER", "INT", "BIGINT", "HUGEINT" -> 'I';
            case "DOUBLE", "FLOAT", "REAL", "DECIMAL", "NUMERIC" -> 'R';
            case "VARCHAR", "CHAR", "CHARACTER", "CHARACTER VARYING", "TEXT", "STRING" -> 'T';
            case "BOOLEAN" -> 'B';
            case "DATE", "TIMESTAMP" -> 'D';
            default -> '?';
        };
    }
}
