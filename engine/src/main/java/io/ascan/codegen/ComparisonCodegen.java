package io.ascan.codegen;

import io.ascan.codegen.rt.DictionaryFilter;
import io.ascan.codegen.rt.InLists;
import io.ascan.codegen.rt.Strings;
import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** Comparisons, IS [NOT] DISTINCT FROM, BETWEEN and IN. */
final class ComparisonCodegen {
    /** Up to this many IN literals are compared one by one; more go to a sorted array or a hash set. */
    static final int INLINE_IN_LIST = 8;

    private final ExprCodegen g;

    ComparisonCodegen(ExprCodegen g) {
        this.g = g;
    }

    ValueCode compare(Call c) {
        ValueCode dict = dictionaryComparison(c);
        return dict != null ? dict : compareValues(c);
    }

    private ValueCode compareValues(Call c) {
        Expr a = c.arg(0), b = c.arg(1);
        DataType t = operandType(a.type(), b.type());
        String what = g.what(c);
        ValueCode r = g.declare("cmp", DataType.BOOLEAN, "true");
        ValueCode x = g.cast.coerce(g.compile(a), t, what);
        int opened = openIfNotNull(x);
        ValueCode y = g.cast.coerce(g.compile(b), t, what);
        opened += openIfNotNull(y);
        g.code.line(r.isNull() + " = false;");
        g.code.line(r.value() + " = " + test(c.op(), x, y) + ";");
        closeN(opened);
        return r;
    }

    /** Both NULL: not distinct; one NULL: distinct; neither: by value. Never NULL. */
    ValueCode distinct(Call c) {
        DataType t = operandType(c.arg(0).type(), c.arg(1).type());
        String what = g.what(c);
        ValueCode x = g.cast.coerce(g.compile(c.arg(0)), t, what);
        ValueCode y = g.cast.coerce(g.compile(c.arg(1)), t, what);
        String r = g.code.fresh("distinct");
        g.code.line("boolean " + r + " = " + x.isNull() + " != " + y.isNull() + ";");
        g.code.open("if (!" + x.isNull() + " && !" + y.isNull() + ")");
        g.code.line(r + " = " + test(Operator.NE, x, y) + ";");
        g.code.close();
        boolean not = c.op() == Operator.IS_NOT_DISTINCT_FROM;
        return ValueCode.of("false", not ? "!" + r : r, DataType.BOOLEAN);
    }

    /** x BETWEEN lo AND hi = x >= lo AND x <= hi, three-valued; hi is not evaluated when x < lo. */
    ValueCode between(Call c) {
        ValueCode dict = dictionaryBetween(c);
        return dict != null ? dict : betweenValues(c);
    }

    private ValueCode betweenValues(Call c) {
        DataType t = operandType(c.arg(0).type(), c.arg(1).type(), c.arg(2).type());
        String what = g.what(c);
        ValueCode r = g.declare("between", DataType.BOOLEAN, "true");
        ValueCode x = g.cast.coerce(g.compile(c.arg(0)), t, what);
        int opened = openIfNotNull(x);
        String decided = g.code.decided("between");
        ValueCode lo = g.cast.coerce(g.compile(c.arg(1)), t, what);
        g.code.open("if (" + notNull(lo) + "!(" + test(Operator.GE, x, lo) + "))");
        g.code.line(r.isNull() + " = false;");
        g.code.line(decided + " = true;");
        g.code.close();
        g.code.open("if (!" + decided + ")");
        ValueCode hi = g.cast.coerce(g.compile(c.arg(2)), t, what);
        g.code.open("if (" + notNull(hi) + "!(" + test(Operator.LE, x, hi) + "))");
        g.code.line(r.isNull() + " = false;");
        g.code.line(decided + " = true;");
        g.code.close();
        g.code.open("if (!" + decided + ")");
        g.code.line(r.isNull() + " = " + orNull(lo.isNull(), hi.isNull()) + ";");
        g.code.line(r.value() + " = true;");
        g.code.close();
        g.code.close();
        closeN(opened);
        return r;
    }

