package io.ascan.codegen;

import static io.ascan.codegen.ExprDuckDbOracleTest.*;
import static io.ascan.expr.Operator.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.codegen.rt.Hash;
import io.ascan.codegen.rt.StringScratch;
import io.ascan.exec.store.BloomFilter;
import io.ascan.exec.store.KeyBitmap;
import io.ascan.exec.store.KeyRange;
import io.ascan.exec.store.RowLayout;
import io.ascan.exec.store.TupleStore;
import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The pushdown filter kernel, whose simple conjuncts run batch at a time into the selection
 * vector, selects exactly the rows where the per-tuple expression code (checked against DuckDB by
 * {@link ExprDuckDbOracleTest}) says P is TRUE: hand-written conjunctions at the edges (inexact
 * DECIMAL bounds, integer constants beyond INTEGER, NaN and -0.0, overflow of a long subtraction,
 * NULL in IN lists, dictionary codes, NOT and OR that stay per tuple) and random conjunctions of
 * simple and complex conjuncts, over rows with NULLs and over the same rows without any (so both
 * copies of each loop run).
 */
class SelectionKernelTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final Object[] EDGE_DOUBLES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, -Double.MAX_VALUE, 1.5, -2.25, 3.0, 0.1, null};

    /** The oracle test's rows, with NaN, signed zeros and infinities among the doubles. */
    static List<Object[]> rows(boolean nulls) {
        List<Object[]> rows = new ArrayList<>();
        Random rnd = new Random(11);
        for (Object[] r : ExprDuckDbOracleTest.rows()) {
            Object[] copy = r.clone();
            if (rnd.nextInt(3) == 0) copy[3] = EDGE_DOUBLES[rnd.nextInt(EDGE_DOUBLES.length)];
            rows.add(copy);
        }
        for (int k = 0; k < EDGE_DOUBLES.length; k++) {
            Object[] copy = rows.get(k).clone();
            copy[3] = EDGE_DOUBLES[k];
            rows.add(copy);
        }
        if (nulls) return rows;
        // Without NULLs: each NULL replaced by the value of the next row that has one.
        Object[] fill = new Object[INPUTS.size()];
        for (Object[] r : rows) for (int c = 0; c < fill.length; c++) if (fill[c] == null && r[c] != null) fill[c] = r[c];
        for (Object[] r : rows) for (int c = 0; c < fill.length; c++) if (r[c] == null) r[c] = fill[c];
        return rows;
    }

    static Expr and(Expr... conjuncts) {
        return Call.predicate(AND, conjuncts);
    }

    static Expr cmp(Operator op, Expr a, Expr b) {
        return Call.predicate(op, a, b);
    }

    static Literal dec(String v) {
        return Literal.of(new BigDecimal(v));
    }

    static List<Expr> handWritten() {
        List<Expr> p = new ArrayList<>();
        // DECIMAL: bounds of another scale, rounded to the side that keeps the comparison exact
        p.add(Call.predicate(BETWEEN, M, dec("-1.255"), dec("42.495")));
        for (Operator op : List.of(EQ, NE, LT, LE, GT, GE)) {
            p.add(cmp(op, M, dec("1.250")));
            p.add(cmp(op, M, dec("1.245")));
            p.add(cmp(op, M, Literal.of(42)));
            p.add(cmp(op, I, dec("41.5")));
            p.add(cmp(op, I, Literal.of(3_000_000_000L)));
            p.add(cmp(op, I, Literal.of(-3_000_000_000L)));
            p.add(cmp(op, L, Literal.of(Long.MIN_VALUE)));
            p.add(cmp(op, L, Literal.of(Long.MAX_VALUE)));
            p.add(cmp(op, L, Literal.of(-3L)));
            p.add(cmp(op, Literal.of(1), I)); // the literal on the left
            p.add(cmp(op, D, Literal.of(Double.NaN)));
            p.add(cmp(op, D, Literal.of(-0.0)));
            p.add(cmp(op, D, Literal.of(3)));
            p.add(cmp(op, D, dec("0.1")));
            p.add(cmp(op, D, Literal.of(Double.NEGATIVE_INFINITY)));
            p.add(cmp(op, I, J));
            p.add(cmp(op, L, I));
            p.add(cmp(op, DT, Literal.of(LocalDate.of(1992, 12, 31))));
            p.add(cmp(op, TS, Literal.of(LocalDateTime.of(2020, 2, 29, 12, 34, 56, 789_000_000))));
            p.add(cmp(op, SD, Literal.of("ASIA")));
        }
        // a long subtraction that overflows: every L against the extremes
        p.add(and(cmp(GT, L, Literal.of(Long.MIN_VALUE + 1)), cmp(LT, L, Literal.of(Long.MAX_VALUE - 1))));
        p.add(Call.predicate(IN, I, Literal.of(0), Literal.of(42), Literal.ofNull(DataType.INTEGER), Literal.of(Integer.MIN_VALUE)));
        p.add(Call.predicate(IN, M, dec("1.25"), Literal.of(42), dec("0.050"), dec("0.125")));
        p.add(Call.predicate(IN, D, Literal.of(Double.NaN), Literal.of(0.0), Literal.of(1.5)));
        p.add(Call.predicate(IN, SD, Literal.of("ASIA"), Literal.of("é"), Literal.ofNull(DataType.VARCHAR)));
        p.add(Call.predicate(BETWEEN, SD, Literal.of("AMERICA"), Literal.of("EUROPE")));
        p.add(Call.predicate(LIKE, SD, Literal.of("A%")));
        p.add(Call.predicate(IS_NOT_NULL, S));
        // nested ANDs, several conjuncts on one column, simple and complex mixed
        p.add(and(and(cmp(GE, DT, Literal.of(LocalDate.of(1970, 1, 1))), cmp(LT, DT, Literal.of(LocalDate.of(2021, 1, 1)))),
                Call.predicate(BETWEEN, J, Literal.of(-1), Literal.of(3)), cmp(GT, M, dec("0.00"))));
        p.add(and(cmp(GT, J, Literal.of(0)), Call.predicate(LIKE, S, Literal.of("%l%")), Call.predicate(IS_NOT_NULL, D)));
        p.add(and(Call.predicate(OR, cmp(LT, I, Literal.of(0)), B), cmp(NE, J, Literal.of(2))));
        p.add(and(Call.predicate(NOT, cmp(LT, I, Literal.of(42))), Call.predicate(IS_NOT_NULL, M)));
        p.add(and(cmp(EQ, Call.of(MOD, DataType.INTEGER, I, J), Literal.of(0)), cmp(GE, J, Literal.of(1))));
        // comparisons with constants on one column, as one range test: empty, full, clamped to int, half the longs and more
        p.add(and(cmp(GE, L, Literal.of(-5L)), cmp(LE, L, Literal.of(7L)), cmp(GT, L, Literal.of(-3L))));
        p.add(and(cmp(GT, I, Literal.of(5)), cmp(LT, I, Literal.of(3))));
        p.add(Call.predicate(BETWEEN, I, Literal.of(-3_000_000_000L), Literal.of(3_000_000_000L)));
        p.add(and(cmp(GE, I, Literal.of(Integer.MIN_VALUE)), cmp(LE, I, Literal.of(Integer.MAX_VALUE - 1))));
        p.add(and(cmp(GT, I, Literal.of(Integer.MIN_VALUE)), cmp(LT, I, Literal.of(Integer.MAX_VALUE))));
        p.add(and(cmp(GE, L, Literal.of(0L)), cmp(LE, L, Literal.of(Long.MAX_VALUE - 1))));
        p.add(and(cmp(GE, L, Literal.of(-1L)), cmp(LE, L, Literal.of(Long.MAX_VALUE - 1))));
        p.add(Call.predicate(BETWEEN, L, Literal.of(Long.MIN_VALUE), Literal.of(Long.MAX_VALUE)));
        p.add(and(cmp(GE, M, dec("1.245")), cmp(LT, M, Literal.of(42)), cmp(NE, M, dec("3.00"))));
        p.add(and(cmp(GE, I, Literal.of(0)), Call.predicate(IN, I, Literal.of(1), Literal.of(42), Literal.of(50)), cmp(LT, I, Literal.of(100))));
        p.add(and(cmp(GT, TS, Literal.of(LocalDateTime.of(1990, 1, 1, 0, 0))), cmp(LE, TS, Literal.of(LocalDateTime.of(2020, 2, 29, 12, 34, 56, 789_000_000)))));
        p.add(and(Call.predicate(BETWEEN, DT, Literal.of(LocalDate.of(1970, 1, 1)), Literal.of(LocalDate.of(2021, 1, 1))),
                cmp(LT, DT, Literal.of(LocalDate.of(1995, 6, 17)))));
        // none and all pass
        p.add(and(cmp(LT, J, Literal.of(-100)), cmp(GT, I, Literal.of(0))));
        p.add(Call.predicate(IS_NOT_NULL, J));
        return p;
    }

    @Test
    void handWrittenConjunctionsSelectWhereTheyAreTrue() {
        int vectorised = check(handWritten());
        assertTrue(vectorised >= handWritten().size() - 3, "most hand-written predicates have loops: " + vectorised);
    }

    @Test
    void randomConjunctionsSelectWhereTheyAreTrue() {
        Random rnd = new Random(20250611);
        ExprGenerator gen = new ExprGenerator(rnd);
        List<Expr> p = new ArrayList<>();
        for (int k = 0; k < 300; k++) {
            List<Expr> conjuncts = new ArrayList<>();
            int n = 1 + rnd.nextInt(4);
            for (int i = 0; i < n; i++) conjuncts.add(conjunct(rnd, gen));
            p.add(n == 1 ? conjuncts.getFirst() : new Call(AND, conjuncts, DataType.BOOLEAN));
        }
        int vectorised = check(p);
        assertTrue(vectorised > p.size() / 2, "most random predicates have loops: " + vectorised);
    }

    @Test
    void runtimeFiltersRefineTheSelectionOfP() {
        List<Object[]> rows = rows(true);
        Expr p = cmp(GT, I, Literal.of(0));
        try (ExprFixture fx = new ExprFixture(memory.allocator(), INPUTS, rows);
             BloomFilter bloom = new BloomFilter(16, memory.allocator());
             StringScratch scratch = new StringScratch(memory.allocator())) {
            // R admits the rows whose j hashes like 1 or 3 (false positives are possible: compared with the filter itself)
            for (long k : new long[] {1, 3}) bloom.add(Hash.finish(Hash.combine(Hash.SEED, k)));
            FilterKernelCompiler.Compiled compiled = FilterKernelCompiler.compile(p, identity(), INPUTS,
                    FilterKernelCompiler.RuntimeFilterKeys.hashed(List.of(new int[] {9})), this::name);
            int[] selection = new int[rows.size()];
            int n;
            try (FilterKernelCompiler.Kernel kernel = compiled.instantiate(memory.allocator())) {
                n = kernel.select(fx.batch, rows.size(), selection, scratch, new BloomFilter[] {bloom});
            }
            List<Integer> expected = new ArrayList<>();
            for (int r = 0; r < rows.size(); r++) {
                Object i = rows.get(r)[1], j = rows.get(r)[9];
                long key = j == null ? Hash.NULL_VALUE : (long) (Integer) j; // hashed as a join build hashes its keys
                if (i != null && (Integer) i > 0 && bloom.mightContain(Hash.finish(Hash.combine(Hash.SEED, key)))) expected.add(r);
            }
            assertEquals(expected, selected(selection, n), compiled.source());
            assertTrue(!expected.isEmpty() && expected.size() < rows.size());
        }
    }

    /** A join build's hash of a tuple's key values (NULL hashed as a value), as R tests it. */
    static long keyHash(Object... values) {
        long h = Hash.SEED;
        for (Object v : values) h = Hash.combine(h, v == null ? Hash.NULL_VALUE : ((Number) v).longValue());
        return Hash.finish(h);
    }

    @Test
    void runtimeFiltersSelectAcrossChunksWithAndWithoutP() {
        // R hashes a chunk of keys, then tests it: row counts below, at and past a chunk, several chunks,
        // R first (every row) and after P, and R before P, one key and two, with NULLs and without
        Random rnd = new Random(5);
        boolean rFirst = false;
        for (boolean nulls : new boolean[] {true, false}) {
            List<Object[]> base = rows(nulls);
            List<Object[]> rows = new ArrayList<>();
            for (int r = 0; r < 2 * FilterKernelCompiler.CHUNK + 700; r++) rows.add(base.get(rnd.nextInt(base.size())));
            try (ExprFixture fx = new ExprFixture(memory.allocator(), INPUTS, rows);
                 BloomFilter onJ = new BloomFilter(4, memory.allocator());
                 BloomFilter onIL = new BloomFilter(64, memory.allocator());
                 StringScratch scratch = new StringScratch(memory.allocator())) {
                for (Object k : new Object[] {1, 3, null}) onJ.add(keyHash(k));
                for (Object[] r : base.subList(0, base.size() / 2)) onIL.add(keyHash(r[1], r[2]));
                BloomFilter[] filters = {onJ, onIL};
                List<int[]> keys = List.of(new int[] {9}, new int[] {1, 2});
                for (Expr p : new Expr[] {null, cmp(GT, I, Literal.of(0)), cmp(GT, I, Literal.of(0))}) {
                    rFirst = p != null && !rFirst; // with P: R first, then P first
                    FilterKernelCompiler.Compiled compiled = FilterKernelCompiler.compile(p, identity(), INPUTS,
                            FilterKernelCompiler.RuntimeFilterKeys.hashed(keys), rFirst, this::name);
                    try (FilterKernelCompiler.Kernel kernel = compiled.instantiate(memory.allocator())) {
                        for (int count : new int[] {0, 1, FilterKernelCompiler.CHUNK, FilterKernelCompiler.CHUNK + 1, rows.size()}) {
                            List<Integer> expected = new ArrayList<>();
                            for (int r = 0; r < count; r++) {
                                Object[] row = rows.get(r);
                                boolean passesP = p == null || (row[1] != null && (Integer) row[1] > 0);
                                if (passesP && onJ.mightContain(keyHash(row[9])) && onIL.mightContain(keyHash(row[1], row[2]))) {
                                    expected.add(r);
                                }
                            }
                            int[] selection = new int[Math.max(1, count)];
                            int n = kernel.select(fx.batch, count, selection, scratch, filters);
                            assertEquals(expected, selected(selection, n), count + " rows, NULLs " + nulls + ":\n" + compiled.source());
                            if (count == rows.size()) assertTrue(!expected.isEmpty() && expected.size() < count / 2, "R removes rows");
                        }
                    }
                }
            }
        }
    }

    @Test
    void runtimeFilterKeyRangesDropKeysOutsideThemAndKeepNulls() {
        // A ranged R keeps a tuple whose key lies in [min, max] (compared without overflow at the
        // ends of INTEGER and BIGINT) or is NULL, and its Bloom filter decides among those: here it
        // admits every key, so the range alone shows; first (every row) and after P, across chunks
        Random rnd = new Random(9);
        long[][] intBounds = {{-7, 42}, {Integer.MIN_VALUE, 0}, {42, 42}, {Integer.MIN_VALUE, Integer.MAX_VALUE}};
        long[][] longBounds = {{Long.MIN_VALUE, 0}, {-3, Long.MAX_VALUE}, {1, 1_000_000_007L}, {-3, -3}};
        for (boolean nulls : new boolean[] {true, false}) {
            List<Object[]> base = rows(nulls);
            List<Object[]> rows = new ArrayList<>();
            for (int r = 0; r < 2 * FilterKernelCompiler.CHUNK + 300; r++) rows.add(base.get(rnd.nextInt(base.size())));
            try (ExprFixture fx = new ExprFixture(memory.allocator(), INPUTS, rows);
                 BloomFilter everyKey = new BloomFilter(64, memory.allocator());
                 StringScratch scratch = new StringScratch(memory.allocator())) {
                for (Object[] r : base) for (int c : new int[] {1, 2}) everyKey.add(keyHash(r[c]));
                for (int key : new int[] {1, 2}) {
                    for (long[] b : key == 1 ? intBounds : longBounds) {
                        boolean rFirst = false;
                        for (Expr p : new Expr[] {null, cmp(GT, J, Literal.of(0)), cmp(GT, J, Literal.of(0))}) {
                            rFirst = p != null && !rFirst; // with P: R first, then P first
                            var keys = List.of(new FilterKernelCompiler.RuntimeFilterKeys(new int[] {key},
                                    FilterKernelCompiler.KeyTest.RANGE_THEN_BLOOM));
                            FilterKernelCompiler.Compiled compiled = FilterKernelCompiler.compile(p, identity(), INPUTS, keys, rFirst,
                                    this::name);
                            List<Integer> expected = new ArrayList<>();
                            for (int r = 0; r < rows.size(); r++) {
                                Object[] row = rows.get(r);
                                boolean passesP = p == null || (row[9] != null && (Integer) row[9] > 0);
                                Object v = row[key];
                                boolean inRange = v == null || (((Number) v).longValue() >= b[0] && ((Number) v).longValue() <= b[1]);
                                if (passesP && inRange && everyKey.mightContain(keyHash(v))) expected.add(r);
                            }
                            int[] selection = new int[rows.size()];
                            int n;
                            try (FilterKernelCompiler.Kernel kernel = compiled.instantiate(memory.allocator())) {
                                n = kernel.select(fx.batch, rows.size(), selection, scratch, new BloomFilter[] {everyKey},
                                        new long[] {b[0], b[1], 0});
                            }
                            assertEquals(expected, selected(selection, n), "key " + name(key) + " in " + Arrays.toString(b)
                                    + ", NULLs " + nulls + ":\n" + compiled.source());
                            boolean everyInt = b[0] == Integer.MIN_VALUE && b[1] == Integer.MAX_VALUE;
                            assertTrue(!expected.isEmpty() && (everyInt || expected.size() < rows.size()), "the range drops rows");
                        }
                    }
                }
            }
        }
    }

    @Test
    void runtimeFilterKeyBitmapsKeepExactlyTheBuiltKeysAndNulls() {
        // A bitmap R keeps a tuple whose key the build holds (values outside its range, at the ends of
        // INTEGER and BIGINT too, never load a word past it) or whose key is NULL; first and after P
        RowLayout layout = new RowLayout(List.of(DataType.BIGINT));
        long[][] builds = {{-7, 0, 1, 42}, {-3, 0, 1}, {1, 3, 5}};
        int[] keyColumns = {1, 2, 9};
        Random rnd = new Random(13);
        for (boolean nulls : new boolean[] {true, false}) {
            List<Object[]> base = rows(nulls);
            List<Object[]> rows = new ArrayList<>();
            for (int r = 0; r < FilterKernelCompiler.CHUNK + 300; r++) rows.add(base.get(rnd.nextInt(base.size())));
            for (int k = 0; k < keyColumns.length; k++) {
                int key = keyColumns[k];
                KeyRange range = new KeyRange();
                for (long v : builds[k]) range.add(v);
                try (ExprFixture fx = new ExprFixture(memory.allocator(), INPUTS, rows);
                     TupleStore build = new TupleStore(layout, memory.allocator(), "test build");
                     BloomFilter unused = new BloomFilter(4, memory.allocator());
                     StringScratch scratch = new StringScratch(memory.allocator())) {
                    for (long v : builds[k]) io.ascan.codegen.rt.Mem.putLong(build.appendRow() + layout.valueOffset(0), v);
                    try (KeyBitmap bits = KeyBitmap.of(List.of(build), layout, 0, range, memory.allocator())) {
                        boolean rFirst = false;
                        for (Expr p : new Expr[] {null, cmp(GT, L, Literal.of(0L)), cmp(GT, L, Literal.of(0L))}) {
                            rFirst = p != null && !rFirst; // with P: R first, then P first
                            var keys = List.of(new FilterKernelCompiler.RuntimeFilterKeys(new int[] {key}, FilterKernelCompiler.KeyTest.BITMAP));
                            FilterKernelCompiler.Compiled compiled = FilterKernelCompiler.compile(p, identity(), INPUTS, keys, rFirst,
                                    this::name);
                            List<Integer> expected = new ArrayList<>();
                            for (int r = 0; r < rows.size(); r++) {
                                Object[] row = rows.get(r);
                                boolean passesP = p == null || (row[2] != null && (Long) row[2] > 0);
                                Object v = row[key];
                                boolean built = v == null || Arrays.stream(builds[k]).anyMatch(b -> b == ((Number) v).longValue());
                                if (passesP && built) expected.add(r);
                            }
                            int[] selection = new int[rows.size()];
                            int n;
                            try (FilterKernelCompiler.Kernel kernel = compiled.instantiate(memory.allocator())) {
                                n = kernel.select(fx.batch, rows.size(), selection, scratch, new BloomFilter[] {unused},
                                        new long[] {bits.min(), bits.max(), bits.address()});
                            }
                            assertEquals(expected, selected(selection, n), "key " + name(key) + " in " + Arrays.toString(builds[k])
                                    + ", NULLs " + nulls + ":\n" + compiled.source());
                            assertTrue(!expected.isEmpty() && expected.size() < rows.size(), "the bitmap drops rows");
                        }
                    }
                }
            }
        }
    }

    @Test
    void bitmapRuntimeFiltersAnswerAlikeWhetherTheirRangeIsNarrowOrWide() {
        // A bitmap R tests the range alone first where few of the first tuples' keys lie inside it
        // (a month's dates among years'), range and bit together elsewhere: both loops, with and
        // without NULLs, first and after P, keep exactly the built keys and the NULLs
        List<ExprCompiler.Input> inputs = List.of(ExprCompiler.Input.of("k", DataType.INTEGER), ExprCompiler.Input.of("p", DataType.INTEGER));
        long[] built = {1000, 1003, 1004, 1030};
        RowLayout layout = new RowLayout(List.of(DataType.BIGINT));
        KeyRange range = new KeyRange();
        for (long v : built) range.add(v);
        Random rnd = new Random(17);
        for (double inside : new double[] {0.05, 0.9}) {
            for (boolean nulls : new boolean[] {false, true}) {
                List<Object[]> rows = new ArrayList<>();
                for (int r = 0; r < FilterKernelCompiler.RANGE_PROBE + 2_000; r++) {
                    Integer k = rnd.nextDouble() < inside ? 1000 + rnd.nextInt(31) : rnd.nextInt(100_000);
                    if (nulls && rnd.nextInt(10) == 0) k = null;
                    rows.add(new Object[] {k, rnd.nextInt(4)});
                }
                try (ExprFixture fx = new ExprFixture(memory.allocator(), inputs, rows);
                     TupleStore build = new TupleStore(layout, memory.allocator(), "test build");
                     BloomFilter unused = new BloomFilter(4, memory.allocator());
                     StringScratch scratch = new StringScratch(memory.allocator())) {
                    for (long v : built) io.ascan.codegen.rt.Mem.putLong(build.appendRow() + layout.valueOffset(0), v);
                    try (KeyBitmap bits = KeyBitmap.of(List.of(build), layout, 0, range, memory.allocator())) {
                        Expr pPositive = cmp(GT, new ColumnRef(1, DataType.INTEGER), Literal.of(0));
                        for (Expr p : new Expr[] {null, pPositive}) {
                            var keys = List.of(new FilterKernelCompiler.RuntimeFilterKeys(new int[] {0}, FilterKernelCompiler.KeyTest.BITMAP));
                            FilterKernelCompiler.Compiled compiled = FilterKernelCompiler.compile(p, new int[] {0, 1}, inputs, keys,
                                    c -> inputs.get(c).name());
                            List<Integer> expected = new ArrayList<>();
                            for (int r = 0; r < rows.size(); r++) {
                                Object[] row = rows.get(r);
                                boolean passesP = p == null || (Integer) row[1] > 0;
                                boolean kept = row[0] == null || Arrays.stream(built).anyMatch(b -> b == (Integer) row[0]);
                                if (passesP && kept) expected.add(r);
                            }
                            int[] selection = new int[rows.size()];
                            int n;
                            try (FilterKernelCompiler.Kernel kernel = compiled.instantiate(memory.allocator())) {
                                n = kernel.select(fx.batch, rows.size(), selection, scratch, new BloomFilter[] {unused},
                                        new long[] {bits.min(), bits.max(), bits.address()});
                            }
                            assertEquals(expected, selected(selection, n), inside + " of the keys in range, NULLs " + nulls
                                    + ", P " + p + ":\n" + compiled.source());
                            assertTrue(expected.size() > 10 && expected.size() < rows.size() / 2, "the bitmap drops rows");
                        }
                    }
                }
            }
        }
    }

    String name(int c) {
        return INPUTS.get(c).name();
    }

    static int[] identity() {
        int[] t = new int[INPUTS.size()];
        Arrays.setAll(t, i -> i);
        return t;
    }

    static List<Integer> selected(int[] selection, int n) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(selection[i]);
        return out;
    }

    /** Checks every predicate with and without NULLs; returns how many had at least one loop. */
    private int check(List<Expr> predicates) {
        int vectorised = 0, checked = 0;
        List<String> mismatches = new ArrayList<>();
        for (boolean nulls : new boolean[] {true, false}) {
            List<Object[]> rows = rows(nulls);
            try (ExprFixture fx = new ExprFixture(memory.allocator(), INPUTS, rows);
                 StringScratch scratch = new StringScratch(memory.allocator())) {
                for (Expr p : predicates) {
                    List<Object> truth = fx.evaluate(memory.allocator(), p);
                    if (truth.stream().anyMatch(v -> v instanceof ExprFixture.Failure)) continue; // errors: order of evaluation differs
                    List<Integer> expected = new ArrayList<>();
                    for (int r = 0; r < rows.size(); r++) if (Boolean.TRUE.equals(truth.get(r))) expected.add(r);
                    FilterKernelCompiler.Compiled compiled = FilterKernelCompiler.compile(p, identity(), INPUTS, List.of(), this::name);
                    int[] selection = new int[rows.size()];
                    int n;
                    try (FilterKernelCompiler.Kernel kernel = compiled.instantiate(memory.allocator())) {
                        n = kernel.select(fx.batch, rows.size(), selection, scratch, new BloomFilter[0]);
                    }
                    scratch.reset();
                    checked++;
                    if (nulls && (compiled.source().contains(": branch-free") || compiled.source().contains(": on dictionary codes"))) vectorised++;
                    if (!expected.equals(selected(selection, n))) {
                        mismatches.add(p.format(this::name) + (nulls ? "" : " (no NULLs)") + "\n  expected " + expected
                                + "\n  selected " + selected(selection, n));
                    }
                }
            }
        }
        assertTrue(mismatches.isEmpty(), mismatches.size() + " of " + checked + " selections differ:\n"
                + String.join("\n", mismatches.subList(0, Math.min(10, mismatches.size()))));
        assertTrue(checked > predicates.size(), "most predicates raise no error: " + checked);
        return vectorised;
    }

    // ---- random conjuncts: mostly simple ones at the edges of each type, some complex

    static final ColumnRef[] NUMERIC = {I, L, D, M, DT, TS, J};

    private static Expr conjunct(Random rnd, ExprGenerator gen) {
        ColumnRef x = NUMERIC[rnd.nextInt(NUMERIC.length)];
        Operator op = List.of(EQ, NE, LT, LE, GT, GE).get(rnd.nextInt(6));
        return switch (rnd.nextInt(10)) {
            case 0, 1, 2 -> cmp(op, x, literal(rnd, x));
            case 3 -> cmp(op, literal(rnd, x), x);
            case 4 -> Call.predicate(BETWEEN, x, literal(rnd, x), literal(rnd, x));
            case 5 -> {
                List<Expr> in = new ArrayList<>(List.of(x));
                int n = 1 + rnd.nextInt(9);
                for (int i = 0; i < n; i++) in.add(rnd.nextInt(8) == 0 ? Literal.ofNull(x.type()) : literal(rnd, x));
                yield new Call(IN, in, DataType.BOOLEAN);
            }
            case 6 -> {
                ColumnRef[][] pairs = {{I, J}, {L, I}, {J, L}, {M, M}, {D, D}};
                ColumnRef[] pair = pairs[rnd.nextInt(pairs.length)];
                yield rnd.nextInt(5) == 0 ? Call.predicate(IS_NOT_NULL, NUMERIC[rnd.nextInt(NUMERIC.length)]) : cmp(op, pair[0], pair[1]);
            }
            case 7 -> rnd.nextBoolean() ? cmp(op, SD, Literal.of((String) DICT[rnd.nextInt(DICT.length - 1)]))
                    : Call.predicate(IN, SD, Literal.of("AFRICA"), Literal.of((String) DICT[rnd.nextInt(DICT.length - 1)]));
            case 8 -> rnd.nextBoolean() ? Call.predicate(NOT, cmp(op, x, literal(rnd, x)))
                    : Call.predicate(OR, cmp(op, x, literal(rnd, x)), cmp(op, J, literal(rnd, J)));
            default -> gen.expr(DataType.BOOLEAN, 2);
        };
    }

    /** A constant to compare x with: one of its column's values, or one between them, of the column's or another type. */
    private static Literal literal(Random rnd, ColumnRef x) {
        Object[] domain = switch (x.type().kind()) {
            case INTEGER -> x == J ? SMALL : INTS;
            case BIGINT -> LONGS;
            case DOUBLE -> EDGE_DOUBLES;
            case DECIMAL -> DECIMALS;
            case DATE -> DATES;
            case TIMESTAMP -> TIMESTAMPS;
            default -> throw new IllegalArgumentException(x.toString());
        };
        Object v = domain[rnd.nextInt(domain.length - 1)]; // the last is null
        return switch (v) {
            case Integer i when rnd.nextInt(4) == 0 -> rnd.nextBoolean() ? Literal.of(3L * i) // a BIGINT, maybe beyond INTEGER
                    : Literal.of(BigDecimal.valueOf(i).add(new BigDecimal("0.5")));
            case Integer i -> Literal.of(i);
            case Long l when rnd.nextInt(4) == 0 && l > -1_000_000_000_000L && l < 1_000_000_000_000L -> Literal.of(BigDecimal.valueOf(l).add(new BigDecimal("-0.25")));
            case Long l -> Literal.of(l);
            case Double d when rnd.nextInt(4) == 0 && !d.isNaN() && !d.isInfinite() && Math.abs(d) < 1e15 -> Literal.of((int) (double) d);
            case Double d -> Literal.of(d);
            case BigDecimal m when rnd.nextInt(3) == 0 -> Literal.of(m.add(new BigDecimal("0.005")));
            case BigDecimal m -> Literal.of(m);
            case LocalDate d -> Literal.of(d.plusDays(rnd.nextInt(3) - 1));
            case LocalDateTime t -> Literal.of(t.plusNanos((rnd.nextInt(3) - 1) * 1000L));
            default -> throw new IllegalArgumentException(v.toString());
        };
    }
}
