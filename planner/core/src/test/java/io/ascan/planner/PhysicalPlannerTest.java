package io.ascan.planner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.FilterNode;
import io.ascan.plan.HashJoinNode;
import io.ascan.plan.JoinType;
import io.ascan.plan.LimitNode;
import io.ascan.plan.OutputColumn;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ProjectNode;
import io.ascan.plan.ScanNode;
import io.ascan.plan.SortNode;
import io.ascan.plan.UnionAllNode;
import io.ascan.plan.ValuesNode;
import io.ascan.plan.WindowNode;
import io.ascan.planner.physical.AscanHashJoin;
import io.ascan.planner.physical.PhysicalPlan;
import io.ascan.planner.schema.TypeMapping;
import io.ascan.types.DataType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Optimised plans down to the engine's PhysicalNode trees: SSB, taxi and TPC-H (SF 0.01, real data). */
class PhysicalPlannerTest {
    @TempDir static Path benchDir;
    @TempDir static Path tpchDir;
    @TempDir static Path ssbDir;
    static QueryPlanner bench;
    static QueryPlanner tpch;
    static QueryPlanner ssb;

    @BeforeAll
    static void tables() throws IOException {
        Catalog c = Catalog.create(benchDir);
        BenchmarkTables.ssb(c);
        BenchmarkTables.taxi(c);
        BenchmarkTables.allTypes(c);
        bench = new QueryPlanner(c);
        tpch = new QueryPlanner(TpchTestTables.generate(tpchDir));
        ssb = new QueryPlanner(TpchTestTables.generateSsb(ssbDir));
    }

    static Stream<String> queries() {
        List<String> all = new ArrayList<>(QueryPlannerTest.benchmarkQueries());
        for (int q = 1; q <= 22; q++) all.add(String.format("tpch/q%02d", q));
        return all.stream();
    }

