package io.ascan.codegen;

import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Evaluates a scan predicate P a batch at a time into a selection vector, as X100 and DuckDB do:
 * P's conjuncts (the operands of its AND tree) that are simple become tight loops, the first over
 * every tuple of the batch, each next one over the tuples the ones before kept, all writing
 * {@code sel[n] = row; n += test;} so that no branch depends on the data and mid selectivities
 * cost no mispredictions. Simple conjuncts are those of {@link SimpleConjunct} (those on one
 * column share one loop, and their comparisons with constants one {@link Range} test) and
 * comparisons, BETWEEN, IN and LIKE of a possibly dictionary-encoded VARCHAR with literals, which look the tuple's code up in a per-batch table. The other
 * conjuncts are the {@link #restPredicate rest}: the caller evaluates them per selected tuple with the full
 * three-valued code. A tuple passes P only if every conjunct is TRUE, so the split is exact;
 * the rest no longer runs for tuples a simple conjunct rejected, which only spares work (and
 * errors SQL does not order anyway).
 *
 * <p>The steps read columns through a {@link VectorColumnAccess}, which charges what the loops
 * read where reads are counted (the STAGING variant marks the lines it touches).
 */
public final class SelectionCodegen {
    /** One loop of the selection: a test per tuple. */
    public interface Step {
        /** What the step tests, for a comment in the generated code. */
        String describe();

        /**
         * Fields holding validity bitmaps the test needs the tuple's bit set in; when some are
         * non-zero the loop is emitted a second time, with the bits ANDed in.
         */
        List<String> validity();

        /**
         * Emits the statements testing the tuple at {@code row} (a local of the loop) and returns the
         * test as a Java int expression, 1 to keep the tuple, 0 to drop it.
         *
         * @param nulls whether the loop runs where some of {@link #validity} may hold NULLs
         */
        String emit(CodeBuilder code, boolean nulls);
    }

    private final List<Step> steps;
    private final List<Expr> rest;

    private SelectionCodegen(List<Step> steps, List<Expr> rest) {
        this.steps = List.copyOf(steps);
        this.rest = List.copyOf(rest);
    }

    /**
     * Splits {@code p} (null: none) into its conjuncts: the simple ones become {@link #steps}, the
     * others the {@link #restPredicate}.
     *
     * @param columns P's columns (table indexes)
     * @param names   column names for error messages of the general code
     */
    public static SelectionCodegen of(Expr p, VectorColumnAccess columns, IntFunction<String> names) {
        // Cheapest first, as written within a kind: one column against constants (often the most
        // selective: ranges, equalities), then dictionary lookups, then comparisons of two columns.
        List<Step> constants = new ArrayList<>(), codes = new ArrayList<>(), pairs = new ArrayList<>();
        List<Expr> rest = new ArrayList<>();
        Map<String, List<SimpleConjunct>> byColumns = new HashMap<>(); // the conjuncts of each Simple step
        for (Expr e : conjuncts(p)) {
            SimpleConjunct s = SimpleConjunct.of(e);
            if (s != null) {
                List<SimpleConjunct> group = byColumns.get(Arrays.toString(s.columns()));
                if (group == null) {
                    group = new ArrayList<>();
                    byColumns.put(Arrays.toString(s.columns()), group);
                    (s.columns().length == 1 ? constants : pairs).add(new Simple(group, columns, names));
                }
                group.add(s);
            } else if (onCodes(e, columns)) {
                codes.add(general(e, e.format(names) + ": on dictionary codes where encoded", columns, names));
            } else {
                rest.add(e);
            }
        }
        List<Step> steps = new ArrayList<>(constants);
        steps.addAll(codes);
        steps.addAll(pairs);
        return new SelectionCodegen(steps, rest);
    }

    /** The loops, in order; empty when no conjunct is simple. */
    public List<Step> steps() {
        return steps;
    }

    /** The AND of the conjuncts the loops do not evaluate (in the order written), or null when there are none. */
    public Expr restPredicate() {
        if (rest.isEmpty()) return null;
        return rest.size() == 1 ? rest.getFirst() : new Call(Operator.AND, rest, DataType.BOOLEAN);
    }

    /** The operands of p's AND tree, nested ANDs flattened, in the order written; empty for null. */
    public static List<Expr> conjuncts(Expr p) {
        List<Expr> out = new ArrayList<>();
        if (p != null) flatten(p, out);
        return out;
    }

    private static void flatten(Expr e, List<Expr> out) {
        if (e instanceof Call c && c.op() == Operator.AND) {
            for (Expr a : c.args()) flatten(a, out);
        } else {
            out.add(e);
        }
    }

    /** A string comparison with literals that runs on dictionary codes where the column is encoded. */
    private static boolean onCodes(Expr e, VectorColumnAccess columns) {
        if (!(e instanceof Call c) || !(c.arg(0) instanceof ColumnRef col) || col.type().kind() != TypeKind.VARCHAR
                || !columns.mayBeDictionary(col.index())) {
            return false;
        }
        List<Expr> operands = c.args().subList(1, c.args().size());
        return switch (c.op()) {
            case EQ, NE, LT, LE, GT, GE, BETWEEN, LIKE -> operands.stream().allMatch(a -> stringLiteral(a, false));
            case IN -> operands.stream().allMatch(a -> stringLiteral(a, true));
            default -> false;
        };
    }

    private static boolean stringLiteral(Expr e, boolean nullAllowed) {
        return e instanceof Literal l && l.type().kind() == TypeKind.VARCHAR && (nullAllowed || !l.isNull());
    }

    /** A step testing {@code e} per tuple with the general expression code: the tuple is kept when e is TRUE. */
    public static Step general(Expr e, DictionaryColumnAccess columns, IntFunction<String> names) {
        return general(e, e.format(names), columns, names);
    }

    private static Step general(Expr e, String describe, DictionaryColumnAccess columns, IntFunction<String> names) {
        return step(describe, code -> {
            ValueCode v = new ExprCodegen(code, columns, names).splitAbove(ExprCompiler.SPLIT_NODES).compile(e);
            return "(" + isTrue(v) + " ? 1 : 0)";
        });
    }

    /** A step whose test {@code emit} emits (no validity of its own). */
    public static Step step(String describe, Function<CodeBuilder, String> emit) {
        return new Step() {
            @Override
            public String describe() {
                return describe;
            }

            @Override
            public List<String> validity() {
                return List.of();
            }

            @Override
            public String emit(CodeBuilder code, boolean nulls) {
                return emit.apply(code);
            }
        };
    }

    /** The Java condition "p is TRUE". */
    public static String isTrue(ValueCode p) {
        return p.isNull().equals("false") ? p.value() : "!" + p.isNull() + " && " + p.value();
    }

    /**
     * Emits {@code int count = 0;} and the loops of {@code steps} over rows {@code [from, to)}, which
     * leave the selected rows in {@code sel[0, count)}, in order. {@code sel} must hold {@code to -
     * from} ints; with no steps, every row is selected.
     */
    public static void emit(CodeBuilder code, List<Step> steps, String sel, String count, String from, String to) {
        code.line("int " + count + " = 0;");
        if (steps.isEmpty()) code.line("for (int row = " + from + "; row < " + to + "; row++) " + sel + "[" + count + "++] = row;");
        boolean first = true;
        for (Step s : steps) {
            step(code, s, first, sel, count, from, to);
            first = false;
        }
    }

    /**
     * Emits the loops of {@code steps} over the rows already selected in {@code sel[0, count)},
     * which keep those that pass, in order ({@code count} is updated).
     */
    public static void refine(CodeBuilder code, List<Step> steps, String sel, String count) {
        for (Step s : steps) step(code, s, false, sel, count, null, null);
    }

    /** One step's loop, in a loop without NULL checks where none of its columns has NULLs. */
    private static void step(CodeBuilder code, Step s, boolean first, String sel, String count, String from, String to) {
        code.line("// " + s.describe().replace('\n', ' '));
        List<String> validity = s.validity();
        if (validity.isEmpty()) {
            loop(code, s, false, first, sel, count, from, to);
            return;
        }
        code.open("if ((" + String.join(" | ", validity) + ") == 0L)");
        loop(code, s, false, first, sel, count, from, to);
        code.close();
        code.open("else");
        loop(code, s, true, first, sel, count, from, to);
        code.close();
    }

    private static void loop(CodeBuilder code, Step s, boolean nulls, boolean first, String sel, String count, String from, String to) {
        if (first) {
            code.open("for (int row = " + from + "; row < " + to + "; row++)");
            String test = s.emit(code, nulls);
            code.line(sel + "[" + count + "] = row;");
            code.line(count + " += " + test + ";");
            code.close();
            return;
        }
        String kept = code.fresh("kept"), at = code.fresh("at");
        code.line("int " + kept + " = 0;");
        code.open("for (int " + at + " = 0; " + at + " < " + count + "; " + at + "++)");
        code.line("int row = " + sel + "[" + at + "];");
        String test = s.emit(code, nulls);
        code.line(sel + "[" + kept + "] = row;");
        code.line(kept + " += " + test + ";");
        code.close();
        code.line(count + " = " + kept + ";");
    }

    /** The simple conjuncts on one set of columns: one loop reading each column once, their tests ANDed without branches. */
    private record Simple(List<SimpleConjunct> conjuncts, VectorColumnAccess columns, IntFunction<String> names) implements Step {
        @Override
        public String describe() {
            List<String> parts = new ArrayList<>();
            for (SimpleConjunct s : conjuncts) parts.add(s.source().format(names));
            return String.join(" AND ", parts) + ": branch-free";
        }

        @Override
        public List<String> validity() {
            List<String> v = new ArrayList<>();
            for (int c : conjuncts.getFirst().columns()) v.add(columns.validity(c));
            return v;
        }

        @Override
        public String emit(CodeBuilder code, boolean nulls) {
            SimpleConjunct first = conjuncts.getFirst();
            int[] cols = first.columns();
            boolean values = conjuncts.stream().anyMatch(SimpleConjunct::values);
            List<String> locals = new ArrayList<>();
            for (int i = 0; i < cols.length; i++) {
                if (!values) {
                    columns.touchValidity(cols[i], code);
                    locals.add(null);
                    continue;
                }
                String v = code.fresh("v" + cols[i] + "_");
                code.line(ValueCode.javaType(first.types()[i]) + " " + v + " = " + columns.value(cols[i], code) + ";");
                locals.add(v);
            }
            List<String> terms = new ArrayList<>();
            if (nulls) {
                String valid = ExprCodegen.RT + (cols.length == 1 ? "Branchless.valid(" : "Branchless.validOrAll(");
                for (int c : cols) terms.add(valid + columns.validity(c) + ", row)");
            }
            Range range = null; // the comparisons with constants, as one range test
            for (SimpleConjunct s : conjuncts) {
                if (s.range() != null) {
                    range = range == null ? s.range() : range.and(s.range());
                    continue;
                }
                String t = s.test().apply(locals);
                if (!t.equals("1")) terms.add(t);
            }
            if (range != null) {
                String t = range.test(locals.getFirst());
                if (!t.equals("1")) terms.add(t);
            }
            if (terms.isEmpty()) return "1";
            return terms.size() == 1 ? terms.getFirst() : "(" + String.join(" & ", terms) + ")";
        }
    }
}
