package io.ascan.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.engine.Engine;
import io.ascan.engine.EngineConfig;
import io.ascan.engine.EngineProperties;
import io.ascan.exec.QueryResult;
import io.ascan.planner.rel.AdaptiveScan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.arrow.vector.BigIntVector;
import org.apache.calcite.util.ImmutableBitSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Row, distinct-value and width estimates of the planner's metadata on TPC-H (SF 0.01, real data). */
class CardinalityEstimateTest {
    @TempDir static Path dir;
    static QueryPlanner tpch;
    static AscanQueryService service;

    @BeforeAll
    static void generate() throws IOException {
        Catalog catalog = TpchTestTables.generate(dir);
        tpch = new QueryPlanner(catalog);
        service = new AscanQueryService(catalog, Engine.acquire(catalog.dir(), EngineConfig.DEFAULTS), 2);
    }

    @AfterAll
    static void close() {
        service.close();
    }

    /** The rows {@code from} (FROM and WHERE of a query) produces, counted by running it. */
    static long count(String from) throws Exception {
        var options = EngineProperties.parse(java.util.Map.of("io", "portable")).query();
        try (QueryResult r = service.prepare("SELECT count(*) FROM " + from).execute(List.of(), options)) {
            r.next();
            return ((BigIntVector) r.batch().getVector(0)).get(0);
        }
    }

    /** The planner's rows for {@code from} against the rows it produces: asserted within {@code factor} either way. */
    static void assertEstimateWithin(double factor, String from) throws Exception {
        RelNode plan = rel("SELECT 1 FROM " + from);
        double estimate = mq(plan).getRowCount(plan), actual = count(from);
        assertTrue(estimate <= actual * factor && estimate * factor >= actual, estimate + " rows estimated, " + actual + " produced");
    }

    static RelNode rel(String sql) throws PlanningException {
        return tpch.plan(sql).rel();
    }

    static <T extends RelNode> List<T> rels(RelNode root, Class<T> type) {
        List<T> found = new ArrayList<>();
        if (type.isInstance(root)) found.add(type.cast(root));
        for (RelNode in : root.getInputs()) found.addAll(rels(in, type));
        return found;
    }

    static <T extends RelNode> T first(RelNode root, Class<T> type) {
        return rels(root, type).getFirst();
    }

    static AdaptiveScan scan(RelNode root, String table) {
        return rels(root, AdaptiveScan.class).stream().filter(s -> s.ascanTable().table().name().equals(table)).findFirst()
                .orElseThrow();
    }

    static RelMetadataQuery mq(RelNode rel) {
        return rel.getCluster().getMetadataQuery();
    }

    /** An unfiltered column has the manifest's distinct values (Calcite's formula would keep 63% of a key's). */
    @Test
    void unfilteredColumnsHaveTheManifestsDistinctCount() throws Exception {
        AdaptiveScan scan = first(rel("SELECT o_orderkey, o_custkey FROM orders"), AdaptiveScan.class);
        for (int field = 0; field < 2; field++) {
            double manifest = scan.ascanTable().stats(scan.columns().get(field)).distinct();
            assertEquals(manifest, mq(scan).getDistinctRowCount(scan, ImmutableBitSet.of(field), null), 1e-6);
        }
    }

    /**
     * Filtering keeps the passing share of a key's values, its own range the covered share of a
     * column's values, and a few values that many rows share all survive another filter.
     */
    @Test
    void filteredColumnsKeepTheirShareOfValues() throws Exception {
        AdaptiveScan scan = first(rel("SELECT o_orderkey, o_orderdate, o_orderstatus FROM orders "
                + "WHERE o_orderdate >= DATE '1994-01-01' AND o_orderdate < DATE '1995-01-01'"), AdaptiveScan.class);
        RelMetadataQuery mq = mq(scan);
        double rows = mq.getRowCount(scan);
        assertEquals(rows, mq.getDistinctRowCount(scan, ImmutableBitSet.of(0), null), rows * 0.01);
        double days = mq.getDistinctRowCount(scan, ImmutableBitSet.of(1), null);
        assertTrue(days > 300 && days < 400, "distinct order dates in one year: " + days);
        assertEquals(scan.ascanTable().stats(scan.columns().get(2)).distinct(), mq.getDistinctRowCount(scan, ImmutableBitSet.of(2), null),
                0.01);
    }

    /**
     * lineitem's (l_partkey, l_suppkey) is a foreign key into partsupp: the join keeps every
     * lineitem row. With the keys' distinct counts multiplied up to the rows it would keep only
     * partsupp's rows' worth; with both equalities independent, a fraction of one.
     */
    @Test
    void aForeignKeyOfTwoColumnsKeepsTheReferencingRows() throws Exception {
        RelNode plan = rel("SELECT l_quantity, ps_supplycost FROM lineitem JOIN partsupp "
                + "ON l_partkey = ps_partkey AND l_suppkey = ps_suppkey");
        Join join = first(plan, Join.class);
        double lineitem = scan(plan, "lineitem").ascanTable().table().rowCount();
        double rows = mq(join).getRowCount(join);
        assertTrue(rows > lineitem / 2 && rows < lineitem * 2, rows + " rows for " + lineitem + " lineitem rows");
    }