    /** x IN (literals): TRUE on a match; otherwise NULL if the list holds a NULL, else FALSE. */
    ValueCode in(Call c) {
        List<Literal> literals = new ArrayList<>();
        boolean listHasNull = false;
        List<DataType> types = new ArrayList<>(List.of(c.arg(0).type()));
        for (Expr e : c.args().subList(1, c.args().size())) {
            if (!(e instanceof Literal l)) throw new IllegalArgumentException("IN takes literals after the value: " + c);
            if (l.isNull()) listHasNull = true;
            else literals.add(l);
            types.add(l.type());
        }
        DataType t = operandType(types.toArray(DataType[]::new));
        if (t == null) { // exact numerics with a DECIMAL: one scale for all, the largest
            int scale = 0;
            for (DataType d : types) scale = Math.max(scale, TypeRules.scale(d));
            t = DataType.decimal(DataType.MAX_DECIMAL_PRECISION, scale);
        }
        List<Object> keys = new ArrayList<>();
        for (Literal l : literals) {
            try {
                keys.add(Literals.convert(l, t).value());
            } catch (ArithmeticException e) {
                // 1.5 in an INTEGER list, 0.125 against DECIMAL(9,2): no value of the type equals it
            }
        }
        DataType type = t;
        boolean hasNull = listHasNull;
        ValueCode dict = dictionaryIn(c, t, keys, listHasNull, () -> inValues(c, type, keys, hasNull));
        return dict != null ? dict : inValues(c, t, keys, listHasNull);
    }

    private ValueCode inValues(Call c, DataType t, List<Object> keys, boolean listHasNull) {
        String what = g.what(c);
        ValueCode r = g.declare("in", DataType.BOOLEAN, "true");
        ValueCode x = g.cast.coerce(g.compile(c.arg(0)), t, what);
        int opened = openIfNotNull(x);
        String found = membership(x, t, keys);
        g.code.line(r.value() + " = " + found + ";");
        g.code.line(r.isNull() + " = " + (listHasNull ? "!" + r.value() : "false") + ";");
        closeN(opened);
        return r;
    }

    private String membership(ValueCode x, DataType t, List<Object> keys) {
        if (keys.isEmpty()) return "false";
        if (keys.size() <= INLINE_IN_LIST || t.kind() == TypeKind.BOOLEAN) {
            List<String> terms = new ArrayList<>();
            for (Object k : keys) terms.add(test(Operator.EQ, x, g.literal(new Literal(k, t))));
            return String.join(" || ", terms);
        }
        String rt = ExprCodegen.RT + "InLists";
        return switch (t.kind()) {
            case INTEGER, DATE -> rt + ".contains(" + g.code.constant("int[]",
                    keys.stream().mapToInt(k -> (Integer) k).sorted().toArray()) + ", " + x.value() + ")";
            case BIGINT, DECIMAL, TIMESTAMP -> rt + ".contains(" + g.code.constant("long[]",
                    keys.stream().mapToLong(k -> (Long) k).sorted().toArray()) + ", " + x.value() + ")";
            case DOUBLE -> doubleMembership(x, keys);
            case VARCHAR -> g.code.constant(InLists.StringSet.class.getCanonicalName(), stringSet(keys))
                    + ".contains(" + x.value() + ", " + x.length() + ")";
            case BOOLEAN -> throw new IllegalStateException();
        };
    }

    private String doubleMembership(ValueCode x, List<Object> keys) {
        // binary search needs a total order without NaN and -0.0 surprises: keep those inline
        double[] sorted = keys.stream().mapToDouble(k -> (Double) k).filter(d -> !Double.isNaN(d) && d != 0).sorted().toArray();
        List<String> terms = new ArrayList<>();
        terms.add(ExprCodegen.RT + "InLists.contains(" + g.code.constant("double[]", sorted) + ", " + x.value() + ")");
        for (Object k : keys) {
            double d = (Double) k;
            if (Double.isNaN(d) || d == 0) terms.add(test(Operator.EQ, x, g.literal(Literal.of(d))));
        }
        return String.join(" || ", terms);
    }

    private static InLists.StringSet stringSet(List<Object> keys) {
        List<byte[]> bytes = new ArrayList<>();
        for (Object k : keys) bytes.add(((String) k).getBytes(StandardCharsets.UTF_8));
        return new InLists.StringSet(bytes);
    }

    // ---- dictionary-encoded columns: the predicate becomes a per-dictionary table lookup

