package io.ascan.codegen;

import io.ascan.codegen.rt.Utf8;
import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Compiles an {@link Expr} into straight-line Java: locals and if/else, no boxing, no virtual
 * calls and no allocation per tuple on the common paths. Each node leaves its result in fresh
 * locals described by a {@link ValueCode}. Operands are evaluated only when the result is not
 * decided yet (AND/OR/CASE/COALESCE, and a strict operator stops at its first NULL operand), so
 * a column is read only for tuples that need it: the staging variant counts on that.
 *
 * <p>Conventions the surrounding generated code provides: a {@code StringScratch scratch}
 * variable for strings that functions produce. Errors are {@code rt.SqlException}s whose message
 * names the expression, printed with {@code columnNames}.
 *
 * <p>Dictionary-encoded VARCHAR columns: when {@code columns} is a {@link DictionaryColumnAccess}
 * that reports a column as dictionary-encoded, comparisons, IN and LIKE of that column with
 * literals are evaluated on the int32 code through a per-dictionary table.
 */
public final class ExprCodegen {
    static final String SCRATCH = "scratch";

    final CodeBuilder code;
    final ColumnAccess columns;
    final IntFunction<String> columnNames;
    private final LogicCodegen logic = new LogicCodegen(this);
    private final ComparisonCodegen comparison = new ComparisonCodegen(this);
    private final ArithmeticCodegen arithmetic = new ArithmeticCodegen(this);
    private final StringCodegen strings = new StringCodegen(this);
    private final DateTimeCodegen dateTime = new DateTimeCodegen(this);
    private final MathCodegen math = new MathCodegen(this);
    private final TextCodegen text = new TextCodegen(this);
    final CastCodegen cast = new CastCodegen(this);

    public ExprCodegen(CodeBuilder code, ColumnAccess columns, IntFunction<String> columnNames) {
        this.code = code;
        this.columns = columns;
        this.columnNames = columnNames;
    }

    public ExprCodegen(CodeBuilder code, ColumnAccess columns) {
        this(code, columns, i -> "$" + i);
    }

    /** Emits the statements computing {@code e}; returns where its value is. */
    public static ValueCode compile(Expr e, ColumnAccess columns, CodeBuilder code) {
        return new ExprCodegen(code, columns).compile(e);
    }

    /**
     * Lets sub-expressions of more than {@code maxNodes} nodes become methods of their own, which
     * keeps generated methods far below the JVM's 64 KB limit. Only valid when every statement
     * the ColumnAccess emits works in any method of the class given {@code int row} (it reads
     * fields, not locals of the caller).
     */
    public ExprCodegen splitAbove(int maxNodes) {
        this.splitNodes = maxNodes;
        return this;
    }

    private int splitNodes = Integer.MAX_VALUE;
    private int depth;
    private static final int MIN_SPLIT_NODES = 16;
    /** Nodes compiled into the current method so far: once they pass {@link #splitNodes}, further calls get methods of their own. */
    private int methodNodes;

    public ValueCode compile(Expr e) {
        if (e instanceof Call c && WideCalls.isWide(c)) return compile(WideCalls.nest(c));
        if (depth > 0 && e instanceof Call && splitNodes != Integer.MAX_VALUE) {
            int size = size(e);
            // A full method splits off its larger calls only: at most WideCalls.FAN small ones stay inline per node.
            if (size > splitNodes || size >= MIN_SPLIT_NODES && methodNodes + size > splitNodes) return split(e);
        }
        depth++;
        methodNodes++;
        try {
            return compileHere(e);
        } finally {
            depth--;
        }
    }

    /** Compiles {@code e} into a method {@code subN(int row)}: the value is returned, the NULL flag and length left in fields. */
    private ValueCode split(Expr e) {
        String name = code.fresh("sub");
        int mark = code.mark(), indent = code.indent();
        code.setIndent(2);
        int savedDepth = depth, savedNodes = methodNodes;
        depth = 1; // the split-off root itself compiles here, its big children split again
        methodNodes = 1;
        ValueCode v;
        try {
            v = compileHere(e);
        } finally {
            depth = savedDepth;
            methodNodes = savedNodes + 1;
        }
        String javaType = ValueCode.javaType(e.type());
        StringBuilder m = new StringBuilder();
        m.append("    private boolean ").append(name).append("Null;\n");
        if (v.length() != null) m.append("    private int ").append(name).append("Len;\n");
        m.append("\n    /** ").append(brief(e, columnNames).replace("*/", "* /")).append(" */\n");
        m.append("    private ").append(javaType).append(' ').append(name).append("(int row) {\n");
        m.append(code.cut(mark));
        m.append("        ").append(name).append("Null = ").append(v.isNull()).append(";\n");
        if (v.length() != null) m.append("        ").append(name).append("Len = ").append(v.length()).append(";\n");
        m.append("        return ").append(v.value()).append(";\n    }\n");
        code.member(m.toString());
        code.setIndent(indent);
        String value = code.fresh(name + "Value");
        code.line(javaType + " " + value + " = " + name + "(row);");
        String isNull = code.fresh(name + "IsNull");
        code.line("boolean " + isNull + " = " + name + "Null;");
        String length = null;
        if (v.length() != null) {
            length = code.fresh(name + "Length");
            code.line("int " + length + " = " + name + "Len;");
        }
        return new ValueCode(isNull, value, length, e.type());
    }