    /** Filtered on one side, the composite foreign key keeps the share of referencing rows that pass. */
    @Test
    void aFilteredForeignKeyJoinKeepsThePassingShare() throws Exception {
        RelNode plan = rel("SELECT l_quantity FROM lineitem JOIN partsupp ON l_partkey = ps_partkey AND l_suppkey = ps_suppkey "
                + "WHERE ps_availqty < 1000");
        Join join = first(plan, Join.class);
        RelMetadataQuery mq = mq(join);
        AdaptiveScan partsupp = scan(plan, "partsupp");
        double share = mq.getRowCount(partsupp) / partsupp.ascanTable().table().rowCount();
        double expected = share * scan(plan, "lineitem").ascanTable().table().rowCount();
        double rows = mq.getRowCount(join);
        assertTrue(rows > expected / 2 && rows < expected * 2, rows + " rows, expected about " + expected);
    }

    /**
     * A foreign key into a filtered primary key keeps the primary key's passing share of the
     * referencing rows: a fifth of the orders belong to the BUILDING customers. The containment
     * assumption took the fewer customers of two months' orders for customers of that segment, and
     * (TPC-H q3, q5) a region's customers for customers that have orders.
     */
    @Test
    void aForeignKeyIntoAFilteredPrimaryKeyKeepsItsPassingShare() throws Exception {
        assertEstimateWithin(1.5, "orders, customer WHERE o_custkey = c_custkey AND c_mktsegment = 'BUILDING' "
                + "AND o_orderdate < DATE '1992-03-01'");
        assertEstimateWithin(1.3, "orders, customer, nation, region WHERE o_custkey = c_custkey AND c_nationkey = n_nationkey "
                + "AND n_regionkey = r_regionkey AND r_name = 'ASIA' AND o_orderdate >= DATE '1994-01-01' "
                + "AND o_orderdate < DATE '1995-01-01'");
    }

    /**
     * Keys thinned out on both sides by filters on other columns match the share of each (TPC-H q8:
     * the lineitems of one part type, of which the orders of two years keep 30%). Containment found
     * every lineitem's order among the 456,000 passing ones: three times too many.
     */
    @Test
    void keysThinnedOnBothSidesMatchTheirShareOfEach() throws Exception {
        assertEstimateWithin(1.5, "lineitem, part, orders WHERE l_partkey = p_partkey AND l_orderkey = o_orderkey "
                + "AND p_type = 'ECONOMY ANODIZED STEEL' AND o_orderdate BETWEEN DATE '1995-01-01' AND DATE '1996-12-31'");
    }

    /**
     * TPC-H q5 joins supplier on {@code l_suppkey = s_suppkey AND c_nationkey = s_nationkey}: s_suppkey
     * is supplier's primary key, so the nation is one more equality that keeps a 25th, not part of a
     * foreign key. Taken for one, the estimate was 40 times the rows.
     */
    @Test
    void aKeyBesideAPrimaryKeyIsAnIndependentEquality() throws Exception {
        assertEstimateWithin(2, "customer, orders, lineitem, supplier, nation, region WHERE c_custkey = o_custkey "
                + "AND l_orderkey = o_orderkey AND l_suppkey = s_suppkey AND c_nationkey = s_nationkey "
                + "AND s_nationkey = n_nationkey AND n_regionkey = r_regionkey AND r_name = 'ASIA' "
                + "AND o_orderdate >= DATE '1994-01-01' AND o_orderdate < DATE '1995-01-01'");
    }

    /**
     * An aggregate whose input a semi-join reduced to the other side's keys (q17's average per part)
     * holds the same keys as that side, not an independent sample: the join keeps them all.
     */
    @Test
    void keysReducedToTheOtherSidesMatchThemAll() throws Exception {
        assertEstimateWithin(2, "part, (SELECT l_partkey, avg(l_quantity) AS a FROM lineitem GROUP BY l_partkey) x "
                + "WHERE p_partkey = x.l_partkey AND p_brand = 'Brand#23'");
    }

    /** No more groups than input rows, though the group key's distinct count in the whole table is larger. */
    @Test
    void anAggregateHasNoMoreGroupsThanInputRows() throws Exception {
        RelNode plan = rel(PhysicalPlannerTest.query("tpch/q17"));
        RelMetadataQuery mq = mq(plan);
        for (Aggregate a : rels(plan, Aggregate.class)) assertTrue(mq.getRowCount(a) <= mq.getRowCount(a.getInput()), a.explain());
    }

