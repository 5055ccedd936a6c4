package io.ascan.planner.rex;

import com.google.common.collect.BoundType;
import com.google.common.collect.Range;
import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.planner.schema.TypeMapping;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.rex.RexVisitorImpl;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;
import org.apache.calcite.util.TimestampString;

/**
 * Translates Calcite row expressions into the engine's {@link Expr} IR. Input references
 * become {@link ColumnRef}s with the same index. Anything without an IR form throws
 * {@link UnsupportedExpressionException}; {@link #canTranslate} lets rules keep such
 * expressions in Calcite's hands instead of failing.
 *
 * <p>A {@code ?} parameter ({@link RexDynamicParam}) becomes the literal of its bound value when
 * the translator has values ({@link #bound}); without them it is a typed NULL placeholder, good
 * for checking that an expression translates and which columns it reads, never for evaluating
 * or pruning ({@link #hasParameters} tells such expressions apart).
 */
public final class ExprTranslator {
    private static final ExprTranslator UNBOUND = new ExprTranslator(null, -1);

    private final List<Literal> parameters;
    private final int displayBase;

    private ExprTranslator(List<Literal> parameters, int displayBase) {
        this.parameters = parameters;
        this.displayBase = displayBase;
    }

    /** A translator that replaces parameter {@code i} with {@code parameters.get(i)}. */
    public static ExprTranslator bound(List<Literal> parameters) {
        return new ExprTranslator(java.util.Collections.unmodifiableList(new ArrayList<>(parameters)), -1);
    }

    /**
     * For EXPLAIN text only: parameter {@code i} becomes a column reference {@code base + i}, so a
     * formatter can print it as {@code ?i} (its index is past every real column).
     */
    public static ExprTranslator forDisplay(int base) {
        return new ExprTranslator(null, base);
    }

    public static boolean canTranslate(RexNode e) {
        try {
            translate(e);
            return true;
        } catch (UnsupportedExpressionException ex) {
            return false;
        }
    }

    /** Whether {@code e} holds a {@code ?} parameter. */
    public static boolean hasParameters(RexNode e) {
        if (e == null) return false;
        boolean[] found = {false};
        e.accept(new RexVisitorImpl<Void>(true) {
            @Override
            public Void visitDynamicParam(RexDynamicParam p) {
                found[0] = true;
                return null;
            }
        });
        return found[0];
    }

    /** Translates without parameter values (see the class comment). */
    public static Expr translate(RexNode e) {
        return UNBOUND.apply(e);
    }

    public Expr apply(RexNode e) {
        return switch (e) {
            case RexInputRef ref -> new ColumnRef(ref.getIndex(), type(ref.getType(), e));
            case RexLiteral lit -> literal(lit);
            case RexCall call -> call(call);
            case RexDynamicParam p -> parameter(p);
            default -> throw unsupported(e);
        };
    }

    private Expr parameter(RexDynamicParam p) {
        DataType t = type(p.getType(), p);
        if (displayBase >= 0) return new ColumnRef(displayBase + p.getIndex(), t);
        if (parameters == null) return Literal.ofNull(t);
        if (p.getIndex() >= parameters.size()) throw new UnsupportedExpressionException("parameter " + (p.getIndex() + 1) + " is not bound");
        Literal v = parameters.get(p.getIndex());
        if (v == null || !v.type().equals(t)) {
            throw new IllegalArgumentException("parameter " + (p.getIndex() + 1) + " is bound as "
                    + (v == null ? "an untyped value" : v.type()) + ", planned as " + t);
        }
        return v;
    }