    static String query(String name) throws IOException {
        try (InputStream in = PhysicalPlannerTest.class.getResourceAsStream("/queries/" + name + ".sql")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static PhysicalPlan plan(String name) throws Exception {
        return (name.startsWith("tpch/") ? tpch : bench).physicalPlan(query(name));
    }

    /**
     * Every benchmark query translates; its result columns carry the query's names and the
     * engine types of the validated SQL types; leaves are scans; the only joins without keys
     * pair a row with a single-row aggregate (an uncorrelated scalar sub-query).
     */
    @ParameterizedTest
    @MethodSource("queries")
    void everyBenchmarkQueryTranslates(String name) throws Exception {
        PhysicalPlan plan = plan(name);
        List<OutputColumn> out = plan.root().output();
        assertEquals(plan.columnNames(), out.stream().map(OutputColumn::name).toList(), name);
        List<DataType> sqlTypes = plan.resultType().getFieldList().stream().map(f -> TypeMapping.toEngine(f.getType())).toList();
        assertEquals(sqlTypes, out.stream().map(OutputColumn::type).toList(), name);
        for (PhysicalNode n : nodes(plan.root())) {
            if (n.inputs().isEmpty()) assertTrue(n instanceof ScanNode || n instanceof ValuesNode, n::toString);
            if (n instanceof HashJoinNode j && j.leftKeys().length == 0) {
                assertTrue(singleRow(j.left()) || singleRow(j.right()), () -> name + ": cross product\n" + plan.explain());
            }
        }
    }

    /**
     * On generated SSB data (the test tables' lineorder is hardly larger than dwdate), for the
     * flights whose dimension predicates leave the dimensions small next to lineorder. (In
     * flights 3 and 4 the city/region predicates cut lineorder's side so far that its estimate
     * can fall below a dimension's, and the cost model then builds on the join result.)
     */
    @ParameterizedTest
    @MethodSource("ssbQueries")
    void ssbStarJoinsBuildOnTheDimensionsAndProbeWithLineorder(String name) throws Exception {
        PhysicalPlan plan = ssb.physicalPlan(query(name));
        for (PhysicalNode n : nodes(plan.root())) {
            if (!(n instanceof HashJoinNode j)) continue;
            PhysicalNode build = j.buildRight() ? j.right() : j.left(), probe = j.buildRight() ? j.left() : j.right();
            assertFalse(tables(build).contains("lineorder"), plan.explain());
            assertTrue(tables(probe).contains("lineorder"), plan.explain());
        }
    }

    /**
     * Flight 1 only: with the manifests' distinct counts, q2.1's filtered fact side (lineorder x
     * MFGR#12 parts x American suppliers, about 480 rows at SF 0.01) is rightly estimated smaller
     * than dwdate (2,557 rows), so at this scale Volcano builds on it; see ssbQ21JoinsAggregatesAndSorts.
     */
    static Stream<String> ssbQueries() {
        return Stream.of("ssb/q1.1", "ssb/q1.2", "ssb/q1.3");
    }

    @Test
    void ssbQ21JoinsAggregatesAndSorts() throws Exception {
        PhysicalPlan plan = ssb.physicalPlan(query("ssb/q2.1"));
        List<HashJoinNode> joins = nodes(plan.root()).stream().filter(HashJoinNode.class::isInstance)
                .map(HashJoinNode.class::cast).toList();
        assertEquals(3, joins.size(), plan.explain());
        for (HashJoinNode j : joins) {
            // part and supplier (filtered to a category and a region) always build against lineorder
            PhysicalNode build = j.buildRight() ? j.right() : j.left(), probe = j.buildRight() ? j.left() : j.right();
            if (tables(build).equals(List.of("part")) || tables(build).equals(List.of("supplier"))) {
                assertTrue(tables(probe).contains("lineorder"), plan.explain());
            }
            assertEquals(JoinType.INNER, j.type());
            assertEquals(1, j.leftKeys().length);
            assertNull(j.residual());
        }
        assertEquals(List.of("revenue", "d_year", "p_brand1"), plan.columnNames());
        SortNode sort = assertInstanceOf(SortNode.class, plan.root(), plan.explain());
        assertEquals(-1, sort.fetch());
        String explain = plan.explain();
        assertTrue(explain.contains("build: AdaptiveScan(table=part, columns=[p_partkey, p_brand1], P=[p_category = 'MFGR#12']"), explain);
        assertTrue(explain.contains("probe: AdaptiveScan(table=lineorder"), explain);
        assertTrue(explain.contains("HashAggregate(group=[d_year, p_brand1], calls=[SUM(lo_revenue) AS revenue])  [pipeline breaker]"),
                explain);
    }

    /** q13: customers are preserved, orders' comment condition is pushed into the orders scan, COUNT(o_orderkey). */
    @Test
    void tpchQ13OuterJoinKeepsEveryCustomer() throws Exception {
        PhysicalPlan plan = plan("tpch/q13");
        HashJoinNode join = only(plan.root(), HashJoinNode.class);
        ScanNode orders = scan(plan.root(), "orders");
        assertEquals(JoinType.RIGHT, join.type(), plan.explain()); // orders is the left input: customer is preserved
        assertEquals(tables(join.left()), List.of("orders"));
        assertEquals("NOT (o_comment LIKE '%special%requests%')", orders.predicate().format(c -> name(orders, c)));
        assertEquals("o_custkey = c_custkey", keys(join));
        // the orders counted per o_custkey below the join (OuterJoinPreAggregation), the counts summed per customer above it
        assertInstanceOf(AggregateNode.class, join.left(), plan.explain());
        AggregateNode inner = (AggregateNode) join.left();
        assertEquals(AggregateNode.Function.COUNT, inner.calls().getFirst().function());
        assertTrue(inner.calls().getFirst().arg() >= 0, "COUNT(o_orderkey), not COUNT(*)");
        assertTrue(nodes(plan.root()).stream().anyMatch(n -> n instanceof AggregateNode a && a.input() == join), plan.explain());
        assertEquals(List.of("c_count", "custdist"), plan.columnNames());
    }

    @Test
    void outerJoinConditionOnBothSidesIsAResidual() throws Exception {
        PhysicalPlan plan = tpch.physicalPlan("SELECT c_name, o_orderkey FROM customer LEFT JOIN orders "
                + "ON c_custkey = o_custkey AND o_totalprice > c_acctbal");
        HashJoinNode join = only(plan.root(), HashJoinNode.class);
        assertTrue(join.type() == JoinType.LEFT || join.type() == JoinType.RIGHT, plan.explain());
        assertTrue(plan.explain().matches("(?s).*keys=\\[(c_custkey = o_custkey|o_custkey = c_custkey)\\], "
                + "residual=\\[(o_totalprice > c_acctbal|c_acctbal < o_totalprice)\\].*"), plan.explain());
    }

    /** q17: the correlated AVG becomes an aggregate per l_partkey joined back, the comparison a residual. */
    @Test
    void tpchQ17SubqueryIsDecorrelatedIntoAJoinWithResidual() throws Exception {
        PhysicalPlan plan = plan("tpch/q17");
        String explain = plan.explain();
        assertTrue(explain.contains("HashAggregate(group=[l_partkey], calls=[AVG(l_quantity) AS"), explain);
        assertTrue(explain.matches("(?s).*HashJoin\\(type=INNER, keys=\\[l_partkey = p_partkey\\], residual=\\[CAST\\(l_quantity AS DOUBLE\\) < \\(0\\.2 \\* \\$f1\\)\\].*"),
                explain);
        assertEquals(List.of("avg_yearly"), plan.columnNames());
    }

    /** q20: IN becomes a semi-join of supplier with the qualifying partsupp rows; the correlated SUM an aggregate. */
    @Test
    void tpchQ20InBecomesASemiJoin() throws Exception {
        PhysicalPlan plan = plan("tpch/q20");
        HashJoinNode semi = nodes(plan.root()).stream().filter(n -> n instanceof HashJoinNode j && j.type() == JoinType.SEMI)
                .map(HashJoinNode.class::cast).findFirst().orElseThrow(() -> new AssertionError(plan.explain()));
        assertEquals("s_suppkey = ps_suppkey", keys(semi));
        assertEquals(tables(semi.left()), List.of("supplier", "nation"));
        assertTrue(plan.explain().contains("HashAggregate(group=[l_partkey, l_suppkey], calls=[SUM(l_quantity) AS"), plan.explain());
    }

    /**
     * [NOT] EXISTS and NOT IN are SEMI and ANTI hash joins (SubQueryJoins), not outer joins with
     * a marker filtered for NULL: q4 and q21's EXISTS, q21 and q22's NOT EXISTS, q16's NOT IN (whose
     * columns hold no NULL, so no counting of the sub-query is needed).
     */
    @Test
    void tpchExistsAndNotInAreSemiAndAntiJoins() throws Exception {
        Map<String, List<String>> joins = Map.of(
                "tpch/q04", List.of("SEMI o_orderkey = l_orderkey"),
                "tpch/q16", List.of("ANTI ps_suppkey = s_suppkey"),
                "tpch/q21", List.of("SEMI l_orderkey = l_orderkey", "ANTI l_orderkey = l_orderkey"),
                "tpch/q22", List.of("ANTI c_custkey = o_custkey"));
        for (Map.Entry<String, List<String>> q : joins.entrySet()) {
            PhysicalPlan plan = plan(q.getKey());
            List<String> found = nodes(plan.root()).stream()
                    .filter(n -> n instanceof HashJoinNode j && (j.type() == JoinType.SEMI || j.type() == JoinType.ANTI))
                    .map(n -> ((HashJoinNode) n).type() + " " + keys((HashJoinNode) n)).sorted().toList();
            assertEquals(q.getValue().stream().sorted().toList(), found, plan.explain());
            assertFalse(nodes(plan.root()).stream().anyMatch(n -> n instanceof HashJoinNode j && j.type() == JoinType.LEFT),
                    plan.explain());
            assertFalse(nodes(plan.root()).stream().anyMatch(n -> n instanceof FilterNode f
                    && f.condition().toString().contains("IS NULL")), plan.explain());
        }
        String q21 = plan("tpch/q21").explain();
        assertEquals(2, q21.split("keys=\\[l_orderkey = l_orderkey], residual=\\[l_suppkey <> l_suppkey]", -1).length - 1, q21);
    }

    /**
     * The decorrelated scalar sub-queries of q17 and q20 aggregate per part; the join above
     * keeps only the parts of the outer query, so the aggregate's input is first SEMI-joined with
     * the (filtered) part scan that provides those keys (AggregateSemiJoinReduction).
     */
    @Test
    void aggregatesBelowAnInnerJoinOnlyAggregateTheKeptGroups() throws Exception {
        for (String q : List.of("tpch/q17", "tpch/q20")) {
            PhysicalPlan plan = plan(q);
            AggregateNode perPart = nodes(plan.root()).stream().filter(n -> n instanceof AggregateNode a && a.groupKeys().length > 0
                    && a.input() instanceof HashJoinNode j && j.type() == JoinType.SEMI).map(AggregateNode.class::cast)
                    .findFirst().orElseThrow(() -> new AssertionError(plan.explain()));
            HashJoinNode semi = (HashJoinNode) perPart.input();
            assertTrue(keys(semi).endsWith("partkey = p_partkey"), plan.explain());
            assertEquals(List.of("part"), tables(semi.right()), plan.explain());
        }
    }

    /**
     * q02's sub-query, MIN(ps_supplycost) over the outer query's own partsupp, supplier, nation
     * and region with its predicates, is a window over the outer join's rows partitioned by
     * p_partkey (SubQueryWindows): each table scanned once, no aggregate, and the window's input
     * only the columns used above it (ScanFieldTrimmer through the Window). With SUM instead,
     * which repeated outer rows would change, the sub-query is decorrelated into an aggregate.
     */
    @Test
    void correlatedMinOverTheOuterTablesIsAWindow() throws Exception {
        PhysicalPlan q02 = plan("tpch/q02");
        assertEquals(List.of("nation", "part", "partsupp", "region", "supplier"), tables(q02.root()).stream().sorted().toList(), q02.explain());
        assertEquals(1, nodes(q02.root()).stream().filter(WindowNode.class::isInstance).count(), q02.explain());
        assertFalse(nodes(q02.root()).stream().anyMatch(AggregateNode.class::isInstance), q02.explain());
        ScanNode partsupp = nodes(q02.root()).stream().filter(n -> n instanceof ScanNode s && s.table().name().equals("partsupp"))
                .map(ScanNode.class::cast).findFirst().orElseThrow();
        assertEquals(List.of("ps_partkey", "ps_suppkey", "ps_supplycost"), readColumns(partsupp).stream().sorted().toList(), q02.explain());

        PhysicalPlan sum = tpch.physicalPlan(query("tpch/q02").replace("min(ps_supplycost)", "sum(ps_supplycost)"));
        assertFalse(nodes(sum.root()).stream().anyMatch(WindowNode.class::isInstance), sum.explain());
        assertEquals(2, tables(sum.root()).stream().filter("partsupp"::equals).count(), sum.explain());
    }

    /**
     * COUNT(*) over customer LEFT JOIN orders counts an unmatched customer's NULL row too, so the
     * orders are not counted below the join (OuterJoinPreAggregation takes COUNT of a column alone).
     */
    @Test
    void outerJoinCountOfRowsIsNotTakenBelowTheJoin() throws Exception {
        PhysicalPlan star = tpch.physicalPlan("SELECT c_custkey, count(*) FROM customer LEFT JOIN orders ON c_custkey = o_custkey "
                + "GROUP BY c_custkey");
        assertFalse(nodes(star.root()).stream().anyMatch(n -> n instanceof HashJoinNode j
                && j.inputs().stream().anyMatch(AggregateNode.class::isInstance)), star.explain());
    }

    /**
     * The group tables are sized from the planner's estimate of the groups: q18's GROUP BY
     * l_orderkey over lineitem has about as many groups as orders has rows (every order has
     * lines); a global aggregate has no estimate.
     */
    @Test
    void aggregatesCarryThePlannersEstimateOfTheirGroups() throws Exception {
        PhysicalPlan plan = plan("tpch/q18");
        AggregateNode perOrder = nodes(plan.root()).stream().filter(n -> n instanceof AggregateNode a
                && a.groupKeys().length == 1 && tables(a).equals(List.of("lineitem"))).map(AggregateNode.class::cast)
                .findFirst().orElseThrow(() -> new AssertionError(plan.explain()));
        long orders = Catalog.open(tpchDir).table("orders").rowCount();
        assertTrue(perOrder.expectedGroups() >= orders / 2 && perOrder.expectedGroups() <= orders * 2,
                perOrder.expectedGroups() + " groups expected, orders has " + orders + " rows");
        AggregateNode global = nodes(plan("tpch/q06").root()).stream().filter(AggregateNode.class::isInstance)
                .map(AggregateNode.class::cast).findFirst().orElseThrow();
        assertEquals(0, global.expectedGroups());
    }

    /**
     * q10 groups by c_custkey with five more customer and nation columns: the customer strings
     * (its key determines them) are left out of the group hash, nation's n_name is not (no key of
     * nation is grouped on). A self-join's other customer, or a key that is not unique, hashes all.
     */
    @Test
    void stringsDeterminedByAGroupedTableKeyAreNotHashed() throws Exception {
        assertEquals(java.util.Set.of("c_custkey", "c_acctbal", "n_name"), hashedKeyNames(plan("tpch/q10")));
        assertEquals(java.util.Set.of(), hashedKeyNames(tpch.physicalPlan("SELECT c1.c_custkey, c2.c_name, count(*) FROM customer c1, "
                + "customer c2 WHERE c1.c_nationkey = c2.c_nationkey GROUP BY c1.c_custkey, c2.c_name")));
        assertEquals(java.util.Set.of(), hashedKeyNames(tpch.physicalPlan("SELECT c_nationkey, c_name, count(*) FROM customer "
                + "GROUP BY c_nationkey, c_name")));
        assertEquals(java.util.Set.of("c_custkey"), hashedKeyNames(tpch.physicalPlan("SELECT c_custkey, c_name, count(*) FROM customer "
                + "GROUP BY c_custkey, c_name")));
    }

    /** Names of the keys the one grouping aggregate of a plan hashes; empty when it hashes every key. */
    static java.util.Set<String> hashedKeyNames(PhysicalPlan plan) {
        AggregateNode agg = nodes(plan.root()).stream().filter(n -> n instanceof AggregateNode a && a.groupKeys().length > 1)
                .map(AggregateNode.class::cast).findFirst().orElseThrow(() -> new AssertionError(plan.explain()));
        java.util.Set<String> names = new java.util.HashSet<>();
        for (int k : agg.hashedKeys()) names.add(agg.output().get(k).name());
        return names;
    }

    @Test
    void countDistinctKeepsItsFlag() throws Exception {
        PhysicalPlan plan = plan("tpch/q16");
        AggregateNode agg = nodes(plan.root()).stream().filter(n -> n instanceof AggregateNode a && !a.calls().isEmpty()
                && a.calls().getFirst().distinct()).map(AggregateNode.class::cast).findFirst().orElseThrow();
        assertEquals(AggregateNode.Function.COUNT, agg.calls().getFirst().function());
        assertEquals(DataType.BIGINT, agg.calls().getFirst().type());
    }

    @Test
    void orJoinConditionWithACommonEquiKeyIsHashedNotCrossed() throws Exception {
        PhysicalPlan plan = plan("tpch/q19");
        HashJoinNode join = only(plan.root(), HashJoinNode.class);
        assertEquals("l_partkey = p_partkey", keys(join));
        assertNotNull(join.residual());
        // the OR's branches imply a filter on each input (OrPredicateDerivation): the quantity ranges
        // (one range, 1..30, once Calcite merged them) and the three brand/container/size combinations
        String lineitem = scan(plan.root(), "lineitem").predicate().format(c -> name(scan(plan.root(), "lineitem"), c));
        assertTrue(lineitem.startsWith("(l_shipmode IN ('AIR', 'AIR REG')) AND (l_shipinstruct = 'DELIVER IN PERSON') AND "
                + "(l_quantity BETWEEN 1.00 AND 30.00)"), lineitem);
        String part = scan(plan.root(), "part").predicate().format(c -> name(scan(plan.root(), "part"), c));
        assertTrue(part.startsWith("((p_brand = 'Brand#12') AND (p_container IN ('SM BOX', 'SM CASE', 'SM PACK', 'SM PKG')) "
                + "AND (p_size BETWEEN 1 AND 5)) OR ((p_brand = 'Brand#23')"), part);
    }

    /** q7's nation pair condition, an OR across the two nation scans, filters each to the two nations. */
    @Test
    void disjunctionsAcrossJoinInputsFilterEachInput() throws Exception {
        PhysicalPlan plan = plan("tpch/q07");
        List<ScanNode> nations = nodes(plan.root()).stream().filter(n -> n instanceof ScanNode s && s.table().name().equals("nation"))
                .map(ScanNode.class::cast).toList();
        assertEquals(2, nations.size(), plan.explain());
        for (ScanNode n : nations) assertEquals("n_name IN ('FRANCE', 'GERMANY')", n.predicate().format(c -> name(n, c)));
        assertTrue(plan.explain().contains("((n_name = 'FRANCE') AND (n_name = 'GERMANY')) OR"), plan.explain());
    }

    @Test
    void scalarSubqueryJoinSaysItIsACrossProduct() throws Exception {
        String explain = plan("tpch/q11").explain();
        assertTrue(explain.contains("keys=[] (nested-loop cross product), residual=["), explain);
    }

    @Test
    void buildSideIsTheSmallerInput() throws Exception {
        // lineorder (3000 rows) against a filtered part: build on part, whichever side it is written on
        for (String sql : List.of("SELECT lo_revenue FROM lineorder JOIN part ON lo_partkey = p_partkey WHERE p_size = 3",
                "SELECT lo_revenue FROM part JOIN lineorder ON lo_partkey = p_partkey WHERE p_size = 3")) {
            HashJoinNode j = only(bench.physicalPlan(sql).root(), HashJoinNode.class);
            PhysicalNode build = j.buildRight() ? j.right() : j.left();
            assertEquals(List.of("part"), tables(build), sql);
        }
    }

    /**
     * A hash table costs per row as well as per byte: 1,500 customers with their strings are built
     * rather than 7,800 orders of two numbers (by bytes alone, the orders were). Inside Volcano the
     * widths are the same as outside, so the choice is the cheaper one by the cost model.
     */
    @Test
    void buildSideHasFewerRowsUnlessTheOtherIsMuchNarrower() throws Exception {
        PhysicalPlan plan = tpch.physicalPlan("SELECT c_comment, c_address, c_name, o_orderkey FROM customer JOIN orders "
                + "ON c_custkey = o_custkey WHERE o_orderdate < DATE '1995-06-01'");
        HashJoinNode j = only(plan.root(), HashJoinNode.class);
        assertEquals(List.of("customer"), tables(j.buildRight() ? j.right() : j.left()), plan.explain());
        assertCheapestBuildSides(plan);
    }

    /** Every hash join of {@code plan} builds on the side AscanHashJoin's cost prefers. */
    static void assertCheapestBuildSides(PhysicalPlan plan) {
        RelMetadataQuery mq = plan.rel().getCluster().getMetadataQuery();
        RelOptPlanner planner = plan.rel().getCluster().getPlanner();
        List<AscanHashJoin> joins = new ArrayList<>();
        new RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                if (node instanceof AscanHashJoin j) joins.add(j);
                super.visit(node, ordinal, parent);
            }
        }.go(plan.rel());
        for (AscanHashJoin j : joins) {
            AscanHashJoin other = new AscanHashJoin(j.getCluster(), j.getTraitSet(), j.getLeft(), j.getRight(), j.getCondition(),
                    j.getJoinType(), !j.buildRight());
            assertTrue(j.computeSelfCost(planner, mq).isLe(other.computeSelfCost(planner, mq)), plan.explain());
        }
    }

