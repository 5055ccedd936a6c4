package io.ascan.e2e.fuzz;

/**
 * The SQL type of a generated expression. DECIMAL carries precision and scale, derived as Calcite
 * does, so that the generator can keep every DECIMAL within ascan's 18 digits.
 */
record Type(Kind kind, int precision, int scale) {
    enum Kind { INTEGER, BIGINT, DECIMAL, DOUBLE, VARCHAR, DATE, BOOLEAN }

    /** ascan's widest DECIMAL. */
    static final int MAX_PRECISION = 18;

    static final Type INTEGER = new Type(Kind.INTEGER, 0, 0);
    static final Type BIGINT = new Type(Kind.BIGINT, 0, 0);
    static final Type DOUBLE = new Type(Kind.DOUBLE, 0, 0);
    static final Type VARCHAR = new Type(Kind.VARCHAR, 0, 0);
    static final Type DATE = new Type(Kind.DATE, 0, 0);
    static final Type BOOLEAN = new Type(Kind.BOOLEAN, 0, 0);

    static Type decimal(int precision, int scale) {
        return new Type(Kind.DECIMAL, precision, scale);
    }

    static Type of(Kind kind) {
        return switch (kind) {
            case INTEGER -> INTEGER;
            case BIGINT -> BIGINT;
            case DECIMAL -> decimal(12, 2);
            case DOUBLE -> DOUBLE;
            case VARCHAR -> VARCHAR;
            case DATE -> DATE;
            case BOOLEAN -> BOOLEAN;
        };
    }

    boolean numeric() {
        return kind == Kind.INTEGER || kind == Kind.BIGINT || kind == Kind.DECIMAL || kind == Kind.DOUBLE;
    }

    /** Fits ascan's DECIMAL (other kinds always fit). */
    boolean fits() {
        return kind != Kind.DECIMAL || precision <= MAX_PRECISION;
    }

    /** The type of a + b or a - b (same kind), as Calcite derives it. */
    static Type plus(Type a, Type b) {
        if (a.kind != Kind.DECIMAL) return a;
        int scale = Math.max(a.scale, b.scale);
        return decimal(Math.max(a.precision - a.scale, b.precision - b.scale) + scale + 1, scale);
    }

    static Type times(Type a, Type b) {
        if (a.kind != Kind.DECIMAL) return a;
        return decimal(a.precision + b.precision, a.scale + b.scale);
    }

    /** The common type of CASE branches, COALESCE arguments or comparison operands of one kind. */
    static Type common(Type a, Type b) {
        if (a.kind != Kind.DECIMAL) return a;
        int scale = Math.max(a.scale, b.scale);
        return decimal(Math.max(a.precision - a.scale, b.precision - b.scale) + scale, scale);
    }

    /** A value of this type, in SQL: zero, or the empty string, a date, FALSE. */
    String zero() {
        return switch (kind) {
            case INTEGER, BIGINT, DECIMAL, DOUBLE -> "0";
            case VARCHAR -> "''";
            case DATE -> "DATE '2000-01-01'";
            case BOOLEAN -> "FALSE";
        };
    }

    String sql() {
        return kind == Kind.DECIMAL ? "DECIMAL(" + precision + "," + scale + ")" : kind.name();
    }
}