    private Expr call(RexCall c) {
        SqlKind kind = c.getKind();
        return switch (kind) {
            case EQUALS -> comparison(Operator.EQ, c);
            case NOT_EQUALS -> comparison(Operator.NE, c);
            case LESS_THAN -> comparison(Operator.LT, c);
            case LESS_THAN_OR_EQUAL -> comparison(Operator.LE, c);
            case GREATER_THAN -> comparison(Operator.GT, c);
            case GREATER_THAN_OR_EQUAL -> comparison(Operator.GE, c);
            case IS_DISTINCT_FROM -> comparison(Operator.IS_DISTINCT_FROM, c);
            case IS_NOT_DISTINCT_FROM -> comparison(Operator.IS_NOT_DISTINCT_FROM, c);
            case AND -> op(Operator.AND, c);
            case OR -> op(Operator.OR, c);
            case NOT -> op(Operator.NOT, c);
            case IS_NULL -> op(Operator.IS_NULL, c);
            case IS_NOT_NULL -> op(Operator.IS_NOT_NULL, c);
            case IS_TRUE -> op(Operator.IS_TRUE, c);
            case IS_NOT_TRUE -> op(Operator.IS_NOT_TRUE, c);
            case IS_FALSE -> op(Operator.IS_FALSE, c);
            case IS_NOT_FALSE -> op(Operator.IS_NOT_FALSE, c);
            case PLUS -> datetimePlus(c, false);
            case MINUS -> datetimePlus(c, true);
            case TIMES -> op(Operator.TIMES, c);
            case DIVIDE -> op(Operator.DIVIDE, c);
            case MOD -> op(Operator.MOD, c);
            case MINUS_PREFIX -> op(Operator.NEGATE, c);
            case PLUS_PREFIX -> apply(c.getOperands().getFirst());
            case LIKE -> like(c);
            case SIMILAR -> similar(c);
            case POSIX_REGEX_CASE_SENSITIVE, POSIX_REGEX_CASE_INSENSITIVE -> posixRegex(c, kind == SqlKind.POSIX_REGEX_CASE_INSENSITIVE);
            case CASE -> op(Operator.CASE, c);
            case COALESCE -> op(Operator.COALESCE, c);
            case CAST -> op(Operator.CAST, c);
            case SAFE_CAST -> op(Operator.TRY_CAST, c);
            case EXTRACT -> Call.of(Operator.EXTRACT, type(c.getType(), c), unit(c.getOperands().get(0)),
                    apply(c.getOperands().get(1)));
            case TIMESTAMP_DIFF -> Call.of(Operator.TIMESTAMP_DIFF, type(c.getType(), c), unit(c.getOperands().get(0)),
                    apply(c.getOperands().get(1)), apply(c.getOperands().get(2)));
            case SEARCH -> search(c);
            case CHAR_LENGTH -> op(Operator.CHAR_LENGTH, c);
            case FLOOR, CEIL -> {
                if (c.getOperands().size() != 1) throw unsupported(c); // FLOOR(datetime TO unit)
                yield op(kind == SqlKind.FLOOR ? Operator.FLOOR : Operator.CEIL, c);
            }
            case TRIM -> trim(c);
            case POSITION -> position(c);
            case GREATEST_PG -> op(Operator.GREATEST, c);
            case LEAST_PG -> op(Operator.LEAST, c);
            case STARTS_WITH -> op(Operator.STARTS_WITH, c);
            case ENDS_WITH -> op(Operator.ENDS_WITH, c);
            case REVERSE -> op(Operator.REVERSE, c);
            case CONCAT_WITH_NULL -> op(Operator.CONCAT_FUNCTION, c);
            case SUBSTR_POSTGRESQL -> op(Operator.SUBSTRING, c);
            case NVL -> op(Operator.COALESCE, c);
            default -> function(c);
        };
    }

    /** TRIM([BOTH|LEADING|TRAILING] characters FROM value). */
    private Expr trim(RexCall c) {
        Object flag = c.getOperands().get(0) instanceof RexLiteral l ? l.getValue() : null;
        Operator op = switch (flag) {
            case org.apache.calcite.sql.fun.SqlTrimFunction.Flag f when f == org.apache.calcite.sql.fun.SqlTrimFunction.Flag.LEADING -> Operator.LTRIM;
            case org.apache.calcite.sql.fun.SqlTrimFunction.Flag f when f == org.apache.calcite.sql.fun.SqlTrimFunction.Flag.TRAILING -> Operator.RTRIM;
            case org.apache.calcite.sql.fun.SqlTrimFunction.Flag f -> Operator.BTRIM;
            case null, default -> throw unsupported(c);
        };
        return Call.of(op, type(c.getType(), c), apply(c.getOperands().get(2)), apply(c.getOperands().get(1)));
    }

    /** POSITION(search IN value [FROM start]) and STRPOS(value, search), as STRPOS. */
    private Expr position(RexCall c) {
        List<RexNode> o = c.getOperands();
        boolean strpos = c.getOperator().getName().equalsIgnoreCase("STRPOS");
        if (o.size() != 2) throw unsupported(c);
        RexNode value = strpos ? o.get(0) : o.get(1), search = strpos ? o.get(1) : o.get(0);
        return Call.of(Operator.STRPOS, type(c.getType(), c), apply(value), apply(search));
    }

    /** LTRIM(value [, characters]) and its siblings; the characters default to a space. */
    private Expr trimFunction(Operator op, RexCall c) {
        Expr value = apply(c.getOperands().get(0));
        Expr chars = c.getOperands().size() > 1 ? apply(c.getOperands().get(1)) : Literal.of(" ");
        return Call.of(op, type(c.getType(), c), value, chars);
    }

    /** A call whose first operand is a unit or part given as text ('month'), as the upper-case name. */
    private Expr withUnit(Operator op, RexCall c) {
        if (!(c.getOperands().get(0) instanceof RexLiteral l) || l.isNull() || !(l.getValue2() instanceof String unit)) {
            throw new UnsupportedExpressionException(c.getOperator().getName() + " needs its part as a constant text: " + c);
        }
        List<Expr> args = new ArrayList<>(List.of(Literal.of(unit.trim().toUpperCase(java.util.Locale.ROOT))));
        for (RexNode o : c.getOperands().subList(1, c.getOperands().size())) args.add(apply(o));
        return new Call(op, args, type(c.getType(), c));
    }

