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
    // numeric functions: ROUND and TRUNC take an optional INTEGER of digits (negative: left of the point)
    ROUND("ROUND", 1, 2), TRUNC("TRUNC", 1, 2), CEIL("CEIL", 1, 1), FLOOR("FLOOR", 1, 1), SIGN("SIGN", 1, 1),
    /** DOUBLE functions, IEEE results as DuckDB ({@code SQRT(-1)} is NaN, {@code LN(0)} -Infinity). */
    POWER("POWER", 2, 2), SQRT("SQRT", 1, 1), CBRT("CBRT", 1, 1), EXP("EXP", 1, 1), LN("LN", 1, 1), LOG10("LOG10", 1, 1),
    /** LOG(base, x). */
    LOG("LOG", 2, 2),
    SIN("SIN", 1, 1), COS("COS", 1, 1), TAN("TAN", 1, 1), COT("COT", 1, 1), ASIN("ASIN", 1, 1), ACOS("ACOS", 1, 1),
    ATAN("ATAN", 1, 1), ATAN2("ATAN2", 2, 2), DEGREES("DEGREES", 1, 1), RADIANS("RADIANS", 1, 1),
    /** The largest (smallest) argument that is not NULL; NULL when all are, as DuckDB and PostgreSQL. */
    GREATEST("GREATEST", 1, Integer.MAX_VALUE), LEAST("LEAST", 1, Integer.MAX_VALUE),
    // strings
    /** value LIKE pattern [ESCAPE char]. */
    LIKE("LIKE", 2, 3),
    /** SUBSTRING(value FROM start [FOR length]), 1-based. */
    SUBSTRING("SUBSTRING", 2, 3),
    UPPER("UPPER", 1, 1), LOWER("LOWER", 1, 1), CHAR_LENGTH("CHAR_LENGTH", 1, 1), CONCAT("||", 2, Integer.MAX_VALUE),
    /** CONCAT(a, ...): NULL arguments count as empty text, never NULL (DuckDB, PostgreSQL); arguments of other types as text. */
    CONCAT_FUNCTION("CONCAT", 1, Integer.MAX_VALUE),
    /** CONCAT_WS(separator, a, ...): the arguments that are not NULL, separated; NULL only for a NULL separator. */
    CONCAT_WS("CONCAT_WS", 2, Integer.MAX_VALUE),
    /** LTRIM/RTRIM/BTRIM(value, characters): the characters removed from the start, end or both ends. */
    LTRIM("LTRIM", 2, 2), RTRIM("RTRIM", 2, 2), BTRIM("BTRIM", 2, 2),
    /** REPLACE(value, from, to): every occurrence; an empty {@code from} replaces nothing. */
    REPLACE("REPLACE", 3, 3),
    /** STRPOS(value, search): 1-based character position of the first occurrence, 0 when none. */
    STRPOS("STRPOS", 2, 2),
    /** LPAD/RPAD(value, length, fill): to {@code length} characters, cut or filled on the left (right). */
    LPAD("LPAD", 3, 3), RPAD("RPAD", 3, 3),
    /** LEFT/RIGHT(value, n): the first (last) n characters; a negative n drops that many from the other end. */
    LEFT("LEFT", 2, 2), RIGHT("RIGHT", 2, 2),
    REVERSE("REVERSE", 1, 1), REPEAT("REPEAT", 2, 2),
    STARTS_WITH("STARTS_WITH", 2, 2), ENDS_WITH("ENDS_WITH", 2, 2),
    /** SPLIT_PART(value, delimiter, n): the n-th part, from the end when n is negative, '' when there is none. */
    SPLIT_PART("SPLIT_PART", 3, 3),
    /** REGEXP_MATCHES(value, pattern [, options]): java.util.regex, a match anywhere in the value. */
    REGEXP_MATCHES("REGEXP_MATCHES", 2, 3),
    /** REGEXP_REPLACE(value, pattern, replacement [, options]): the first match, every one with option 'g'; \\1 names a group. */
    REGEXP_REPLACE("REGEXP_REPLACE", 3, 4),
    /** REGEXP_EXTRACT(value, pattern [, group]): the group (0: the whole match) of the first match, '' when none. */
    REGEXP_EXTRACT("REGEXP_EXTRACT", 2, 3),
    /** OCTET_LENGTH(value): the length in UTF-8 bytes (DuckDB's STRLEN). */
    OCTET_LENGTH("OCTET_LENGTH", 1, 1),
    /** ASCII(value): the code point of the first character, 0 for ''. */
    ASCII("ASCII", 1, 1),
    /** CHR(code point): the one-character text; a number that is no code point is an error. */
    CHR("CHR", 1, 1),
    /** HASH(value, ...): a BIGINT hash of the values (equal values, of any numeric type, hash alike); NULL too hashes. */
    HASH("HASH", 1, Integer.MAX_VALUE),
    /** MD5(value): the digest of the UTF-8 bytes in lower-case hexadecimal. */
    MD5("MD5", 1, 1),
    /** TRANSLATE(value, from, to): characters of {@code from} replaced by those of {@code to} at the same place, removed past its end. */
    TRANSLATE("TRANSLATE", 3, 3),
    // conditionals
    /** CASE WHEN c1 THEN v1 [WHEN c2 THEN v2 ...] ELSE e END: arguments c1, v1, c2, v2, ..., e. */
    CASE("CASE", 3, Integer.MAX_VALUE),
    COALESCE("COALESCE", 1, Integer.MAX_VALUE),
    /** CAST to the call's type. */
    CAST("CAST", 1, 1),
    /** TRY_CAST to the call's type: NULL where CAST would fail with a data exception (SQLSTATE class 22). */
    TRY_CAST("TRY_CAST", 1, 1),
    // date and time (DATE in epoch days, TIMESTAMP in epoch microseconds)
    /** EXTRACT(unit FROM value); DOW counts Sunday = 0 as PostgreSQL and DuckDB do. */
    EXTRACT("EXTRACT", 2, 2),
    /** datetime + n months (n may be negative): year-month interval arithmetic. */
    PLUS_MONTHS("PLUS_MONTHS", 2, 2),
    /** datetime + n microseconds (n may be negative): day-time interval arithmetic. */
    PLUS_MICROS("PLUS_MICROS", 2, 2),
    /** TIMESTAMPDIFF(unit, from, to): whole units from {@code from} to {@code to}. */
    TIMESTAMP_DIFF("TIMESTAMPDIFF", 3, 3),
    /** DATE_TRUNC(unit, value): the TIMESTAMP at the start of the unit holding value. */
    DATE_TRUNC("DATE_TRUNC", 2, 2),
    /** MAKE_DATE(year, month, day); a day that does not exist is an error. */
    MAKE_DATE("MAKE_DATE", 3, 3),
    /** CURRENT_DATE: today in the JVM's time zone. */
    CURRENT_DATE("CURRENT_DATE", 0, 0),
    /** CURRENT_TIMESTAMP: the local date and time in the JVM's time zone. */
    CURRENT_TIMESTAMP("CURRENT_TIMESTAMP", 0, 0),
    /** DATE_DIFF(unit, from, to): unit boundaries crossed from {@code from} to {@code to}, as DuckDB (WEEK: whole weeks). */
    DATE_DIFF("DATE_DIFF", 3, 3),
    /** LAST_DAY(value): the DATE of the last day of the month. */
    LAST_DAY("LAST_DAY", 1, 1),
    /** MONTHNAME(value), DAYNAME(value): the English name of the month, of the weekday. */
    MONTHNAME("MONTHNAME", 1, 1), DAYNAME("DAYNAME", 1, 1),
    /** EPOCH(value): seconds since 1970-01-01 as a DOUBLE, with the fraction. */
    EPOCH("EPOCH", 1, 1),
    /** MAKE_TIMESTAMP(year, month, day, hour, minute, seconds): seconds a DOUBLE, rounded to microseconds. */
    MAKE_TIMESTAMP("MAKE_TIMESTAMP", 6, 6),
    /** STRFTIME(value, format): DuckDB's format specifiers ({@code %Y-%m-%d}). */
    STRFTIME("STRFTIME", 2, 2),
    /** STRPTIME(text, format): the TIMESTAMP the text gives by the format; a text that does not match is an error. */
    STRPTIME("STRPTIME", 2, 2),
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
