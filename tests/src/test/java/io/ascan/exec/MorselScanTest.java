package io.ascan.exec;

import static io.ascan.exec.ExecHarness.assertSameRows;
import static io.ascan.exec.ExecHarness.duck;
import static io.ascan.exec.ExecHarness.rows;
import static io.ascan.exec.ExecHarness.scan;
import static io.ascan.exec.ExecHarness.table;
import static io.ascan.exec.ExecHarness.tcol;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.exec.driver.Executor;
import io.ascan.expr.Call;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.ScanNode;
import io.ascan.scan.ScanMode;
import io.ascan.scan.ScanReport;
import io.ascan.scan.ScanStrategy;
import io.ascan.scan.adaptive.Morsel;
import io.ascan.scan.policy.PolicyConfig;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every mode over morsels, parts of a slice served from one load (docs/architecture.md, "Morsels"),
 * gives DuckDB's answer: ranges starting mid-slice on every type (NULLs, BOOLEAN bits, VARCHAR
 * offsets, dictionary codes), with P evaluated by the pipeline (direct, staging) or by storage
 * (pushdown). The backpressure policy picks a mode per morsel at random, so one slice's morsels go
 * to several modes. The morsel size (100 rows, rounded up to 104) makes ranges start at offsets
 * that are multiples of 8, not of 64.
 */
class MorselScanTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final int MORSEL_ROWS = 100;

    static QueryOptions options(String mode) {
        return QueryOptions.DEFAULTS.withComputeThreads(2).withInlineRows(0).withMorselRows(MORSEL_ROWS)
                .withPolicy(PolicyConfig.DEFAULTS.withNSample(10)).withMode(ScanStrategy.parse(mode));
    }

    Executor executor() {
        return new Executor(memory.allocator(), memory.pool());
    }

    /** The scan's report: it assigned morsels, more of them than the table has slices, in the modes of its policy. */
    static void assertMorsels(QueryResult r, Table t, String mode) {
        ScanReport report = r.scanReports().getFirst();
        long slices = t.manifest().slices().size();
        assertEquals(Morsel.count(t.manifest().slices(), MORSEL_ROWS), report.slices(), report.format());
        assertTrue(report.slices() > 5 * slices, report.format());
        assertEquals(report.slices(), report.slicesDone(), report.format());
        if (!mode.equals("adaptive") && !mode.equals("backpressure")) {
            assertEquals(report.slices(), report.slicesIn(ScanMode.valueOf(mode.toUpperCase(java.util.Locale.ROOT))), report.format());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"direct", "staging", "pushdown", "adaptive", "backpressure"})
    void everyTypeWithPredicate(String mode) throws Exception {
        Table t = table("all_types");
        // P reads an INTEGER, a BOOLEAN and a dictionary VARCHAR; the projection has every type, NULLs included.
        ScanNode s = scan(t, x -> Call.predicate(Operator.OR,
                Call.predicate(Operator.AND, Call.predicate(Operator.GT, tcol(x, "i"), Literal.of(100)),
                        Call.predicate(Operator.LIKE, tcol(x, "low"), Literal.of("cat-1%"))),
                Call.predicate(Operator.EQ, tcol(x, "b"), Literal.of(true))), "b", "i", "l", "d", "m", "dt", "ts", "low", "high");
        QueryResult r = executor().execute(s, options(mode));
        assertSameRows(duck("SELECT b, i, l, d, m, dt, ts, low, high FROM all_types WHERE (i > 100 AND low LIKE 'cat-1%') OR b"),
                rows(r), false);
        assertMorsels(r, t, mode);
    }

    @ParameterizedTest
    @ValueSource(strings = {"direct", "staging", "pushdown", "adaptive", "backpressure"})
    void dictionaryAndPlainStringsWithNulls(String mode) throws Exception {
        Table t = table("mixed_strings");
        ScanNode s = scan(t, x -> Call.predicate(Operator.LIKE, tcol(x, "s"), Literal.of("k1%")), "id", "s");
        QueryResult r = executor().execute(s, options(mode));
        assertSameRows(duck("SELECT id, s FROM mixed_strings WHERE s LIKE 'k1%'"), rows(r), false);
        assertMorsels(r, t, mode);
    }

    @ParameterizedTest
    @ValueSource(strings = {"direct", "staging", "pushdown", "adaptive", "backpressure"})
    void aggregateOverLineorder(String mode) throws Exception {
        Table t = table("lineorder");
        ScanNode s = scan(t, x -> Call.predicate(Operator.LT, tcol(x, "lo_quantity"), Literal.of(25)), "lo_discount", "lo_revenue");
        AggregateNode agg = new AggregateNode(s, new int[] {0}, List.of(
                new AggregateNode.Call(AggregateNode.Function.SUM, 1, false, DataType.BIGINT, "revenue"),
                new AggregateNode.Call(AggregateNode.Function.COUNT, -1, false, DataType.BIGINT, "n")));
        QueryResult r = executor().execute(agg, options(mode));
        assertSameRows(duck("SELECT lo_discount, SUM(lo_revenue), COUNT(*) FROM lineorder WHERE lo_quantity < 25 GROUP BY lo_discount"),
                rows(r), false);
        assertMorsels(r, t, mode);
    }
}