    /** LPAD(value, length [, fill]): the fill defaults to a space. */
    private Expr pad(Operator op, RexCall c) {
        List<Expr> args = new ArrayList<>();
        for (RexNode o : c.getOperands()) args.add(apply(o));
        if (args.size() == 2) args.add(Literal.of(" "));
        if (args.size() != 3) throw unsupported(c);
        return new Call(op, args, type(c.getType(), c));
    }

    /**
     * A call of an operator that is NULL when an operand is: a NULL literal operand (also an
     * untyped one, {@code md5(NULL)}, which has no engine type) makes it a NULL of the call's type.
     */
    private Expr strict(Operator op, RexCall c) {
        return hasNullLiteral(c) ? Literal.ofNull(type(c.getType(), c)) : op(op, c);
    }

    private static boolean hasNullLiteral(RexCall c) {
        return c.getOperands().stream().anyMatch(o -> o instanceof RexLiteral l && l.isNull());
    }

    private Call op(Operator op, RexCall c) {
        List<Expr> args = new ArrayList<>(c.getOperands().size());
        for (RexNode o : c.getOperands()) args.add(apply(o));
        if (!op.acceptsArity(args.size())) throw unsupported(c);
        return new Call(op, args, type(c.getType(), c));
    }

    /**
     * A comparison; an exact numeric compared with a number its type cannot hold (more scale,
     * or out of range) is decided from the number's exact value, as a Sarg bound is.
     */
    private Expr comparison(Operator op, RexCall c) {
        RexNode a = comparand(c.getOperands().get(0)), b = comparand(c.getOperands().get(1));
        if (a instanceof RexLiteral && !(b instanceof RexLiteral)) {
            RexNode t = a;
            a = b;
            b = t;
            op = flip(op);
        }
        Expr x = apply(a);
        if (b instanceof RexLiteral lit && !lit.isNull() && ExactBound.applies(x.type())
                && SqlTypeUtil.isExactNumeric(lit.getType()) && ExactBound.exact(lit.getValueAs(BigDecimal.class), x.type()) == null) {
            BigDecimal v = lit.getValueAs(BigDecimal.class);
            return switch (op) {
                case EQ -> never(x);
                case NE -> always(x);
                case IS_DISTINCT_FROM -> Literal.of(true);
                case IS_NOT_DISTINCT_FROM -> Literal.of(false);
                default -> {
                    boolean lower = op == Operator.GT || op == Operator.GE;
                    Expr e = bound(x, v, op == Operator.GE || op == Operator.LE, lower);
                    yield e == null ? always(x) : e == NEVER ? never(x) : e;
                }
            };
        }
        return new Call(op, List.of(x, apply(b)), type(c.getType(), c));
    }

    /** The operator of {@code b op a} for {@code a op b}. */
    private static Operator flip(Operator op) {
        return switch (op) {
            case LT -> Operator.GT;
            case LE -> Operator.GE;
            case GT -> Operator.LT;
            case GE -> Operator.LE;
            default -> op;
        };
    }