    @Test
    void setOperationsSortsLimitsAndValues() throws Exception {
        PhysicalPlan union = bench.physicalPlan("SELECT c_nation FROM customer UNION SELECT s_nation FROM supplier");
        AggregateNode distinct = assertInstanceOf(AggregateNode.class, union.root(), union.explain());
        assertInstanceOf(UnionAllNode.class, distinct.input());
        assertArrayEquals(new int[] {0}, distinct.groupKeys());
        PhysicalPlan all = bench.physicalPlan("SELECT c_nation FROM customer UNION ALL SELECT s_nation FROM supplier");
        assertInstanceOf(UnionAllNode.class, all.root());

        LimitNode limit = assertInstanceOf(LimitNode.class, bench.physicalPlan("SELECT lo_revenue FROM lineorder LIMIT 5 OFFSET 2").root());
        assertEquals(2, limit.offset());
        assertEquals(5, limit.fetch());
        SortNode topK = assertInstanceOf(SortNode.class,
                bench.physicalPlan("SELECT lo_revenue FROM lineorder ORDER BY lo_revenue DESC LIMIT 5").root());
        assertEquals(5, topK.fetch());
        assertEquals(new SortNode.Key(0, true, true), topK.keys().getFirst());

        PhysicalPlan values = bench.physicalPlan("SELECT * FROM (VALUES (1, 'a', 1.5), (2, 'bc', 2.25)) AS t (n, s, d)");
        ValuesNode v = assertInstanceOf(ValuesNode.class, values.root(), values.explain());
        assertEquals(List.of("n", "s", "d"), values.columnNames());
        assertEquals(2, v.rows().size());
        assertEquals(DataType.decimal(3, 2), v.output().get(2).type());
        assertEquals(150L, v.rows().getFirst().get(2).value()); // 1.5 at the column's scale 2
    }

