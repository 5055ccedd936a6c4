package io.ascan.exec;

import io.ascan.exec.driver.Executor;
import static io.ascan.exec.ExecHarness.*;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.expr.Call;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.plan.FilterNode;
import io.ascan.plan.ScanNode;
import io.ascan.scan.ScanStrategy;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.util.function.Function;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * String predicates on a column that is dictionary-encoded in some rowsets and plain in others
 * (mixed_strings): on codes through a per-rowset table where it is encoded, by value elsewhere,
 * in P and in a filter above the scan; results checked against DuckDB.
 */
class PipelineDictionaryTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final QueryOptions OPTIONS = QueryOptions.DEFAULTS.withMode(ScanStrategy.DIRECT).withComputeThreads(2).withDumpCode(true);

    static Expr s(Table t) {
        return tcol(t, "s");
    }

    static Expr predicate(String name, Expr s) {
        return switch (name) {
            case "eq" -> Call.predicate(Operator.EQ, s, Literal.of("k1"));
            case "ne" -> Call.predicate(Operator.NE, s, Literal.of("k1"));
            case "lt" -> Call.predicate(Operator.LT, s, Literal.of("k2"));
            case "ge" -> Call.predicate(Operator.GE, s, Literal.of("k3"));
            case "between" -> Call.predicate(Operator.BETWEEN, s, Literal.of("k1"), Literal.of("k2"));
            case "in" -> Call.predicate(Operator.IN, s, Literal.of("k0"), Literal.of("k3"), Literal.of("k2500"), Literal.of("zz"));
            // IN with a NULL in the list: NULL (not FALSE) where nothing matched
            case "inNull" -> Call.predicate(Operator.IS_NULL, Call.predicate(Operator.IN, s, Literal.of("k0"),
                    Literal.ofNull(DataType.VARCHAR)));
            case "like" -> Call.predicate(Operator.LIKE, s, Literal.of("k1%"));
            case "notLike" -> Call.predicate(Operator.NOT, Call.predicate(Operator.LIKE, s, Literal.of("%2")));
            default -> throw new IllegalArgumentException(name);
        };
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "eq| s = 'k1'",
            "ne| s <> 'k1'",
            "lt| s < 'k2'",
            "ge| s >= 'k3'",
            "between| s BETWEEN 'k1' AND 'k2'",
            "in| s IN ('k0', 'k3', 'k2500', 'zz')",
            "inNull| (s IN ('k0', NULL)) IS NULL",
            "like| s LIKE 'k1%'",
            "notLike| NOT (s LIKE '%2')"})
    void predicatesOnCodesAndValuesAgreeWithDuckDb(String name, String sql) throws Exception {
        Table t = table("mixed_strings");
        Function<Table, Expr> p = x -> predicate(name, s(x));
        var expected = duck("SELECT id, s FROM mixed_strings WHERE " + sql);
        assertTrue(expected.size() > 10 && expected.size() < MIXED_ROWS, name + " selects some rows: " + expected.size());

        // in P, evaluated by the dispatch shim's variants
        QueryResult pushed = new Executor(memory.allocator(), memory.pool()).execute(scan(t, p, "id", "s"), OPTIONS);
        String code = pushed.generatedCode();
        assertSameRows(expected, rows(pushed), false);
        assertTrue(code.contains("on dictionary codes"), code);

        // in a filter above the scan (it reads the rowset's columns too)
        ScanNode plain = scan(t, null, "id", "s");
        FilterNode filter = new FilterNode(plain, predicate(name, col(1, DataType.VARCHAR)));
        assertSameRows(expected, rows(new Executor(memory.allocator(), memory.pool()).execute(filter, OPTIONS)), false);
    }

    /**
     * Group and join keys hash a dictionary entry by a per-rowset table, plain strings by their
     * bytes: equal strings must meet whichever way their rowset stored them.
     */
    @org.junit.jupiter.api.Test
    void groupAndJoinKeysHashTheSameFromDictionaryAndPlainRowsets() throws Exception {
        Table t = table("mixed_strings");
        // s2 = the dictionary half's values again, but from plain rowsets: 'k' + (id % 4) for ids in the plain half
        io.ascan.plan.ProjectNode plainCopies = new io.ascan.plan.ProjectNode(
                scan(t, x -> Call.predicate(Operator.GE, tcol(x, "id"), Literal.of(MIXED_ROWS / 2)), "id", "s"),
                java.util.List.of(Call.of(Operator.CONCAT, DataType.VARCHAR, Literal.of("k"),
                        Call.of(Operator.CAST, DataType.VARCHAR, Call.of(Operator.MOD, DataType.INTEGER, col(0, DataType.INTEGER),
                                Literal.of(4))))), java.util.List.of("s"));
        io.ascan.plan.UnionAllNode both = new io.ascan.plan.UnionAllNode(java.util.List.of(scan(t, null, "s"), plainCopies));
        io.ascan.plan.AggregateNode groups = new io.ascan.plan.AggregateNode(both, new int[] {0},
                java.util.List.of(new io.ascan.plan.AggregateNode.Call(io.ascan.plan.AggregateNode.Function.COUNT, -1, false,
                        DataType.BIGINT, "n")));
        String union = "(SELECT s FROM mixed_strings UNION ALL SELECT 'k' || CAST(id % 4 AS VARCHAR) FROM mixed_strings WHERE id >= "
                + (MIXED_ROWS / 2) + ")";
        assertSameRows(duck("SELECT s, count(*) FROM " + union + " GROUP BY s"),
                rows(new Executor(memory.allocator(), memory.pool()).execute(groups, OPTIONS)), false);

        // join: build the dictionary half, probe with strings of both kinds
        io.ascan.plan.HashJoinNode join = new io.ascan.plan.HashJoinNode(scan(t, null, "id", "s"),
                scan(t, x -> Call.predicate(Operator.LT, tcol(x, "id"), Literal.of(8)), "id", "s"),
                io.ascan.plan.JoinType.INNER, new int[] {1}, new int[] {1}, null, true);
        assertSameRows(duck("SELECT a.id, a.s, b.id, b.s FROM mixed_strings a JOIN mixed_strings b ON a.s = b.s WHERE b.id < 8"),
                rows(new Executor(memory.allocator(), memory.pool()).execute(join, OPTIONS)), false);
    }
}