    private Expr function(RexCall c) {
        return switch (c.getOperator().getName().toUpperCase(java.util.Locale.ROOT)) {
            case "SUBSTRING" -> op(Operator.SUBSTRING, c);
            case "UPPER" -> op(Operator.UPPER, c);
            case "LOWER" -> op(Operator.LOWER, c);
            case "CHAR_LENGTH", "CHARACTER_LENGTH" -> op(Operator.CHAR_LENGTH, c);
            case "ABS" -> op(Operator.ABS, c);
            case "||" -> op(Operator.CONCAT, c);
            case "ROUND" -> op(Operator.ROUND, c);
            case "TRUNC", "TRUNCATE" -> op(Operator.TRUNC, c);
            case "SIGN" -> op(Operator.SIGN, c);
            case "POWER", "POW" -> op(Operator.POWER, c);
            case "SQRT" -> op(Operator.SQRT, c);
            case "CBRT" -> op(Operator.CBRT, c);
            case "EXP" -> op(Operator.EXP, c);
            case "LN" -> op(Operator.LN, c);
            case "LOG10" -> op(Operator.LOG10, c);
            case "LOG" -> c.getOperands().size() == 1 ? op(Operator.LOG10, c) : op(Operator.LOG, c);
            case "PI" -> Literal.of(Math.PI);
            case "LOG2" -> Call.of(Operator.LOG, type(c.getType(), c), Literal.of(2.0), apply(c.getOperands().getFirst()));
            case "SIN" -> op(Operator.SIN, c);
            case "COS" -> op(Operator.COS, c);
            case "TAN" -> op(Operator.TAN, c);
            case "COT" -> op(Operator.COT, c);
            case "ASIN" -> op(Operator.ASIN, c);
            case "ACOS" -> op(Operator.ACOS, c);
            case "ATAN" -> op(Operator.ATAN, c);
            case "ATAN2" -> op(Operator.ATAN2, c);
            case "DEGREES" -> op(Operator.DEGREES, c);
            case "RADIANS" -> op(Operator.RADIANS, c);
            case "CONCAT_WS" -> op(Operator.CONCAT_WS, c);

            case "LENGTH" -> op(Operator.CHAR_LENGTH, c);
            case "LTRIM" -> trimFunction(Operator.LTRIM, c);
            case "RTRIM" -> trimFunction(Operator.RTRIM, c);
            case "REPLACE" -> op(Operator.REPLACE, c);
            case "STRPOS" -> position(c);
            case "LPAD" -> pad(Operator.LPAD, c);
            case "RPAD" -> pad(Operator.RPAD, c);
            case "LEFT" -> op(Operator.LEFT, c);
            case "RIGHT" -> op(Operator.RIGHT, c);
            case "REPEAT" -> op(Operator.REPEAT, c);
            case "SPLIT_PART" -> op(Operator.SPLIT_PART, c);
            case "REGEXP_MATCHES" -> op(Operator.REGEXP_MATCHES, c);
            case "REGEXP_REPLACE" -> op(Operator.REGEXP_REPLACE, c);
            case "DATE_TRUNC" -> withUnit(Operator.DATE_TRUNC, c);
            case "DATE_PART" -> withUnit(Operator.EXTRACT, c);
            case "MAKE_DATE" -> op(Operator.MAKE_DATE, c);
            case "CURRENT_DATE" -> Call.of(Operator.CURRENT_DATE, type(c.getType(), c));
            case "CURRENT_TIMESTAMP", "LOCALTIMESTAMP", "NOW" -> Call.of(Operator.CURRENT_TIMESTAMP, type(c.getType(), c));
            case "STRLEN", "OCTET_LENGTH" -> strict(Operator.OCTET_LENGTH, c);
            case "ASCII" -> strict(Operator.ASCII, c);
            case "CHR" -> strict(Operator.CHR, c);
            case "MD5" -> strict(Operator.MD5, c);
            case "TRANSLATE3" -> strict(Operator.TRANSLATE, c);
            case "REGEXP_EXTRACT" -> strict(Operator.REGEXP_EXTRACT, c);
            case "DATEDIFF" -> hasNullLiteral(c) ? Literal.ofNull(type(c.getType(), c)) : withUnit(Operator.DATE_DIFF, c);
            case "LAST_DAY" -> strict(Operator.LAST_DAY, c);
            case "MONTHNAME" -> strict(Operator.MONTHNAME, c);
            case "DAYNAME" -> strict(Operator.DAYNAME, c);
            case "EPOCH" -> strict(Operator.EPOCH, c);
            case "STRFTIME" -> strict(Operator.STRFTIME, c);
            case "STRPTIME" -> strict(Operator.STRPTIME, c);
            case "MAKE_TIMESTAMP" -> {
                Expr e = strict(Operator.MAKE_TIMESTAMP, c);
                if (!(e instanceof Call call)) yield e;
                List<Expr> args = new ArrayList<>(call.args()); // the seconds as a DOUBLE, whatever numeric type they came as
                args.set(5, Call.of(Operator.CAST, DataType.DOUBLE, args.get(5)));
                yield new Call(Operator.MAKE_TIMESTAMP, args, call.type());
            }
            case "TYPEOF" -> Literal.of(typeName(c.getOperands().getFirst()));
            case "VERSION" -> Literal.of(version());
            case "FORMAT" -> format(c);
            case "HASH" -> op(Operator.HASH, c);
            case "SINGLE_ROW" -> op(Operator.SINGLE_ROW, c);
            default -> throw unsupported(c);
        };
    }

    /**
     * {@code s [NOT] SIMILAR TO pattern} as DuckDB reads it: the pattern a regular expression that
     * must match the whole of s ({@code 'abc' SIMILAR TO 'a.*'}), not SQL's SIMILAR syntax with
     * {@code %} and {@code _}; a constant pattern without ESCAPE.
     */
    private Expr similar(RexCall c) {
        List<RexNode> o = c.getOperands();
        if (o.size() != 2 || !(o.get(1) instanceof RexLiteral p) || !(p.getValue2() instanceof String pattern)) {
            if (o.size() == 2 && o.get(1) instanceof RexLiteral p && p.isNull()) return Literal.ofNull(DataType.BOOLEAN);
            throw new UnsupportedExpressionException("SIMILAR TO needs a constant pattern and no ESCAPE: " + c);
        }
        Call match = new Call(Operator.REGEXP_MATCHES, List.of(apply(o.get(0)), Literal.of("\\A(?:" + pattern + ")\\z")), DataType.BOOLEAN);
        return c.getOperator().getName().toUpperCase(java.util.Locale.ROOT).startsWith("NOT ") ? Call.predicate(Operator.NOT, match) : match;
    }