    @Test
    void resultColumnsHaveTheQueryAliasesAndTypes() throws Exception {
        PhysicalPlan plan = bench.physicalPlan("SELECT lo_orderkey AS k, lo_orderkey AS k2, SUM(lo_quantity) AS s, "
                + "AVG(lo_quantity), COUNT(*) AS n FROM lineorder GROUP BY lo_orderkey");
        List<OutputColumn> out = plan.root().output();
        assertEquals(List.of("k", "k2", "s", "EXPR$3", "n"), out.stream().map(OutputColumn::name).toList());
        assertEquals(List.of(DataType.INTEGER, DataType.INTEGER, DataType.BIGINT, DataType.DOUBLE, DataType.BIGINT),
                out.stream().map(OutputColumn::type).toList());
    }

    @Test
    void whatTheEngineLacksIsNamed() {
        PlanningException e = assertThrows(PlanningException.class,
                () -> bench.physicalPlan("SELECT lo_revenue, COUNT(DISTINCT lo_tax) OVER (ORDER BY lo_revenue) FROM lineorder"));
        assertTrue(e.getMessage().contains("COUNT(DISTINCT ...) OVER (...) is not supported"), e.getMessage());
        e = assertThrows(PlanningException.class, () -> bench.physicalPlan(
                "SELECT lo_revenue, SUM(lo_tax) OVER (ORDER BY lo_revenue ROWS UNBOUNDED PRECEDING EXCLUDE CURRENT ROW) FROM lineorder"));
        assertTrue(e.getMessage().contains("frame exclusion"), e.getMessage());
        e = assertThrows(PlanningException.class,
                () -> bench.physicalPlan("SELECT INITCAP(d_date) FROM dwdate"));
        assertTrue(e.getMessage().contains("no engine expression for operator INITCAP"), e.getMessage());
    }