    static int size(Expr e) {
        int[] n = {0};
        e.forEach(x -> n[0]++);
        return n[0];
    }

    private ValueCode compileHere(Expr e) {
        return switch (e) {
            case ColumnRef r -> columns.read(r.index(), code);
            case Literal l -> literal(l);
            case Call c -> call(c);
        };
    }

    private ValueCode call(Call c) {
        return switch (c.op()) {
            case AND, OR -> logic.andOr(c);
            case NOT, IS_NULL, IS_NOT_NULL, IS_TRUE, IS_NOT_TRUE, IS_FALSE, IS_NOT_FALSE -> logic.unary(c);
            case CASE -> logic.caseWhen(c);
            case COALESCE -> logic.coalesce(c);
            case EQ, NE, LT, LE, GT, GE -> comparison.compare(c);
            case IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM -> comparison.distinct(c);
            case BETWEEN -> comparison.between(c);
            case IN -> comparison.in(c);
            case PLUS, MINUS, TIMES, DIVIDE, MOD, NEGATE, ABS -> arithmetic.arithmetic(c);
            case LIKE -> strings.like(c);
            case SUBSTRING, UPPER, LOWER, CHAR_LENGTH, CONCAT -> strings.function(c);
            case CAST -> cast.cast(compile(c.arg(0)), c.type(), what(c));
            case TRY_CAST -> cast.tryCast(compile(c.arg(0)), c.type(), what(c));
            case EXTRACT, PLUS_MONTHS, PLUS_MICROS, TIMESTAMP_DIFF, DATE_TRUNC, MAKE_DATE, CURRENT_DATE, CURRENT_TIMESTAMP, DATE_DIFF,
                 LAST_DAY, MONTHNAME, DAYNAME, EPOCH, MAKE_TIMESTAMP, STRFTIME, STRPTIME -> dateTime.function(c);
            case ROUND, TRUNC, CEIL, FLOOR, SIGN, POWER, SQRT, CBRT, EXP, LN, LOG10, LOG, SIN, COS, TAN, COT, ASIN, ACOS, ATAN, ATAN2,
                 DEGREES, RADIANS, GREATEST, LEAST -> math.function(c);
            case CONCAT_FUNCTION, CONCAT_WS, LTRIM, RTRIM, BTRIM, REPLACE, STRPOS, LPAD, RPAD, LEFT, RIGHT, REVERSE, REPEAT, STARTS_WITH, ENDS_WITH,
                 SPLIT_PART, REGEXP_MATCHES, REGEXP_REPLACE, REGEXP_EXTRACT, OCTET_LENGTH, ASCII, CHR, MD5, TRANSLATE -> text.function(c);
            case HASH -> hash(c);
            case SINGLE_ROW -> strict("single", c.args(), c.type(),
                    (ops, r) -> code.line(r.value() + " = " + RT + "Rows.single(" + ops.get(0).value() + ");"));
        };
    }

    /**
     * HASH: the values folded into one hash as the aggregation's group keys are ({@code rt.Hash}),
     * a NULL as {@link io.ascan.codegen.rt.Hash#NULL_VALUE}, so never NULL; a DOUBLE -0.0 as 0.0,
     * and integers and decimals by their value in their own representation.
     */
    private ValueCode hash(Call c) {
        ValueCode r = declare("hash", DataType.BIGINT, "false");
        String hash = RT + "Hash.";
        code.line(r.value() + " = " + hash + "SEED;");
        for (Expr arg : c.args()) {
            ValueCode v = compile(arg);
            String value = switch (v.type().kind()) {
                case VARCHAR -> hash + "ofBytes(" + v.value() + ", " + v.length() + ")";
                case DOUBLE -> hash + "ofDouble(" + v.value() + ")";
                case BOOLEAN -> "(" + v.value() + " ? 1L : 0L)";
                default -> "(long) " + v.value();
            };
            code.line(r.value() + " = " + hash + "combine(" + r.value() + ", " + v.isNull() + " ? " + hash + "NULL_VALUE : " + value + ");");
        }
        code.line(r.value() + " = " + hash + "finish(" + r.value() + ");");
        return r;
    }