    /**
     * FORMAT(format, args...) with a constant format: the text between {@code {}} placeholders
     * concatenated with the arguments cast to VARCHAR (a DECIMAL through DOUBLE, as DuckDB's fmt
     * prints it: 1.50 is "1.5"); NULL when an argument is, as DuckDB. {@code {{} and {@code }}} are braces.
     */
    private Expr format(RexCall c) {
        List<RexNode> o = c.getOperands();
        if (!(o.getFirst() instanceof RexLiteral f)) throw new UnsupportedExpressionException("FORMAT needs a constant format: " + c);
        if (f.isNull()) return Literal.ofNull(DataType.VARCHAR);
        String format = f.getValueAs(String.class);
        List<Expr> parts = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        int next = 1;
        for (int i = 0; i < format.length(); i++) {
            char ch = format.charAt(i);
            if ((ch == '{' || ch == '}') && i + 1 < format.length() && format.charAt(i + 1) == ch) {
                text.append(ch);
                i++;
            } else if (ch == '{' && i + 1 < format.length() && format.charAt(i + 1) == '}') {
                if (next >= o.size()) throw new io.ascan.codegen.rt.SqlException("22023", "FORMAT: more {} than arguments in '" + format + "'");
                if (!text.isEmpty()) parts.add(Literal.of(text.toString()));
                text.setLength(0);
                Expr arg = apply(o.get(next++));
                if (arg.type().kind() == io.ascan.types.TypeKind.DECIMAL) arg = Call.of(Operator.CAST, DataType.DOUBLE, arg);
                parts.add(arg.type().kind() == io.ascan.types.TypeKind.VARCHAR ? arg : Call.of(Operator.CAST, DataType.VARCHAR, arg));
                i++;
            } else if (ch == '{' || ch == '}') {
                throw new UnsupportedExpressionException("FORMAT takes only {} placeholders (no positions or format specifications): '" + format + "'");
            } else {
                text.append(ch);
            }
        }
        if (!text.isEmpty() || parts.isEmpty()) parts.add(Literal.of(text.toString()));
        Expr result = parts.getFirst();
        for (Expr p : parts.subList(1, parts.size())) result = Call.of(Operator.CONCAT, DataType.VARCHAR, result, p);
        for (RexNode extra : o.subList(next, o.size())) { // arguments beyond the placeholders: NULL still makes NULL
            Expr e = apply(extra);
            result = Call.of(Operator.CASE, DataType.VARCHAR, Call.predicate(Operator.IS_NULL, e), Literal.ofNull(DataType.VARCHAR), result);
        }
        return result;
    }

    /**
     * {@code s ~ pattern}, {@code s !~ pattern} (and {@code ~*}, {@code !~*} ignoring case): whether the
     * pattern matches part of s, as DuckDB's (and PostgreSQL's) {@code ~}: REGEXP_MATCHES.
     */
    private Expr posixRegex(RexCall c, boolean ignoreCase) {
        List<Expr> args = new ArrayList<>();
        for (RexNode o : c.getOperands().subList(0, 2)) args.add(apply(o));
        if (ignoreCase) args.add(Literal.of("i"));
        Call match = new Call(Operator.REGEXP_MATCHES, args, DataType.BOOLEAN);
        return c.getOperator().getName().toUpperCase(java.util.Locale.ROOT).startsWith("NEGATED") ? Call.predicate(Operator.NOT, match) : match;
    }

    /**
     * LIKE, or NOT LIKE as NOT(LIKE); ILIKE as LIKE of both sides in lower case (a constant pattern
     * lowered here, code point by code point as LOWER does, so it stays a constant).
     */
    private Expr like(RexCall c) {
        String name = c.getOperator().getName().toUpperCase(java.util.Locale.ROOT);
        boolean negated = name.startsWith("NOT "), ignoreCase = name.endsWith("ILIKE");
        if (!name.equals("LIKE") && !name.equals("NOT LIKE") && !name.equals("ILIKE") && !name.equals("NOT ILIKE")) {
            throw unsupported(c);
        }
        List<Expr> args = new ArrayList<>();
        for (RexNode o : c.getOperands()) args.add(apply(o));
        if (ignoreCase) {
            for (int i = 0; i < 2; i++) {
                Expr e = args.get(i);
                args.set(i, e instanceof Literal l && !l.isNull() ? Literal.of(lower((String) l.value()))
                        : Call.of(Operator.LOWER, e.type(), e));
            }
        }
        Call like = new Call(Operator.LIKE, args, DataType.BOOLEAN);
        return negated ? Call.predicate(Operator.NOT, like) : like;
    }

    /** LOWER's case mapping: per code point. */
    private static String lower(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        s.codePoints().map(Character::toLowerCase).forEach(sb::appendCodePoint);
        return sb.toString();
    }

