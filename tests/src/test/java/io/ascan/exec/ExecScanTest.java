package io.ascan.exec;

import io.ascan.exec.driver.Executor;
import static io.ascan.exec.ExecHarness.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.expr.Call;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.plan.FilterNode;
import io.ascan.plan.ProjectNode;
import io.ascan.plan.ScanNode;
import io.ascan.scan.ScanStrategy;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Scan → filter → project → result, every type, checked against DuckDB. */
class ExecScanTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final QueryOptions OPTIONS = QueryOptions.DEFAULTS.withMode(ScanStrategy.DIRECT).withComputeThreads(2);

    Executor executor() {
        return new Executor(memory.allocator(), memory.pool());
    }

    @Test
    void allTypesRoundTripThroughAScanPipeline() throws Exception {
        Table t = table("all_types");
        ScanNode scan = scan(t, null, "b", "i", "l", "d", "m", "dt", "ts", "low", "high");
        var rows = rows(executor().execute(scan, OPTIONS));
        assertEquals(ALL_TYPES_ROWS, rows.size());
        assertSameRows(duck("SELECT b, i, l, d, m, dt, ts, low, high FROM all_types"), rows, false);
    }

    @Test
    void pushedPredicateFilterAndProjection() throws Exception {
        Table t = table("all_types");
        // P: i > 1000 AND low LIKE 'cat-1%' (low is not projected: P reads it from the rowset's extra column)
        ScanNode scan = scan(t, x -> Call.predicate(Operator.AND,
                Call.predicate(Operator.GT, tcol(x, "i"), Literal.of(1000)),
                Call.predicate(Operator.LIKE, tcol(x, "low"), Literal.of("cat-1%"))), "i", "m", "high", "d");
        FilterNode filter = new FilterNode(scan, Call.predicate(Operator.IS_NOT_NULL, col(3, DataType.DOUBLE)));
        ProjectNode project = new ProjectNode(filter, List.of(
                Call.of(Operator.PLUS, DataType.BIGINT, Call.of(Operator.CAST, DataType.BIGINT, col(0, DataType.INTEGER)), Literal.of(1L)),
                Call.of(Operator.UPPER, DataType.VARCHAR, col(2, DataType.VARCHAR)),
                col(1, DataType.decimal(12, 2))), List.of("i1", "h", "m"));
        QueryResult r = executor().execute(project, OPTIONS);
        var rows = rows(r);
        assertTrue(rows.size() > 100, "rows: " + rows.size());
        assertSameRows(duck("SELECT CAST(i AS BIGINT) + 1, upper(high), m FROM all_types "
                + "WHERE i > 1000 AND low LIKE 'cat-1%' AND d IS NOT NULL"), rows, false);
    }

    /** A balanced OR of equalities: big enough that the generated code must split it into methods (64 KB limit). */
    static io.ascan.expr.Expr orTree(io.ascan.expr.Expr column, int from, int to) {
        if (to - from == 1) return Call.predicate(Operator.EQ, column, Literal.of(from));
        int mid = (from + to) / 2;
        return Call.predicate(Operator.OR, orTree(column, from, mid), orTree(column, mid, to));
    }

    @Test
    void hugeExpressionsAreSplitIntoMethods() throws Exception {
        Table t = table("lineorder");
        ScanNode scan = scan(t, x -> orTree(tcol(x, "lo_suppkey"), 0, 600), "lo_orderkey", "lo_partkey");
        FilterNode f = new FilterNode(scan, orTree(col(1, DataType.INTEGER), 0, 800));
        QueryResult r = executor().execute(f, OPTIONS.withDumpCode(true));
        String code = r.generatedCode();
        var rows = rows(r);
        assertTrue(code.contains("private boolean sub"), "split methods");
        assertSameRows(duck("SELECT lo_orderkey, lo_partkey FROM lineorder WHERE lo_suppkey < 600 AND lo_partkey < 800"), rows, false);
    }

    @Test
    void lineorderFilterProject() throws Exception {
        Table t = table("lineorder");
        ScanNode scan = scan(t, x -> Call.predicate(Operator.BETWEEN, tcol(x, "lo_discount"), Literal.of(1), Literal.of(3)),
                "lo_orderkey", "lo_extendedprice", "lo_discount", "lo_shipmode");
        ProjectNode p = new ProjectNode(scan, List.of(col(0, DataType.INTEGER),
                Call.of(Operator.TIMES, DataType.BIGINT, Call.of(Operator.CAST, DataType.BIGINT, col(1, DataType.INTEGER)),
                        Call.of(Operator.CAST, DataType.BIGINT, col(2, DataType.INTEGER))), col(3, DataType.VARCHAR)),
                List.of("k", "rev", "mode"));
        var rows = rows(executor().execute(p, OPTIONS));
        assertSameRows(duck("SELECT lo_orderkey, CAST(lo_extendedprice AS BIGINT) * lo_discount, lo_shipmode FROM lineorder "
                + "WHERE lo_discount BETWEEN 1 AND 3"), rows, false);
    }
}
