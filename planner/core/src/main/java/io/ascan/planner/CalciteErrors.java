package io.ascan.planner;

import io.ascan.exec.DeepStack;
import io.ascan.exec.SqlStates;
import java.util.Locale;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.tools.ValidationException;

/** Calcite's parse and validation errors as {@link PlanningException}s with the SQLSTATE of what they say. */
final class CalciteErrors {
    private CalciteErrors() {}

    /** A parse error (42601); Calcite's parser reports a stack overflow as one without a position. */
    static PlanningException parse(SqlParseException e) {
        if (DeepStack.overflowed(e)) return tooDeep(e);
        SqlParserPos pos = e.getPos();
        return new PlanningException(e.getMessage(), pos == null ? 0 : pos.getLineNum(), pos == null ? 0 : pos.getColumnNum(),
                e, SqlStates.SYNTAX);
    }

    /** An expression nested deeper than {@link DeepStack} allows (54001). */
    static PlanningException tooDeep(Throwable e) {
        return new PlanningException("expression too deep: the query nests expressions (operators, parentheses, "
                + "CASE, subqueries) deeper than ascan can plan; see docs/errors.md for the limit", 0, 0, e, SqlStates.TOO_COMPLEX);
    }

    static PlanningException validation(ValidationException e, String sql) {
        if (e.getCause() instanceof CalciteContextException c) {
            String message = c.getMessage();
            if ("Ordinal out of range".equals(c.getCause() == null ? null : c.getCause().getMessage())) {
                message = message.substring(0, message.length() - "Ordinal out of range".length()) + ordinalOutOfRange(c, sql);
            }
            return new PlanningException(message, c.getPosLine(), c.getPosColumn(), e, validationState(c));
        }
        // A table that cannot be read (its manifest is damaged, ...): the state and message of that cause.
        if (SqlStates.known(e) != null) return new PlanningException(SqlStates.chainMessage(e.getCause() != null ? e.getCause() : e), 0, 0, e);
        return new PlanningException(e.getMessage(), 0, 0, e, validationState(e));
    }

    /**
     * Calcite's "Ordinal out of range" (an ORDER BY or GROUP BY position below 1 or past the SELECT
     * list) with the ordinal as written, which the position of the error spans.
     */
    private static String ordinalOutOfRange(CalciteContextException c, String sql) {
        String[] lines = sql.split("\n", -1);
        String ordinal = null;
        if (c.getPosLine() == c.getEndPosLine() && c.getPosLine() >= 1 && c.getPosLine() <= lines.length) {
            String line = lines[c.getPosLine() - 1];
            if (c.getPosColumn() >= 1 && c.getEndPosColumn() <= line.length() && c.getPosColumn() <= c.getEndPosColumn()) {
                ordinal = line.substring(c.getPosColumn() - 1, c.getEndPosColumn()).strip();
            }
        }
        return (ordinal == null ? "ordinal" : "ordinal " + ordinal)
                + " out of range: ORDER BY and GROUP BY ordinals number the SELECT list's columns from 1";
    }

    /** Calcite's validator messages (CalciteResource) by what they reject. */
    static String validationState(Throwable e) {
        Throwable inner = e.getCause() != null ? e.getCause() : e;
        String m = String.valueOf(inner.getMessage()).toLowerCase(Locale.ROOT);
        if (m.startsWith("object '") || m.startsWith("table '") && m.contains("not found")) return SqlStates.UNDEFINED_TABLE;
        if (m.startsWith("column '") && m.contains("not found") || m.startsWith("unknown identifier")) return SqlStates.UNDEFINED_COLUMN;
        if (m.startsWith("no match found for function signature")) return SqlStates.UNDEFINED_FUNCTION;
        if (m.contains("is not being grouped") || m.contains("aggregate expression is illegal")) return SqlStates.GROUPING;
        if (m.startsWith("cannot apply") || m.contains("type")) return SqlStates.DATATYPE_MISMATCH;
        return SqlStates.SYNTAX_OR_ACCESS;
    }
}