    /** {@code a + b}, {@code a - b}; with an interval operand, datetime arithmetic on months or microseconds. */
    private Expr datetimePlus(RexCall c, boolean minus) {
        RexNode a = c.getOperands().get(0), b = c.getOperands().get(1);
        boolean intervalB = SqlTypeName.INTERVAL_TYPES.contains(b.getType().getSqlTypeName());
        if (!intervalB) {
            if (SqlTypeName.INTERVAL_TYPES.contains(c.getType().getSqlTypeName())
                    || SqlTypeName.INTERVAL_TYPES.contains(a.getType().getSqlTypeName())) {
                throw unsupported(c); // datetime - datetime = interval: no IR type for intervals
            }
            return op(minus ? Operator.MINUS : Operator.PLUS, c);
        }
        // a constant interval, or n times one (date + n, TIMESTAMPADD(unit, n, d))
        RexNode count = null;
        // (INTERVAL n DAY, DuckDB's spelling, is Calcite's n * INTERVAL '1' DAY, a checked product)
        if (b instanceof RexCall times && (times.getKind() == SqlKind.TIMES || times.getKind() == SqlKind.CHECKED_TIMES)
                && times.getOperands().size() == 2) {
            RexNode x = times.getOperands().get(0), y = times.getOperands().get(1);
            if (x instanceof RexLiteral && SqlTypeUtil.isExactNumeric(y.getType()) && SqlTypeUtil.isIntType(y.getType())) {
                count = y;
                b = x;
            } else if (y instanceof RexLiteral && SqlTypeUtil.isIntType(x.getType())) {
                count = x;
                b = y;
            }
        }
        if (!(b instanceof RexLiteral lit)) throw unsupported(c);
        BigDecimal v = lit.getValueAs(BigDecimal.class); // months, or milliseconds for day-time intervals
        if (v == null) throw unsupported(c);
        if (minus) v = v.negate();
        boolean months = b.getType().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH;
        Operator op = months ? Operator.PLUS_MONTHS : Operator.PLUS_MICROS;
        long unit = months ? v.longValueExact() : v.multiply(BigDecimal.valueOf(1000)).longValueExact();
        Expr amount = Literal.of(unit);
        if (count != null) {
            amount = Call.of(Operator.TIMES, DataType.BIGINT, Call.of(Operator.CAST, DataType.BIGINT, apply(count)), amount);
        }
        return Call.of(op, type(c.getType(), c), apply(a), amount);
    }

    /**
     * SEARCH(x, Sarg): points become IN (or =), closed ranges BETWEEN, other ranges comparisons;
     * ORed. For a NULL x the result is what the Sarg's nullAs says: NULL (UNKNOWN), FALSE or TRUE,
     * also where it is a value (a SELECT list, under NOT, in a CASE), not only a filter. Bounds of
     * an exact numeric x that its type cannot hold (0.000001 against a DECIMAL(12,2)) are decided
     * from their exact value ({@link ExactBound}).
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private Expr search(RexCall c) {
        Expr x = apply(comparand(c.getOperands().get(0)));
        Sarg sarg = ((RexLiteral) c.getOperands().get(1)).getValueAs(Sarg.class);
        if (sarg == null) throw unsupported(c);
        return sarg(x, (Sarg<?>) sarg);
    }

    private static <C extends Comparable<C>> Expr sarg(Expr x, Sarg<C> sarg) {
        DataType t = x.type();
        // For a non-NULL x, `body` is the Sarg's value; each of its terms is NULL for a NULL x.
        Expr body;
        if (sarg.isComplementedPoints()) {
            // x NOT IN (...): the complement's ranges are the excluded points
            List<Expr> points = new ArrayList<>(List.of(x));
            for (Range<C> r : sarg.rangeSet.complement().asRanges()) {
                Literal p = point(r.lowerEndpoint(), t);
                if (p != null) points.add(p); // x <> a value x cannot have: TRUE, drops out of the AND
            }
            body = points.size() == 1 ? always(x) : Call.predicate(Operator.NOT, inList(points));
        } else {
            List<Expr> terms = new ArrayList<>();
            List<Expr> points = new ArrayList<>(List.of(x));
            for (Range<C> r : sarg.rangeSet.asRanges()) {
                boolean lo = r.hasLowerBound(), hi = r.hasUpperBound();
                boolean loClosed = lo && r.lowerBoundType() == BoundType.CLOSED;
                boolean hiClosed = hi && r.upperBoundType() == BoundType.CLOSED;
                if (loClosed && hiClosed && r.lowerEndpoint().compareTo(r.upperEndpoint()) == 0) {
                    Literal p = point(r.lowerEndpoint(), t);
                    if (p != null) points.add(p);
                    continue;
                }
                Expr low = lo ? bound(x, r.lowerEndpoint(), loClosed, true) : null;
                Expr high = hi ? bound(x, r.upperEndpoint(), hiClosed, false) : null;
                if (low == NEVER || high == NEVER) continue;
                if (low instanceof Call l && high instanceof Call h && l.op() == Operator.GE && h.op() == Operator.LE) {
                    terms.add(Call.predicate(Operator.BETWEEN, x, l.arg(1), h.arg(1)));
                } else if (low != null && high != null) {
                    terms.add(new Call(Operator.AND, List.of(low, high), DataType.BOOLEAN));
                } else if (low != null || high != null) {
                    terms.add(low != null ? low : high);
                } else {
                    terms.add(always(x));
                }
            }
            if (points.size() > 1) terms.addFirst(inList(points));
            body = terms.isEmpty() ? never(x) : terms.size() == 1 ? terms.getFirst() : new Call(Operator.OR, terms, DataType.BOOLEAN);
        }
        return switch (sarg.nullAs) {
            case UNKNOWN -> body;
            case FALSE -> Call.predicate(Operator.AND, Call.predicate(Operator.IS_NOT_NULL, x), body);
            case TRUE -> Call.predicate(Operator.OR, body, Call.predicate(Operator.IS_NULL, x));
        };
    }

    /** Marks a range bound no x satisfies. */
    private static final Expr NEVER = Literal.of(false);