    private ValueCode dictionaryComparison(Call c) {
        if (!(c.arg(0) instanceof ColumnRef col) || !(c.arg(1) instanceof Literal lit) || lit.isNull()
                || col.type().kind() != TypeKind.VARCHAR || lit.type().kind() != TypeKind.VARCHAR) {
            return null;
        }
        byte[] key = ((String) lit.value()).getBytes(StandardCharsets.UTF_8);
        Operator op = c.op();
        return dictionaryPredicate(col, (a, la) -> holds(op, Strings.compareHeap(a, la, key)), false, c, () -> compareValues(c));
    }

    private ValueCode dictionaryBetween(Call c) {
        if (!(c.arg(0) instanceof ColumnRef col) || col.type().kind() != TypeKind.VARCHAR
                || !(c.arg(1) instanceof Literal lo) || lo.isNull() || lo.type().kind() != TypeKind.VARCHAR
                || !(c.arg(2) instanceof Literal hi) || hi.isNull() || hi.type().kind() != TypeKind.VARCHAR) {
            return null;
        }
        byte[] low = ((String) lo.value()).getBytes(StandardCharsets.UTF_8);
        byte[] high = ((String) hi.value()).getBytes(StandardCharsets.UTF_8);
        return dictionaryPredicate(col, (a, la) -> Strings.compareHeap(a, la, low) >= 0 && Strings.compareHeap(a, la, high) <= 0,
                false, c, () -> betweenValues(c));
    }

    private ValueCode dictionaryIn(Call c, DataType t, List<Object> keys, boolean listHasNull, Supplier<ValueCode> byValue) {
        if (!(c.arg(0) instanceof ColumnRef col) || col.type().kind() != TypeKind.VARCHAR || t.kind() != TypeKind.VARCHAR) {
            return null;
        }
        InLists.StringSet set = stringSet(keys);
        return dictionaryPredicate(col, set::contains, listHasNull, c, byValue);
    }

    /**
     * When the column can be dictionary-encoded here: the predicate's table over the batch's
     * dictionary is built once per batch and looked up by the tuple's code; batches where the
     * column arrives plain take {@code byValue}. Null otherwise (the caller compiles by value).
     */
    ValueCode dictionaryPredicate(ColumnRef col, DictionaryFilter.Test test, boolean unknownWhenFalse, Call c,
                                  Supplier<ValueCode> byValue) {
        if (!(g.columns instanceof DictionaryColumnAccess access)) return null;
        DictionaryColumnAccess.DictionaryCode d = access.dictionary(col.index(), g.code);
        if (d == null) return null;
        String filter = g.code.constant(DictionaryFilter.class.getName(), new DictionaryFilter(test));
        boolean always = d.encoded().equals("true");
        String table = access.perBatch("boolean[]", (always ? "" : d.encoded() + " ? ") + filter + ".table(" + d.offsets() + ", "
                + d.data() + ", " + d.size() + ")" + (always ? "" : " : null"));
        ValueCode r = g.declare("dict", DataType.BOOLEAN, "true");
        g.code.line("// " + c.format(g.columnNames) + ": on dictionary codes");
        if (!always) g.code.open("if (" + d.encoded() + ")");
        g.code.line(r.isNull() + " = " + d.isNull() + ";");
        g.code.open("if (!" + r.isNull() + ")");
        g.code.line(r.value() + " = " + table + "[" + d.code() + "];");
        if (unknownWhenFalse) g.code.line(r.isNull() + " = !" + r.value() + ";");
        g.code.close();
        if (!always) {
            g.code.close();
            g.code.open("else");
            ValueCode v = byValue.get();
            g.code.line(r.isNull() + " = " + v.isNull() + ";");
            g.code.line(r.value() + " = " + v.value() + ";");
            g.code.close();
        }
        return r;
    }

    static boolean holds(Operator op, int cmp) {
        return switch (op) {
            case EQ -> cmp == 0;
            case NE -> cmp != 0;
            case LT -> cmp < 0;
            case LE -> cmp <= 0;
            case GT -> cmp > 0;
            case GE -> cmp >= 0;
            default -> throw new IllegalStateException(op.name());
        };
    }

    // ---- helpers

