package io.ascan.planner;

import static io.ascan.planner.PhysicalPlannerTest.keys;
import static io.ascan.planner.PhysicalPlannerTest.nodes;
import static io.ascan.planner.PhysicalPlannerTest.query;
import static io.ascan.planner.PhysicalPlannerTest.tables;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.plan.HashJoinNode;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ScanNode;
import io.ascan.planner.physical.PhysicalPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Join orders and build sides the planner chooses on TPC-H (SF 0.01, real data): the join
 * enumerator's bushy plans over classes of equal columns, the estimates that drive it, and the
 * Volcano phase's build sides agreeing with the cost model.
 */
class JoinOrderTest {
    @TempDir static Path dir;
    static QueryPlanner tpch;

    @BeforeAll
    static void generate() throws IOException {
        tpch = new QueryPlanner(TpchTestTables.generate(dir));
    }

    static PhysicalPlan plan(String name) throws Exception {
        return tpch.physicalPlan(query("tpch/" + name));
    }

    static List<HashJoinNode> joins(PhysicalNode root) {
        return nodes(root).stream().filter(HashJoinNode.class::isInstance).map(HashJoinNode.class::cast).toList();
    }

    static PhysicalNode build(HashJoinNode j) {
        return j.buildRight() ? j.right() : j.left();
    }

    static PhysicalNode probe(HashJoinNode j) {
        return j.buildRight() ? j.left() : j.right();
    }

    /**
     * q9 joins part only with lineitem and partsupp only with lineitem, on l_partkey; the classes of
     * equal columns let part join partsupp directly. The green parts pick their partsupp rows, and
     * lineitem probes that small table on both keys of partsupp (DuckDB's plan) instead of a hash
     * table of all 8,000 (SF 1: 800,000) partsupp rows.
     */
    @Test
    void q9PartsuppIsJoinedWithTheFilteredPartsBeforeLineitemProbesIt() throws Exception {
        PhysicalPlan plan = plan("q09");
        HashJoinNode lineitem = joins(plan.root()).stream().filter(j -> tables(probe(j)).equals(List.of("lineitem")))
                .findFirst().orElseThrow(() -> new AssertionError(plan.explain()));
        assertTrue(tables(build(lineitem)).containsAll(List.of("partsupp", "part")), plan.explain());
        assertEquals(Set.of("l_partkey = ps_partkey", "l_suppkey = ps_suppkey"), keyPairs(lineitem), plan.explain());
        HashJoinNode part = joins(plan.root()).stream().filter(j -> tables(build(j)).equals(List.of("part"))).findFirst()
                .orElseThrow(() -> new AssertionError(plan.explain()));
        assertEquals(List.of("partsupp"), tables(probe(part)), plan.explain());
        assertFalse(joins(plan.root()).stream().anyMatch(j -> tables(build(j)).equals(List.of("partsupp"))), plan.explain());
    }

    /** q5: customer joins nation (c_nationkey = s_nationkey = n_nationkey) before orders and lineitem. */
    @Test
    void q5CustomersAreFilteredByTheRegionThroughNation() throws Exception {
        PhysicalPlan plan = plan("q05");
        HashJoinNode customer = joins(plan.root()).stream().filter(j -> tables(j).containsAll(List.of("customer", "nation"))
                && !tables(j).contains("orders")).findFirst().orElseThrow(() -> new AssertionError(plan.explain()));
        assertEquals(List.of("customer"), tables(probe(customer)), plan.explain());
        assertEquals(List.of("nation", "region"), tables(build(customer)), plan.explain());
    }

    /**
     * q18: HAVING sum(l_quantity) > 300 keeps few orders, so the joins above it stay small and
     * build their hash tables on that side: lineitem and orders probe, nothing builds on them.
     */
    @Test
    void q18BuildsOnTheFewOrdersTheHavingClauseKeeps() throws Exception {
        PhysicalPlan plan = plan("q18");
        for (HashJoinNode j : joins(plan.root())) {
            assertFalse(build(j) instanceof ScanNode s && Set.of("lineitem", "orders", "customer").contains(s.table().name()),
                    plan.explain());
        }
        assertEquals(3, joins(plan.root()).size(), plan.explain());
    }

    /** Every join condition holds one equality per class of equal columns: none is implied by the others. */
    @ParameterizedTest
    @MethodSource("queries")
    void noJoinKeyIsImpliedByAnother(String name) throws Exception {
        PhysicalPlan plan = plan(name);
        for (HashJoinNode j : joins(plan.root())) {
            Set<String> left = new HashSet<>(), right = new HashSet<>();
            for (int i = 0; i < j.leftKeys().length; i++) {
                assertTrue(left.add(j.left().output().get(j.leftKeys()[i]).name())
                        && right.add(j.right().output().get(j.rightKeys()[i]).name()), plan.explain());
            }
        }
    }

    /**
     * The Volcano phase builds each hash join on the side AscanHashJoin's cost prefers: the row
     * estimates inside Volcano's sets are the same as outside (a HAVING clause under a set once
     * fell back to Calcite's 50% there and flipped q18's build side).
     */
    @ParameterizedTest
    @MethodSource("queries")
    void everyBuildSideIsTheCheaperOne(String name) throws Exception {
        PhysicalPlannerTest.assertCheapestBuildSides(plan(name));
    }

    /** The many-table joins of q3, q5, q7, q8, q9 and q10 never build a hash table of a whole lineitem scan. */
    @ParameterizedTest
    @MethodSource("starQueries")
    void lineitemIsNeverBuilt(String name) throws Exception {
        PhysicalPlan plan = plan(name);
        for (HashJoinNode j : joins(plan.root())) assertFalse(tables(build(j)).equals(List.of("lineitem")), plan.explain());
    }

    static Stream<String> starQueries() {
        return Stream.of("q03", "q05", "q07", "q08", "q09", "q10");
    }

    static Stream<String> queries() {
        return IntStream.rangeClosed(1, 22).mapToObj(q -> String.format("q%02d", q));
    }

    /** The join's key pairs as "a = b", the two names in alphabetical order. */
    private static Set<String> keyPairs(HashJoinNode j) {
        Set<String> pairs = new HashSet<>();
        for (String k : keys(j).split(", ")) {
            String[] ab = k.split(" = ");
            pairs.add(ab[0].compareTo(ab[1]) < 0 ? ab[0] + " = " + ab[1] : ab[1] + " = " + ab[0]);
        }
        return pairs;
    }
}