    @Test
    void windowsOfOnePartitioningShareAWindowOperator() throws Exception {
        String explain = bench.physicalPlan("SELECT lo_orderkey, ROW_NUMBER() OVER (PARTITION BY lo_custkey ORDER BY lo_revenue), "
                + "SUM(lo_tax) OVER (PARTITION BY lo_custkey ORDER BY lo_revenue ROWS 2 PRECEDING), "
                + "LAG(lo_tax, 2, 0) OVER (ORDER BY lo_orderkey) FROM lineorder").explain();
        assertEquals(2, explain.split("Window\\(", -1).length - 1, explain);
        assertTrue(explain.contains("EXPR$1=ROW_NUMBER()"), explain);
        assertTrue(explain.contains("SUM($"), explain);
        assertTrue(explain.contains("ROWS BETWEEN 2 PRECEDING AND CURRENT ROW"), explain);
        assertTrue(explain.contains("LAG($"), explain);
    }

    @Test
    void explainPlanForShowsThePhysicalPlan() throws Exception {
        String explain = bench.physicalPlan("EXPLAIN PLAN FOR " + query("ssb/q1.1")).explain();
        assertTrue(explain.contains("AdaptiveScan(table=dwdate, columns=[d_datekey], P=[d_year = 1993], R=[], slices=[2 of 7])"),
                explain);
        assertTrue(explain.startsWith("HashAggregate(group=[], calls=[SUM("), explain);
    }

