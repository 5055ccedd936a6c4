package io.ascan.expr;

/**
 * The operators of a {@link Call}, with the number of arguments each takes. SQL semantics
 * throughout (three-valued logic, NULL in → NULL out unless said otherwise); the result type is
 * the call's. Units of EXTRACT and TIMESTAMP_DIFF are a leading VARCHAR literal ("YEAR",
 * "DOW", "SECOND", ...), so the code generator can switch on them at compile time.
 */
public enum Operator {
    // comparisons
    EQ("=", 2, 2), NE("<>", 2, 2), LT("<", 2, 2), LE("<=", 2, 2), GT(">", 2, 2), GE(">=", 2, 2),
    /** Never NULL: NULL is not distinct from NULL. */
    IS_DISTINCT_FROM("IS DISTINCT FROM", 2, 2),
    IS_NOT_DISTINCT_FROM("IS NOT DISTINCT FROM", 2, 2),
    /** value BETWEEN low AND high, both bounds inclusive. */
    BETWEEN("BETWEEN", 3, 3),
    /** value IN (literal, ...): the first argument is the value, the rest are literals. */
    IN("IN", 2, Integer.MAX_VALUE),
    // logic
    AND("AND", 2, Integer.MAX_VALUE), OR("OR", 2, Integer.MAX_VALUE), NOT("NOT", 1, 1),
    IS_NULL("IS NULL", 1, 1), IS_NOT_NULL("IS NOT NULL", 1, 1),
    IS_TRUE("IS TRUE", 1, 1), IS_NOT_TRUE("IS NOT TRUE", 1, 1),
    IS_FALSE("IS FALSE", 1, 1), IS_NOT_FALSE("IS NOT FALSE", 1, 1),
    // arithmetic (DECIMAL exact, integer overflow is an error)
    PLUS("+", 2, 2), MINUS("-", 2, 2), TIMES("*", 2, 2), DIVIDE("/", 2, 2), MOD("MOD", 2, 2),
    NEGATE("-", 1, 1), ABS("ABS", 1, 1),
    // strings
    /** value LIKE pattern [ESCAPE char]. */
    LIKE("LIKE", 2, 3),
    /** SUBSTRING(value FROM start [FOR length]), 1-based. */
    SUBSTRING("SUBSTRING", 2, 3),
    UPPER("UPPER", 1, 1), LOWER("LOWER", 1, 1), CHAR_LENGTH("CHAR_LENGTH", 1, 1), CONCAT("||", 2, Integer.MAX_VALUE),
    // conditionals
    /** CASE WHEN c1 THEN v1 [WHEN c2 THEN v2 ...] ELSE e END: arguments c1, v1, c2, v2, ..., e. */
    CASE("CASE", 3, Integer.MAX_VALUE),
    COALESCE("COALESCE", 1, Integer.MAX_VALUE),
    /** CAST to the call's type. */
    CAST("CAST", 1, 1),
    // date and time (DATE in epoch days, TIMESTAMP in epoch microseconds)
    /** EXTRACT(unit FROM value); DOW counts Sunday = 0 as PostgreSQL and DuckDB do. */
    EXTRACT("EXTRACT", 2, 2),
    /** datetime + n months (n may be negative): year-month interval arithmetic. */
    PLUS_MONTHS("PLUS_MONTHS", 2, 2),
    /** datetime + n microseconds (n may be negative): day-time interval arithmetic. */
    PLUS_MICROS("PLUS_MICROS", 2, 2),
    /** TIMESTAMPDIFF(unit, from, to): whole units from {@code from} to {@code to}. */
    TIMESTAMP_DIFF("TIMESTAMPDIFF", 3, 3),
    // row counts
    /**
     * SINGLE_ROW(count): TRUE when a scalar sub-query's BIGINT row count is at most 1; a larger
     * count is an error (SQLSTATE 21000), as a scalar sub-query must not return several rows.
     */
    SINGLE_ROW("SINGLE_ROW", 1, 1);

    private final String symbol;
    private final int minArgs;
    private final int maxArgs;

    Operator(String symbol, int minArgs, int maxArgs) {
        this.symbol = symbol;
        this.minArgs = minArgs;
        this.maxArgs = maxArgs;
    }

    public String symbol() {
        return symbol;
    }

    public boolean acceptsArity(int n) {
        return n >= minArgs && n <= maxArgs;
    }

    public boolean isComparison() {
        return switch (this) {
            case EQ, NE, LT, LE, GT, GE -> true;
            default -> false;
        };
    }

    /** The comparison with its operands swapped: {@code a < b} is {@code b > a}. */
    public Operator flip() {
        return switch (this) {
            case LT -> GT;
            case LE -> GE;
            case GT -> LT;
            case GE -> LE;
            case EQ, NE -> this;
            default -> throw new IllegalStateException(this + " is not a comparison");
        };
    }
}