    /**
     * x >= v (lower, closed), x > v, x <= v, x < v as a comparison with a literal of x's type;
     * null when every non-NULL x satisfies it, {@link #NEVER} when none does.
     */
    private static Expr bound(Expr x, Object v, boolean closed, boolean lower) {
        DataType t = x.type();
        if (ExactBound.applies(t) && exactNumber(v) instanceof BigDecimal d) {
            ExactBound b = lower ? ExactBound.lower(d, closed, t) : ExactBound.upper(d, closed, t);
            return switch (b.kind()) {
                case ALWAYS -> null;
                case NEVER -> NEVER;
                case INCLUSIVE -> Call.predicate(lower ? Operator.GE : Operator.LE, x, b.literal());
                case EXCLUSIVE -> Call.predicate(lower ? Operator.GT : Operator.LT, x, b.literal());
            };
        }
        Operator op = lower ? (closed ? Operator.GE : Operator.GT) : (closed ? Operator.LE : Operator.LT);
        return Call.predicate(op, x, endpoint(v, t));
    }

    /** A point of the Sarg as a literal of x's type; null when x's (exact) type has no such value. */
    private static Literal point(Object v, DataType t) {
        if (ExactBound.applies(t) && exactNumber(v) instanceof BigDecimal d) return ExactBound.exact(d, t);
        return endpoint(v, t);
    }

    private static BigDecimal exactNumber(Object v) {
        return switch (v) {
            case BigDecimal d -> d;
            case Double d when Double.isFinite(d) -> new BigDecimal(d);
            case Float f when Float.isFinite(f) -> new BigDecimal(f);
            case Number n when !(v instanceof Double) && !(v instanceof Float) -> new BigDecimal(n.toString());
            default -> null;
        };
    }

    /** TRUE for a non-NULL x, NULL for a NULL x. */
    private static Expr always(Expr x) {
        return new Call(Operator.CASE, List.of(Call.predicate(Operator.IS_NULL, x), Literal.ofNull(DataType.BOOLEAN), Literal.of(true)),
                DataType.BOOLEAN);
    }

    /** FALSE for a non-NULL x, NULL for a NULL x. */
    private static Expr never(Expr x) {
        return new Call(Operator.CASE, List.of(Call.predicate(Operator.IS_NULL, x), Literal.ofNull(DataType.BOOLEAN), Literal.of(false)),
                DataType.BOOLEAN);
    }

    /**
     * An operand of a comparison without a widening CAST between exact numerics, which Calcite
     * adds to compare a DECIMAL(18,4) with 0.000001 in DECIMAL(20,6): the engine compares exact
     * numerics of any scales exactly, while the cast into the engine's 18 digits could overflow.
     */
    private static RexNode comparand(RexNode e) {
        if (e instanceof RexCall c && c.getKind() == SqlKind.CAST && c.getOperands().size() == 1) {
            RelDataType from = c.getOperands().getFirst().getType(), to = c.getType();
            if (SqlTypeUtil.isExactNumeric(from) && SqlTypeUtil.isExactNumeric(to)
                    && to.getScale() >= from.getScale()
                    && to.getPrecision() - to.getScale() >= from.getPrecision() - from.getScale()) {
                return comparand(c.getOperands().getFirst());
            }
        }
        return e;
    }

    /** x = p for one point, x IN (p, ...) for more; {@code xAndPoints} starts with x. */
    private static Expr inList(List<Expr> xAndPoints) {
        return xAndPoints.size() == 2 ? Call.predicate(Operator.EQ, xAndPoints.get(0), xAndPoints.get(1))
                : new Call(Operator.IN, xAndPoints, DataType.BOOLEAN);
    }