    // ---- helpers

    static List<PhysicalNode> nodes(PhysicalNode root) {
        List<PhysicalNode> all = new ArrayList<>();
        all.add(root);
        for (PhysicalNode in : root.inputs()) all.addAll(nodes(in));
        return all;
    }

    static List<String> tables(PhysicalNode n) {
        return nodes(n).stream().filter(ScanNode.class::isInstance).map(s -> ((ScanNode) s).table().name()).toList();
    }

    /** Columns a scan reads (AdaptiveScan: its projection, then the columns only P needs), by name. */
    static List<String> readColumns(ScanNode s) {
        int[] read = new io.ascan.scan.adaptive.AdaptiveScan(s, io.ascan.scan.ScanEnvironment.local()).readColumns();
        return java.util.Arrays.stream(read).mapToObj(c -> name(s, c)).toList();
    }

    @Test
    void countStarReadsOnlyThePredicateColumns() throws Exception {
        ScanNode s = scan(tpch.physicalPlan("SELECT count(*) FROM lineitem WHERE l_quantity < 24").root(), "lineitem");
        assertEquals(List.of("l_quantity"), readColumns(s));
        ScanNode two = scan(tpch.physicalPlan("SELECT count(*) FROM lineitem WHERE l_quantity < 24 AND l_discount > 0.02")
                .root(), "lineitem");
        assertEquals(1, two.columns().length, "one delivered column for the row counts");
        assertEquals(java.util.Set.of("l_quantity", "l_discount"), java.util.Set.copyOf(readColumns(two)));
    }