    /**
     * The type to compare operands in, or null when all are exact numerics and one is a DECIMAL:
     * those compare by scale (Decimals.compare) without a conversion that could overflow.
     */
    static DataType operandType(DataType... types) {
        boolean allExact = true, anyDecimal = false;
        for (DataType t : types) {
            allExact &= TypeRules.isExact(t.kind());
            anyDecimal |= t.kind() == TypeKind.DECIMAL;
        }
        if (allExact && anyDecimal) return null;
        DataType t = types[0];
        for (int i = 1; i < types.length; i++) t = TypeRules.common(t, types[i]);
        return t;
    }

    /** A Java boolean expression for {@code x op y}, both not NULL. */
    String test(Operator op, ValueCode x, ValueCode y) {
        String sym = switch (op) {
            case EQ -> "==";
            case NE -> "!=";
            case LT -> "<";
            case LE -> "<=";
            case GT -> ">";
            case GE -> ">=";
            default -> throw new IllegalStateException(op.name());
        };
        TypeKind k = x.type().kind();
        String rt = ExprCodegen.RT;
        if (k == TypeKind.DECIMAL || y.type().kind() == TypeKind.DECIMAL) {
            int sx = TypeRules.scale(x.type()), sy = TypeRules.scale(y.type());
            if (sx == sy) return x.value() + " " + sym + " " + y.value();
            return rt + "Decimals.compare(" + x.value() + ", " + sx + ", " + y.value() + ", " + sy + ") " + sym + " 0";
        }
        return switch (k) {
            case BOOLEAN -> op == Operator.EQ || op == Operator.NE ? x.value() + " " + sym + " " + y.value()
                    : "(" + x.value() + " ? 1 : 0) " + sym + " (" + y.value() + " ? 1 : 0)";
            case INTEGER, BIGINT, DATE, TIMESTAMP -> x.value() + " " + sym + " " + y.value();
            // SQL orders NaN above every number and equal to itself, and -0.0 = 0.0
            case DOUBLE -> rt + "Compare.doubles(" + x.value() + ", " + y.value() + ") " + sym + " 0";
            case VARCHAR -> op == Operator.EQ || op == Operator.NE
                    ? (op == Operator.NE ? "!" : "") + rt + "Strings.equals(" + x.value() + ", " + x.length() + ", " + y.value() + ", " + y.length() + ")"
                    : rt + "Strings.compare(" + x.value() + ", " + x.length() + ", " + y.value() + ", " + y.length() + ") " + sym + " 0";
            case DECIMAL -> throw new IllegalStateException();
        };
    }

    private int openIfNotNull(ValueCode v) {
        if (v.isNull().equals("false")) return 0;
        g.code.open("if (!" + v.isNull() + ")");
        return 1;
    }

    private void closeN(int n) {
        for (int i = 0; i < n; i++) g.code.close();
    }

    private static String notNull(ValueCode v) {
        return v.isNull().equals("false") ? "" : "!" + v.isNull() + " && ";
    }

    private static String orNull(String a, String b) {
        if (a.equals("false")) return b;
        if (b.equals("false")) return a;
        return a + " || " + b;
    }

    static final class Literals {
        private Literals() {}

        /** A non-NULL literal in type {@code t} (IN lists compare in one type; converted once, here). */
        static Literal convert(Literal l, DataType t) {
            if (t == null || l.type().equals(t)) return l;
            Object v = l.value();
            BigDecimal n = switch (l.type().kind()) {
                case INTEGER -> BigDecimal.valueOf((Integer) v);
                case BIGINT -> BigDecimal.valueOf((Long) v);
                case DECIMAL -> BigDecimal.valueOf((Long) v, l.type().scale());
                case DOUBLE -> BigDecimal.valueOf((Double) v);
                default -> null;
            };
            if (n != null) {
                return switch (t.kind()) {
                    case INTEGER -> new Literal(n.intValueExact(), t);
                    case BIGINT -> new Literal(n.longValueExact(), t);
                    case DOUBLE -> new Literal(n.doubleValue(), t);
                    case DECIMAL -> new Literal(n.setScale(t.scale(), java.math.RoundingMode.UNNECESSARY).unscaledValue().longValueExact(), t);
                    default -> throw new IllegalArgumentException("cannot compare " + l + " with " + t);
                };
            }
            if (l.type().kind() == TypeKind.DATE && t.kind() == TypeKind.TIMESTAMP) {
                return new Literal((Integer) v * 86_400_000_000L, t);
            }
            throw new IllegalArgumentException("cannot compare " + l + " with a " + t);
        }
    }

}
