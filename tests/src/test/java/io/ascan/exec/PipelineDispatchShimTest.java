package io.ascan.exec;

import static io.ascan.exec.ExecHarness.*;
import static io.ascan.exec.ExecPlans.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.exec.driver.Executor;
import io.ascan.expr.Call;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ProjectNode;
import io.ascan.plan.ScanNode;
import io.ascan.scan.ScanEnvironment;
import io.ascan.scan.ScanMode;
import io.ascan.scan.ScanReport;
import io.ascan.scan.ScanStrategy;
import io.ascan.scan.SamplingCoordinator;
import io.ascan.testing.LeakCheck;
import io.ascan.topology.Interconnect;
import io.ascan.topology.Topology;
import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The dispatch shim's three variants give the same result on the same data, fed by the real
 * materializers: DIRECT and STAGING rowsets carry every tuple (P evaluated inline), PUSHDOWN
 * rowsets are filtered by P and the join's runtime filter near storage and compacted; the
 * adaptive and back-pressure policies mix them within one scan.
 */
class PipelineDispatchShimTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final QueryOptions OPTIONS = QueryOptions.DEFAULTS.withMode(ScanStrategy.DIRECT).withComputeThreads(2).withDumpCode(true);

    PhysicalNode plan() throws Exception {
        Table lo = table("lineorder"), d = table("dwdate");
        // rowset columns: lo_orderdate, lo_extendedprice, lo_discount, then P-only lo_quantity, lo_shipmode
        var los = ExecHarness.scan(lo, x -> Call.predicate(Operator.AND,
                Call.predicate(Operator.LT, tcol(x, "lo_quantity"), Literal.of(25)),
                Call.predicate(Operator.IN, tcol(x, "lo_shipmode"), Literal.of("AIR"), Literal.of("REG AIR"))),
                "lo_orderdate", "lo_extendedprice", "lo_discount");
        // rowset columns: d_datekey, then P-only d_year
        var ds = ExecHarness.scan(d, x -> Call.predicate(Operator.EQ, tcol(x, "d_year"), Literal.of(1993)), "d_datekey");
        PhysicalNode j = join(los, ds, "lo_orderdate=d_datekey");
        ProjectNode p = new ProjectNode(j, List.of(ref(j, "lo_discount"), Call.of(Operator.TIMES, DataType.BIGINT,
                Call.of(Operator.CAST, DataType.BIGINT, ref(j, "lo_extendedprice")), Call.of(Operator.CAST, DataType.BIGINT, ref(j, "lo_discount")))),
                List.of("discount", "rev"));
        return new AggregateNode(p, new int[] {0}, List.of(new AggregateNode.Call(AggregateNode.Function.SUM, 1, false, DataType.BIGINT, "rev"),
                new AggregateNode.Call(AggregateNode.Function.COUNT, -1, false, DataType.BIGINT, "n")));
    }

    static final String DUCK = "SELECT lo_discount, sum(lo_extendedprice * lo_discount), count(*) FROM lineorder, dwdate "
            + "WHERE lo_orderdate = d_datekey AND d_year = 1993 AND lo_quantity < 25 AND lo_shipmode IN ('AIR', 'REG AIR') "
            + "GROUP BY lo_discount";

    @Test
    void everyModeAndPolicyGivesTheSameResult() throws Exception {
        Executor executor = new Executor(memory.allocator(), memory.pool());
        QueryResult r = executor.execute(plan(), OPTIONS);
        String code = r.generatedCode();
        var expected = rows(r);
        assertSameRows(duck(DUCK), expected, false);

        for (String mode : List.of("staging", "pushdown", "adaptive", "backpressure")) {
            QueryResult result = executor.execute(plan(), OPTIONS.withMode(ScanStrategy.parse(mode)));
            assertSameRows(expected, rows(result), false);
            for (ScanReport report : result.scanReports()) {
                assertEquals(report.slices(), report.slicesDone(), result.statistics());
                if (mode.equals("staging") || mode.equals("pushdown")) {
                    assertEquals(report.slices(), report.slicesIn(ScanMode.parse(mode)), result.statistics());
                }
                assertEquals(mode, report.policy());
            }
            if (mode.equals("pushdown")) {
                ScanReport lineorder = result.scanReports().stream().filter(s -> s.table().equals("lineorder")).findFirst().orElseThrow();
                assertEquals(1, lineorder.runtimeFilters().size(), "the join's Bloom filter reached the probe scan");
                long passing = (Long) duck("SELECT count(*) FROM lineorder WHERE lo_quantity < 25 AND lo_shipmode IN ('AIR', 'REG AIR')")
                        .getFirst().getFirst();
                assertTrue(lineorder.rows() < passing, "R dropped tuples near storage: " + lineorder.rows() + " of " + passing);
            }
        }

        // Each scan pipeline has the three loops; P is inline in DIRECT and STAGING only.
        assertEquals(2, count(code, "private void pushdown("), code);
        assertEquals(2, count(code, "// P, evaluated inline (DIRECT)"));
        assertEquals(2, count(code, "// P, evaluated inline (STAGING)"));
        assertEquals(0, count(code, "// P, evaluated inline (PUSHDOWN)"));
        assertEquals(0, count(code, ".touch("), "no line counting without an emulated interconnect");
    }

    @Test
    void stagingCountsTheLinesItReadsOnlyWhenTheInterconnectIsEmulated() throws Exception {
        ScanEnvironment emulated = new ScanEnvironment(Topology.detect(-1, -1), Interconnect.of(50L << 30),
                new SamplingCoordinator(), null, false);
        Executor executor = new Executor(memory.allocator(), memory.pool(), emulated);
        var expected = duck(DUCK);
        QueryResult staging = executor.execute(plan(), OPTIONS.withMode(ScanStrategy.STAGING));
        String code = staging.generatedCode();
        assertSameRows(expected, rows(staging), false);
        QueryResult direct = executor.execute(plan(), OPTIONS.withMode(ScanStrategy.DIRECT));
        assertSameRows(expected, rows(direct), false);

        assertTrue(count(code, ".touch(") > 0, code);
        int stagingMethod = code.indexOf("private void staging("), pushdownMethod = code.indexOf("private void pushdown(");
        assertFalse(code.substring(code.indexOf("private void direct("), stagingMethod).contains(".touch("), "DIRECT counts nothing");
        assertTrue(code.substring(stagingMethod, pushdownMethod).contains(".touch("), "STAGING counts its lines");

        Map<String, List<String>> read = Map.of("lineorder", List.of("lo_orderdate", "lo_extendedprice", "lo_discount", "lo_quantity",
                "lo_shipmode"), "dwdate", List.of("d_datekey", "d_year"));
        for (String table : List.of("lineorder", "dwdate")) {
            ScanReport s = report(staging, table), d = report(direct, table);
            long lines = s.mode(ScanMode.STAGING).bytesMoved(), segments = d.mode(ScanMode.DIRECT).bytesMoved();
            long stored = 0, expanded = 0;
            Table t = table(table);
            for (var slice : t.manifest().slices()) {
                for (String c : read.get(table)) {
                    stored += slice.segment(t.schema().indexOf(c)).length();
                    expanded += slice.segment(t.schema().indexOf(c)).decodedLength();
                }
            }
            assertEquals(stored, segments, table + ": direct moves the segments as stored");
            assertTrue(lines > 0 && lines % 64 == 0, table + ": staging moved " + lines);
            // P's first conjunct reads lo_quantity everywhere, the rest only for tuples that passed it:
            // fewer lines than the segments it reads them from (expanded, as staging reads them) hold.
            assertTrue(lines < expanded, table + ": staging moved " + lines + " of " + expanded);
        }
    }

    /** P's conjuncts of one case; {@code t} is all_types, or lineorder for the lo_ cases. */
    static Expr conjunction(String name, Table t) {
        Function<String, Expr> c = n -> tcol(t, n);
        return switch (name) {
            case "nulls" -> and(cmp(Operator.GT, c.apply("i"), Literal.of(1000)),
                    Call.predicate(Operator.BETWEEN, c.apply("m"), dec("5.00"), dec("3000.00")));
            case "decimalBetween" -> and(Call.predicate(Operator.BETWEEN, c.apply("m"), dec("1.005"), dec("2000.555")),
                    cmp(Operator.NE, c.apply("m"), dec("7.77")), cmp(Operator.NE, c.apply("m"), dec("0.125")));
            case "dates" -> and(cmp(Operator.GE, c.apply("dt"), Literal.of(LocalDate.of(1993, 1, 1))),
                    cmp(Operator.LT, c.apply("dt"), Literal.of(LocalDate.of(1994, 1, 1))),
                    cmp(Operator.LT, c.apply("ts"), Literal.of(LocalDateTime.of(2020, 3, 1, 6, 0))));
            case "mixed" -> and(cmp(Operator.GT, c.apply("i"), Literal.of(-2000)),
                    Call.predicate(Operator.OR, Call.predicate(Operator.LIKE, c.apply("low"), Literal.of("cat-1%")),
                            Call.predicate(Operator.IS_NULL, c.apply("d"))),
                    cmp(Operator.LT, c.apply("dt"), Literal.of(LocalDate.of(1995, 6, 1))),
                    cmp(Operator.NE, c.apply("high"), Literal.of("row 7 ✓ xxxxxxx")));
            case "notOr" -> and(Call.predicate(Operator.NOT, cmp(Operator.LT, c.apply("i"), Literal.of(500))),
                    Call.predicate(Operator.OR, cmp(Operator.GT, c.apply("l"), Literal.of(3_000_000_000_000L)),
                            cmp(Operator.LT, c.apply("m"), dec("3.00"))),
                    cmp(Operator.GE, c.apply("d"), Literal.of(0)));
            case "doublesAndColumns" -> and(cmp(Operator.GT, c.apply("d"), Literal.of(10)), cmp(Operator.LE, c.apply("d"), Literal.of(300.5)),
                    cmp(Operator.LT, c.apply("i"), c.apply("l")), cmp(Operator.LT, Literal.of(1000), c.apply("i")));
            case "in" -> and(Call.predicate(Operator.IN, c.apply("i"), Literal.of(1200), Literal.of(1231), Literal.of(4300),
                            Literal.of(4331), Literal.of(4362), Literal.of(9999), Literal.ofNull(DataType.INTEGER)),
                    Call.predicate(Operator.IN, c.apply("low"), Literal.of("cat-1"), Literal.of("cat-2é")));
            case "notNull" -> and(Call.predicate(Operator.IS_NOT_NULL, c.apply("high")), Call.predicate(Operator.IS_NOT_NULL, c.apply("b")),
                    cmp(Operator.GE, c.apply("i"), Literal.of(0)));
            case "none" -> and(cmp(Operator.EQ, c.apply("m"), dec("0.125")), cmp(Operator.GT, c.apply("i"), Literal.of(0)));
            case "loAll" -> and(cmp(Operator.GE, c.apply("lo_quantity"), Literal.of(1)), cmp(Operator.LE, c.apply("lo_discount"), Literal.of(10)));
            case "loNone" -> cmp(Operator.LT, c.apply("lo_quantity"), Literal.of(0));
            case "loQ11" -> and(Call.predicate(Operator.BETWEEN, c.apply("lo_discount"), Literal.of(1), Literal.of(3)),
                    cmp(Operator.LT, c.apply("lo_quantity"), Literal.of(25)), cmp(Operator.GE, c.apply("lo_orderdate"), Literal.of(19930101)),
                    cmp(Operator.LT, c.apply("lo_orderdate"), Literal.of(19940101)));
            default -> throw new IllegalArgumentException(name);
        };
    }

    static Expr and(Expr... conjuncts) {
        return Call.predicate(Operator.AND, conjuncts);
    }

    static Expr cmp(Operator op, Expr a, Expr b) {
        return Call.predicate(op, a, b);
    }

    static Literal dec(String v) {
        return Literal.of(new BigDecimal(v));
    }

    /**
     * P's simple conjuncts run batch at a time into a selection vector in DIRECT and STAGING (the
     * rest per selected tuple), and the pushdown kernel does the same near storage: every variant,
     * and STAGING counting its lines, gives DuckDB's rows, with NULLs in the filtered columns
     * (all_types) and without (lineorder), when all, some or no tuples pass.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "nulls|i > 1000 AND m BETWEEN 5.00 AND 3000.00|false",
            "decimalBetween|m BETWEEN 1.005 AND 2000.555 AND m <> 7.77 AND m <> 0.125|false",
            "dates|dt >= DATE '1993-01-01' AND dt < DATE '1994-01-01' AND ts < TIMESTAMP '2020-03-01 06:00:00'|false",
            "mixed|i > -2000 AND (low LIKE 'cat-1%' OR d IS NULL) AND dt < DATE '1995-06-01' AND high <> 'row 7 ✓ xxxxxxx'|true",
            "notOr|NOT (i < 500) AND (l > 3000000000000 OR m < 3.00) AND d >= 0|true",
            "doublesAndColumns|d > 10 AND d <= 300.5 AND i < l AND 1000 < i|false",
            "in|i IN (1200, 1231, 4300, 4331, 4362, 9999, NULL) AND low IN ('cat-1', 'cat-2é')|false",
            "notNull|high IS NOT NULL AND b IS NOT NULL AND i >= 0|false",
            "none|m = 0.125 AND i > 0|false",
            "loAll|lo_quantity >= 1 AND lo_discount <= 10|false",
            "loNone|lo_quantity < 0|false",
            "loQ11|lo_discount BETWEEN 1 AND 3 AND lo_quantity < 25 AND lo_orderdate >= 19930101 AND lo_orderdate < 19940101|false"})
    void vectorisedConjunctsGiveTheSameResultInEveryVariant(String name, String where, boolean rest) throws Exception {
        boolean lineorder = name.startsWith("lo");
        Table t = table(lineorder ? "lineorder" : "all_types");
        PhysicalNode plan;
        List<List<Object>> expected;
        if (lineorder) {
            ScanNode scan = ExecHarness.scan(t, x -> conjunction(name, x), "lo_revenue");
            plan = new AggregateNode(scan, new int[0], List.of(new AggregateNode.Call(AggregateNode.Function.COUNT, -1, false, DataType.BIGINT, "n"),
                    new AggregateNode.Call(AggregateNode.Function.SUM, 0, false, DataType.BIGINT, "revenue")));
            expected = duck("SELECT count(*), sum(lo_revenue) FROM lineorder WHERE " + where);
        } else {
            plan = ExecHarness.scan(t, x -> conjunction(name, x), "i", "m", "low");
            expected = duck("SELECT i, m, low FROM all_types WHERE " + where);
        }
        ScanEnvironment emulated = new ScanEnvironment(Topology.detect(-1, -1), Interconnect.of(50L << 30),
                new SamplingCoordinator(), null, false);
        for (Executor executor : List.of(new Executor(memory.allocator(), memory.pool()), new Executor(memory.allocator(), memory.pool(), emulated))) {
            for (String mode : List.of("direct", "staging", "pushdown")) {
                QueryResult r = executor.execute(plan, OPTIONS.withMode(ScanStrategy.parse(mode)));
                assertSameRows(expected, rows(r), false);
                String code = r.generatedCode();
                assertEquals(1, count(code, "// P, evaluated inline (DIRECT): "), code);
                assertEquals(1, count(code, "// P, evaluated inline (STAGING): "), code);
                assertEquals(2, count(code, " into a selection vector"), "DIRECT and STAGING select, PUSHDOWN does not:\n" + code);
                assertEquals(rest ? 2 : 0, count(code, "// the rest of P, per selected tuple"), code);
            }
        }
    }

    static ScanReport report(QueryResult r, String table) {
        return r.scanReports().stream().filter(s -> s.table().equals(table)).findFirst().orElseThrow();
    }

    static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) n++;
        return n;
    }
}