    @Test
    void countStarWithoutPredicateReadsOneColumn() throws Exception {
        ScanNode s = scan(tpch.physicalPlan("SELECT count(*) FROM lineitem").root(), "lineitem");
        assertEquals(1, readColumns(s).size(), () -> "reads " + readColumns(s));
        // Constants only, and an aggregate over a join that uses only the key: the same pruning.
        assertEquals(1, readColumns(scan(tpch.physicalPlan("SELECT 1 FROM region").root(), "region")).size());
        ScanNode joined = scan(tpch.physicalPlan("SELECT count(*) FROM lineitem, orders WHERE l_orderkey = o_orderkey")
                .root(), "lineitem");
        assertEquals(List.of("l_orderkey"), readColumns(joined));
    }

    static <T extends PhysicalNode> T only(PhysicalNode root, Class<T> type) {
        List<PhysicalNode> found = nodes(root).stream().filter(type::isInstance).toList();
        assertEquals(1, found.size(), () -> "one " + type.getSimpleName() + " expected in " + root);
        return type.cast(found.getFirst());
    }

    static ScanNode scan(PhysicalNode root, String table) {
        return nodes(root).stream().filter(n -> n instanceof ScanNode s && s.table().name().equals(table))
                .map(ScanNode.class::cast).findFirst().orElseThrow();
    }

    static String name(ScanNode s, int tableColumn) {
        return s.table().schema().column(tableColumn).name();
    }

    static String keys(HashJoinNode j) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < j.leftKeys().length; i++) {
            keys.add(j.left().output().get(j.leftKeys()[i]).name() + " = " + j.right().output().get(j.rightKeys()[i]).name());
        }
        return String.join(", ", keys);
    }

    /** Produces at most one row: an aggregate without keys, possibly under projections. */
    static boolean singleRow(PhysicalNode n) {
        return switch (n) {
            case AggregateNode a -> a.groupKeys().length == 0;
            case ProjectNode p -> singleRow(p.input());
            case FilterNode f -> singleRow(f.input());
            default -> false;
        };
    }
}