    /**
     * HAVING sum(l_quantity) > 300 over about four lineitems of 1 to 50 per order keeps almost no
     * order (q18: 57 of 1.5 million); > 50 keeps most. Calcite would guess half for both.
     */
    @Test
    void havingOnASumUsesTheDistributionOfTheSummedColumn() throws Exception {
        double few = havingShare("sum(l_quantity) > 300"), most = havingShare("sum(l_quantity) > 50");
        assertTrue(few <= 0.01, "sum > 300: " + few);
        assertTrue(most > 0.6 && most < 1, "sum > 50: " + most);
        assertTrue(havingShare("max(l_quantity) < 10") < 0.05, "max < 10");
        assertTrue(havingShare("count(*) >= 1") > 0.9, "count >= 1");
        assertEquals(0.5, havingShare("sum(l_extendedprice * l_discount) > 300"), 1e-9, "no statistics: Calcite's guess");
    }

    private static double havingShare(String having) throws PlanningException {
        RelNode plan = rel("SELECT l_orderkey FROM lineitem GROUP BY l_orderkey HAVING " + having);
        Filter f = first(plan, Filter.class);
        return mq(f).getRowCount(f) / mq(f).getRowCount(f.getInput());
    }

    @Test
    void likeKeepsFewerRowsTheLongerItsPattern() throws Exception {
        double green = scanShare("p_name LIKE '%green%'"), forestGreen = scanShare("p_name LIKE '%forest%green%'");
        assertTrue(green < 0.2 && forestGreen < green / 10, green + ", " + forestGreen);
        assertEquals(1 - green, scanShare("p_name NOT LIKE '%green%'"), 1e-9);
        AdaptiveScan scan = first(rel("SELECT p_partkey FROM part WHERE p_name LIKE 'x'"), AdaptiveScan.class);
        assertEquals(1 / scan.ascanTable().stats(1).distinct(), scanShare("p_name LIKE 'x'"), 1e-9, "no wildcard: an equality");
    }

    /**
     * LIKE keeps the share of the column's sample it matches. TPC-H's p_name is five distinct
     * words of 92 colours, so 5/92 (5.4%) of the parts contain 'green'; p_type starts with one of
     * six syllables, so a sixth are 'PROMO%'. The pattern's length alone gave 13% and 13%; Calcite
     * guesses 25%. ILIKE matches either case.
     */
    @Test
    void likeKeepsTheShareOfASampleItMatches() throws Exception {
        double green = scanShare("p_name LIKE '%green%'");
        assertTrue(green > 0.03 && green < 0.08, "green parts: " + green);
        double promo = scanShare("p_type LIKE 'PROMO%'");
        assertTrue(promo > 0.12 && promo < 0.22, "promo parts: " + promo);
        assertEquals(green, scanShare("p_name ILIKE '%GrEeN%'"), 1e-9);
        assertTrue(scanShare("p_name LIKE '%GREEN%'") < 0.01, "no part name is upper case");
    }

    /**
     * A range of strings keeps the part of the zone maps' [min, max] it covers. TPC-H's p_brand is
     * Brand#MN, M and N uniform in 1..5 (25 brands): two brands keep 8%, those below Brand#3 40%.
     * Calcite would guess a quarter for a range and half for a comparison.
     */
    @Test
    void aRangeOfStringsKeepsTheShareOfTheBoundsItCovers() throws Exception {
        double two = scanShare("p_brand BETWEEN 'Brand#21' AND 'Brand#22'");
        assertTrue(two > 0.08 / 3 && two < 0.16, "two brands: " + two);
        double below = scanShare("p_brand < 'Brand#3'");
        assertTrue(below > 0.3 && below < 0.45, "below Brand#3: " + below);
        assertTrue(scanShare("p_brand >= 'Brand#6'") < 0.05, "above every brand");
        assertTrue(scanShare("p_brand BETWEEN 'A' AND 'Z'") > 0.9, "every brand");
        assertEquals(0.5, scanShare("p_brand < p_type"), 1e-9, "no literal: Calcite's guess");
    }

    private static double scanShare(String predicate) throws PlanningException {
        AdaptiveScan scan = first(rel("SELECT p_partkey FROM part WHERE " + predicate), AdaptiveScan.class);
        return mq(scan).getRowCount(scan) / scan.ascanTable().table().rowCount();
    }

    /** Widths are the engine's: 8 bytes a value, strings also their average length from the segments. */
    @Test
    void columnWidthsAreTheEnginesRowBytes() throws Exception {
        AdaptiveScan scan = first(rel("SELECT c_custkey, c_name, c_acctbal FROM customer"), AdaptiveScan.class);
        List<Double> widths = mq(scan).getAverageColumnSizes(scan);
        assertEquals(8.0, widths.get(0));
        assertTrue(widths.get(1) >= 8 + "Customer#000000001".length() && widths.get(1) < 8 + 40, "c_name: " + widths.get(1));
        assertEquals(8.0, widths.get(2));
    }
}
