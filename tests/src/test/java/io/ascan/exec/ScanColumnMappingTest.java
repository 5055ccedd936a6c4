package io.ascan.exec;

import io.ascan.exec.driver.Executor;
import static io.ascan.exec.ExecHarness.*;

import io.ascan.catalog.Table;
import io.ascan.expr.Call;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.ScanNode;
import io.ascan.scan.ScanStrategy;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A scan's rowset holds its projected columns, then the columns only P reads; P addresses them
 * through the table-to-rowset mapping in every variant of the dispatch shim. These tests filter
 * on every column type, projected or P-only, behind every number of projected columns, in every
 * mode, and check the rows against DuckDB. The generated variants once declared a local named
 * like the field of a rowset's VARCHAR column ({@code dict4}), which shadowed its dictionary flag
 * and read dictionary codes as row numbers: wrong rows, or a SIGSEGV.
 */
class ScanColumnMappingTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    /** all_types: 0 b, 1 i, 2 l, 3 d, 4 m, 5 dt, 6 ts, 7 low (dictionary), 8 high (plain). */
    static final String[] COLUMNS = {"b", "i", "l", "d", "m", "dt", "ts", "low", "high"};

    /** A predicate on one column, for ascan (over table column indexes) and for DuckDB. */
    record Predicate(String column, String sql, Function<Expr, Expr> build) {
        @Override
        public String toString() {
            return sql;
        }
    }

    static final List<Predicate> PREDICATES = List.of(
            new Predicate("b", "b = TRUE", c -> Call.predicate(Operator.EQ, c, Literal.of(true))),
            new Predicate("i", "i > 0", c -> Call.predicate(Operator.GT, c, Literal.of(0))),
            new Predicate("l", "l < 2000000000000", c -> Call.predicate(Operator.LT, c, Literal.of(2_000_000_000_000L))),
            new Predicate("d", "d >= 100.5", c -> Call.predicate(Operator.GE, c, Literal.of(100.5))),
            new Predicate("m", "m BETWEEN 10.00 AND 30.00", c -> Call.predicate(Operator.BETWEEN, c,
                    Literal.of(new BigDecimal("10.00")), Literal.of(new BigDecimal("30.00")))),
            new Predicate("dt", "dt < DATE '1995-01-01'", c -> Call.predicate(Operator.LT, c, Literal.of(LocalDate.of(1995, 1, 1)))),
            new Predicate("ts", "ts IS NULL", c -> Call.predicate(Operator.IS_NULL, c)),
            new Predicate("low", "low = 'cat-1'", c -> Call.predicate(Operator.EQ, c, Literal.of("cat-1"))),
            new Predicate("low", "low LIKE 'cat-2%'", c -> Call.predicate(Operator.LIKE, c, Literal.of("cat-2%"))),
            new Predicate("high", "high LIKE 'row 1%'", c -> Call.predicate(Operator.LIKE, c, Literal.of("row 1%"))),
            new Predicate("high", "high = 'row 17 ✓ xxxx'", c -> Call.predicate(Operator.EQ, c, Literal.of("row 17 ✓ xxxx"))));

    /** Modes whose variant evaluates P in the pipeline, where the rowset layout and P's mapping meet. */
    static final List<String> INLINE_P_MODES = List.of("direct", "staging");

    static final List<String> MODES = List.of("direct", "staging", "pushdown", "adaptive");

    static QueryOptions options(String mode) {
        return QueryOptions.DEFAULTS.withMode(ScanStrategy.parse(mode)).withComputeThreads(2);
    }

    /**
     * The query shape: COUNT(*), SUM, MIN, MAX and MIN of a string over four projected
     * columns, filtered on a dictionary-encoded VARCHAR the scan does not project.
     */
    @ParameterizedTest
    @ValueSource(strings = {"direct", "staging", "pushdown", "adaptive"})
    void aggregatesFilteredOnAnUnprojectedDictionaryString(String mode) throws Exception {
        Table t = table("all_types");
        ScanNode scan = scan(t, x -> Call.predicate(Operator.EQ, tcol(x, "low"), Literal.of("cat-1")), "i", "high", "dt", "m");
        AggregateNode agg = new AggregateNode(scan, new int[0], List.of(
                new AggregateNode.Call(AggregateNode.Function.COUNT, -1, false, DataType.BIGINT, "n"),
                new AggregateNode.Call(AggregateNode.Function.SUM, 3, false, DataType.decimal(18, 2), "sum_m"),
                new AggregateNode.Call(AggregateNode.Function.MIN, 0, false, DataType.INTEGER, "min_i"),
                new AggregateNode.Call(AggregateNode.Function.MAX, 2, false, DataType.DATE, "max_dt"),
                new AggregateNode.Call(AggregateNode.Function.MIN, 1, false, DataType.VARCHAR, "min_high")));
        assertSameRows(duck("SELECT count(*), sum(m), min(i), max(dt), min(high) FROM all_types WHERE low = 'cat-1'"),
                rows(new Executor(memory.allocator(), memory.pool()).execute(agg, options(mode))), false);
    }

    /**
     * Every predicate column, P-only after 1 to 8 other projected columns (so it sits at every
     * rowset position), or also projected among 1, 4 or 8; in DIRECT and STAGING for every layout,
     * in PUSHDOWN and adaptive for the smallest and largest.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("sweep")
    void everyProjectionAroundAPredicateColumnAgreesWithDuckDb(Predicate p) throws Exception {
        Table t = table("all_types");
        List<String> others = new ArrayList<>();
        int at = List.of(COLUMNS).indexOf(p.column());
        for (int k = 1; k < COLUMNS.length; k++) others.add(COLUMNS[(at + k) % COLUMNS.length]);
        for (int n = 1; n <= others.size(); n++) {
            for (boolean alsoProjected : new boolean[] {false, true}) {
                if (alsoProjected && n != 1 && n != 4 && n != others.size()) continue;
                List<String> projected = new ArrayList<>(others.subList(0, n));
                if (alsoProjected) projected.add(n / 2, p.column());
                String sql = "SELECT " + String.join(", ", projected) + " FROM all_types WHERE " + p.sql();
                var expected = duck(sql);
                for (String mode : n == 1 || n == others.size() ? MODES : INLINE_P_MODES) {
                    ScanNode scan = scan(t, x -> p.build().apply(tcol(x, p.column())), projected.toArray(String[]::new));
                    try {
                        assertSameRows(expected, rows(new Executor(memory.allocator(), memory.pool()).execute(scan, options(mode))), false);
                    } catch (AssertionError e) {
                        throw new AssertionError(sql + " in mode " + mode + ": " + e.getMessage(), e);
                    }
                }
            }
        }
    }

    static Stream<Arguments> sweep() {
        return PREDICATES.stream().map(Arguments::of);
    }

    /** A column dictionary-encoded in some slices and plain in others, P-only and projected. */
    @ParameterizedTest
    @ValueSource(strings = {"direct", "staging", "pushdown", "adaptive"})
    void stringsDictionaryInSomeSlicesPlainInOthers(String mode) throws Exception {
        Table t = table("mixed_strings");
        Function<Table, Expr> p = x -> Call.predicate(Operator.LIKE, tcol(x, "s"), Literal.of("k1%"));
        assertSameRows(duck("SELECT id FROM mixed_strings WHERE s LIKE 'k1%'"),
                rows(new Executor(memory.allocator(), memory.pool()).execute(scan(t, p, "id"), options(mode))), false);
        assertSameRows(duck("SELECT s, id FROM mixed_strings WHERE s LIKE 'k1%'"),
                rows(new Executor(memory.allocator(), memory.pool()).execute(scan(t, p, "s", "id"), options(mode))), false);
    }
}