    /** A Sarg endpoint (BigDecimal, NlsString, DateString, TimestampString, Boolean) as a literal of type t. */
    private static Literal endpoint(Object v, DataType t) {
        return switch (v) {
            case BigDecimal d -> number(d, t);
            case Double d when t.kind() == TypeKind.DOUBLE -> Literal.of(d);
            case Number n -> number(new BigDecimal(n.toString()), t);
            case NlsString s -> Literal.of(s.getValue());
            case String s -> Literal.of(s);
            case DateString d -> new Literal(d.getDaysSinceEpoch(), DataType.DATE);
            case TimestampString ts -> new Literal(micros(ts), DataType.TIMESTAMP);
            case Boolean b -> Literal.of(b);
            default -> throw new UnsupportedExpressionException("range bound " + v + " of type " + t);
        };
    }

    private static Literal number(BigDecimal d, DataType t) {
        return switch (t.kind()) {
            case INTEGER -> new Literal(d.intValueExact(), t);
            case BIGINT -> new Literal(d.longValueExact(), t);
            case DOUBLE -> new Literal(d.doubleValue(), t);
            case DECIMAL -> new Literal(d.setScale(t.scale(), RoundingMode.UNNECESSARY).unscaledValue().longValueExact(), t);
            default -> throw new UnsupportedExpressionException("number " + d + " as " + t);
        };
    }

    private static Expr literal(RexLiteral lit) {
        RelDataType rt = lit.getType();
        if (rt.getSqlTypeName() == SqlTypeName.SYMBOL) return unit(lit);
        DataType t = type(rt, lit);
        if (lit.isNull()) return Literal.ofNull(t);
        if (t.kind() == TypeKind.DECIMAL && ExactBound.exact(lit.getValueAs(BigDecimal.class), t) == null) {
            return beyondDigits(lit.getValueAs(BigDecimal.class), t);
        }
        try {
            return switch (t.kind()) {
                case BOOLEAN -> Literal.of(lit.getValueAs(Boolean.class));
                case INTEGER, BIGINT, DECIMAL -> number(lit.getValueAs(BigDecimal.class), t);
                case DOUBLE -> Literal.of(lit.getValueAs(Double.class));
                case VARCHAR -> Literal.of(lit.getValueAs(String.class));
                case DATE -> new Literal(lit.getValueAs(DateString.class).getDaysSinceEpoch(), t);
                case TIMESTAMP -> new Literal(micros(lit.getValueAs(TimestampString.class)), t);
            };
        } catch (ArithmeticException e) {
            throw new UnsupportedExpressionException("literal " + lit + " does not fit " + t);
        }
    }

    /**
     * A DECIMAL constant of a derived type wider than the engine's 18 digits (Calcite folded
     * {@code COALESCE(NULL, 9223372036854775807)} into DECIMAL(21,2)) whose value needs more: the
     * CAST the engine evaluates raises the out-of-range data error at run time, as for a column.
     */
    private static Expr beyondDigits(BigDecimal v, DataType t) {
        Literal source = v.stripTrailingZeros().scale() <= 0 && v.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0
                && v.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) >= 0 ? Literal.of(v.longValueExact()) : Literal.of(v.doubleValue());
        return Call.of(Operator.CAST, t, source);
    }

    private static long micros(TimestampString ts) {
        LocalDateTime t = LocalDateTime.parse(ts.toString().replace(' ', 'T'));
        return (Long) Literal.of(t).value();
    }

    /** A time unit operand (EXTRACT's FLAG(YEAR), TIMESTAMPDIFF's SECOND) as its name. */
    private static Literal unit(RexNode e) {
        if (e instanceof RexLiteral lit) {
            Object v = lit.getValue();
            if (v instanceof TimeUnitRange r) return Literal.of(r.name());
            if (v instanceof TimeUnit u) return Literal.of(u.name());
        }
        throw unsupported(e);
    }

    private static DataType type(RelDataType t, RexNode where) {
        DataType d = TypeMapping.toEngine(t);
        if (d == null) throw new UnsupportedExpressionException("type " + t.getFullTypeString() + " of " + where);
        return d;
    }

    /** TYPEOF's answer: the engine type's name as DuckDB prints it ({@code DECIMAL(12,2)}), {@code "NULL"} for an untyped NULL. */
    private static String typeName(RexNode e) {
        if (e.getType().getSqlTypeName() == SqlTypeName.NULL) return "\"NULL\"";
        return type(e.getType(), e).toString();
    }

    /** VERSION(): "ascan" and the version of the jar the planner came from (none when run from classes). */
    private static String version() {
        String v = ExprTranslator.class.getPackage().getImplementationVersion();
        return v == null ? "ascan" : "ascan " + v;
    }

    private static UnsupportedExpressionException unsupported(RexNode e) {
        String what = e instanceof RexCall c ? "operator " + c.getOperator().getName() + " in " + e : "expression " + e;
        return new UnsupportedExpressionException("no engine expression for " + what);
    }
}