    ValueCode literal(Literal l) {
        DataType t = l.type();
        if (l.isNull()) {
            return new ValueCode("true", defaultValue(t), t.kind() == TypeKind.VARCHAR ? "0" : null, t);
        }
        Object v = l.value();
        return switch (t.kind()) {
            case BOOLEAN, INTEGER, DATE -> ValueCode.of("false", v.toString(), t);
            case BIGINT, DECIMAL, TIMESTAMP -> ValueCode.of("false", v + "L", t);
            case DOUBLE -> ValueCode.of("false", doubleLiteral((Double) v), t);
            case VARCHAR -> {
                String k = utf8((String) v);
                yield new ValueCode("false", k + ".address", k + ".length", t);
            }
        };
    }

    /** A string constant in the unit's off-heap memory; returns the field name. */
    String utf8(String s) {
        return code.constant(Utf8.class.getName(), Utf8.unbound(s.getBytes(StandardCharsets.UTF_8)));
    }

    /** A String constant naming {@code e} for error messages. */
    String what(Expr e) {
        return code.constant("String", brief(e, columnNames));
    }

    /** {@code e} as text, a huge expression by its operator only: printing every node's subtree would be quadratic. */
    static String brief(Expr e, IntFunction<String> names) {
        int size = size(e);
        return size <= 64 ? e.format(names) : (e instanceof Call c ? c.op().symbol() : "") + " of an expression with " + size + " nodes";
    }

    /** Declares the result locals of a node: its NULL flag (initially {@code nullInit}), value and length. */
    ValueCode declare(String prefix, DataType type, String nullInit) {
        String n = code.fresh(prefix + "Null"), v = code.fresh(prefix);
        code.line("boolean " + n + " = " + nullInit + ";");
        code.line(ValueCode.javaType(type) + " " + v + " = " + defaultValue(type) + ";");
        String len = null;
        if (type.kind() == TypeKind.VARCHAR) {
            len = code.fresh(prefix + "Len");
            code.line("int " + len + " = 0;");
        }
        return new ValueCode(n, v, len, type);
    }

    /** Body of a strict operator: assigns the result's value (and length) from non-NULL operands. */
    @FunctionalInterface
    interface StrictBody {
        void emit(List<ValueCode> operands, ValueCode result);
    }

    /**
     * A strict operator: NULL if any operand is NULL. Operands are evaluated left to right, each
     * only when the ones before are not NULL.
     */
    ValueCode strict(String prefix, List<Expr> operands, DataType type, StrictBody body) {
        ValueCode r = declare(prefix, type, "true");
        List<ValueCode> values = new ArrayList<>();
        int opened = 0;
        for (Expr operand : operands) {
            ValueCode v = compile(operand);
            values.add(v);
            if (!v.isNull().equals("false")) {
                code.open("if (!" + v.isNull() + ")");
                opened++;
            }
        }
        code.line(r.isNull() + " = false;");
        body.emit(values, r);
        for (int i = 0; i < opened; i++) code.close();
        return r;
    }

    /** The same, over values already computed (operands that must not be compiled twice). */
    void assignWhenNotNull(List<ValueCode> values, ValueCode r, Runnable body) {
        String cond = nonNullCondition(values);
        if (cond.isEmpty()) {
            code.line(r.isNull() + " = false;");
            body.run();
            return;
        }
        code.open("if (" + cond + ")");
        code.line(r.isNull() + " = false;");
        body.run();
        code.close();
    }

    static String nonNullCondition(List<ValueCode> values) {
        List<String> parts = new ArrayList<>();
        for (ValueCode v : values) if (!v.isNull().equals("false")) parts.add("!" + v.isNull());
        return String.join(" && ", parts);
    }

    static String defaultValue(DataType t) {
        return switch (t.kind()) {
            case BOOLEAN -> "false";
            case INTEGER, DATE -> "0";
            case BIGINT, DECIMAL, TIMESTAMP, VARCHAR -> "0L";
            case DOUBLE -> "0.0";
        };
    }

    static String doubleLiteral(double d) {
        if (Double.isNaN(d)) return "Double.NaN";
        if (Double.isInfinite(d)) return d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
        return Double.toString(d) + "D";
    }

    static final String RT = "io.ascan.codegen.rt.";
}
