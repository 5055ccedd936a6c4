package io.ascan.planner;

import io.ascan.engine.Engine;
import io.ascan.engine.EngineConfig;
import io.ascan.engine.EngineProperties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.exec.QueryResult;
import io.ascan.expr.Literal;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ScanNode;
import io.ascan.planner.PreparedQuery;
import io.ascan.planner.physical.PhysicalPlanner;
import io.ascan.types.DataType;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BigIntVector;
import org.apache.calcite.rel.RelNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Statements with {@code ?}: the parameterised conjuncts go into the scan's P, the plan is made
 * once, and each execution binds the values into the engine's plan, where the zone maps prune
 * for them. all_types has two slices: m is 0.00..9.99, then 10.00..19.99 (m = i / 100).
 */
class ParameterPlanTest {
    static final String COUNT_M = "SELECT count(*) FROM all_types WHERE m >= ? AND s IS NOT NULL";

    @TempDir static Path dir;
    static Catalog catalog;
    static AscanQueryService service;

    @BeforeAll
    static void open() throws IOException {
        catalog = BenchmarkTables.allTypes(Catalog.create(dir));
        service = new AscanQueryService(catalog, Engine.acquire(catalog.dir(), EngineConfig.DEFAULTS), 16);
    }

    @AfterAll
    static void close() {
        service.close();
    }

    static List<Long> run(PreparedQuery p, Object... parameters) throws Exception {
        var options = EngineProperties.parse(Map.of("io", "portable")).query();
        List<Long> out = new ArrayList<>();
        try (QueryResult r = p.execute(Arrays.asList(parameters), options)) {
            while (r.next()) {
                BigIntVector v = (BigIntVector) r.batch().getVector(0);
                for (int i = 0; i < r.batch().getRowCount(); i++) out.add(v.get(i));
            }
        }
        return out;
    }

    /** Rows of all_types with m >= bound (unscaled hundredths) and s not NULL (NULL when i % 3 == 0). */
    static long expected(int hundredths) {
        long n = 0;
        for (int i = 0; i < 2000; i++) if (i >= hundredths && i % 3 != 0) n++;
        return n;
    }

    static ScanNode scan(PhysicalNode n) {
        if (n instanceof ScanNode s) return s;
        return scan(n.inputs().getFirst());
    }

    @Test
    void parameterisedConjunctsBelongToTheScan() throws Exception {
        String explain = service.prepare(COUNT_M).explain();
        assertTrue(explain.contains("P=[(m >= ?0) AND (s IS NOT NULL)]") || explain.contains("P=[(s IS NOT NULL) AND (m >= ?0)]"),
                explain);
        assertFalse(explain.contains("AscanFilter"), explain);
        assertEquals(explain, service.prepare("EXPLAIN PLAN FOR " + COUNT_M).explain());
        // without an executor, EXPLAIN shows the same plan
        try (AscanQueryService planning = new AscanQueryService(catalog, null, 0)) {
            assertEquals(explain, planning.prepare("EXPLAIN PLAN FOR " + COUNT_M).explain());
        }
    }

    @Test
    void zoneMapsPruneForTheBoundValues() throws Exception {
        LogicalPlan logical = new QueryPlanner(catalog).plan(COUNT_M);
        RelNode physical = PhysicalPlanner.optimize(logical.rel());
        DataType m = DataType.decimal(12, 2);
        assertEquals(1, scan(PhysicalPlanner.translate(physical, logical.resultType(), List.of(new Literal(1250L, m))).root())
                .slices().size());
        assertEquals(2, scan(PhysicalPlanner.translate(physical, logical.resultType(), List.of(new Literal(500L, m))).root())
                .slices().size());
        ScanNode none = scan(PhysicalPlanner.translate(physical, logical.resultType(), List.of(new Literal(5000L, m))).root());
        assertEquals(0, none.slices().size());
        assertEquals("(m >= 50.00) AND (s IS NOT NULL)", none.predicate().format(c -> none.table().schema().column(c).name()));
    }

    @Test
    void eachExecutionBindsItsValues() throws Exception {
        PreparedQuery p = service.prepare(COUNT_M);
        assertEquals(List.of(expected(1250)), run(p, new BigDecimal("12.50")));
        assertEquals(List.of(expected(500)), run(p, new BigDecimal("5")));
        assertEquals(List.of(0L), run(p, new BigDecimal("50")));
        assertEquals(List.of(0L), run(p, (Object) null)); // m >= NULL is never true
        assertSame(p, service.prepare(COUNT_M));
    }

    @Test
    void parametersElsewhereInThePlan() throws Exception {
        PreparedQuery p = service.prepare("SELECT l + ? FROM all_types WHERE i < ? ORDER BY i LIMIT ?");
        assertEquals(List.of(10L, 1_000_000_017L), run(p, 10L, 5, 2));
        assertEquals(List.of(-1L), run(p, -1L, 1, 5));
    }
}
