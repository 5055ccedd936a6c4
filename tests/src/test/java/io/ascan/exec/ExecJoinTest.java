package io.ascan.exec;

import io.ascan.exec.driver.Executor;
import static io.ascan.exec.ExecHarness.*;
import static io.ascan.exec.ExecPlans.*;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.expr.Call;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.plan.HashJoinNode;
import io.ascan.plan.JoinType;
import io.ascan.plan.OutputColumn;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ProjectNode;
import io.ascan.plan.ValuesNode;
import io.ascan.scan.ScanStrategy;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every join type, both build sides, NULL keys, multi-key and residual conditions, and joins over SSB; against DuckDB. */
class ExecJoinTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final QueryOptions OPTIONS = QueryOptions.DEFAULTS.withMode(ScanStrategy.DIRECT).withComputeThreads(2);

    Executor executor() {
        return new Executor(memory.allocator(), memory.pool());
    }

    static final Object[][] L = {{1, "a", 10L}, {2, "b", 20L}, {2, "b2", 21L}, {3, "c", 30L}, {null, "n", 40L}, {5, "e", 50L}, {3, null, 31L}};
    static final Object[][] R = {{2, "b", 200L}, {2, "x", 201L}, {3, "c", 300L}, {4, "d", 400L}, {null, "n", 500L}, {3, "z", 301L},
            {3, null, 302L}};

    static ValuesNode values(Object[][] rows, String p) {
        return values(rows, p, KeyLayout.DENSE, DataType.INTEGER);
    }

    /** The rows with key k mapped by {@code keys} and typed {@code keyType} (INTEGER or BIGINT). */
    static ValuesNode values(Object[][] rows, String p, KeyLayout keys, DataType keyType) {
        List<List<Literal>> out = new ArrayList<>();
        for (Object[] r : rows) {
            Literal k = r[0] == null ? Literal.ofNull(keyType)
                    : keyType == DataType.INTEGER ? Literal.of((int) keys.map((Integer) r[0])) : Literal.of(keys.map((Integer) r[0]));
            out.add(List.of(k, r[1] == null ? Literal.ofNull(DataType.VARCHAR) : Literal.of((String) r[1]), Literal.of((Long) r[2])));
        }
        return new ValuesNode(List.of(new OutputColumn(p + "k", keyType), new OutputColumn(p + "s", DataType.VARCHAR),
                new OutputColumn(p + "v", DataType.BIGINT)), out);
    }

    static String sql(Object[][] rows, String p) {
        return sql(rows, p, KeyLayout.DENSE, DataType.INTEGER);
    }

    static String sql(Object[][] rows, String p, KeyLayout keys, DataType keyType) {
        String cast = "::" + keyType.kind();
        StringBuilder sb = new StringBuilder("(VALUES ");
        for (int i = 0; i < rows.length; i++) {
            Object[] r = rows[i];
            sb.append(i > 0 ? ", " : "").append("(").append(r[0] == null ? "NULL" : keys.map((Integer) r[0])).append(cast).append(", ")
                    .append(r[1] == null ? "NULL::VARCHAR" : "'" + r[1] + "'").append(", ").append(r[2]).append("::BIGINT)");
        }
        return sb.append(") AS ").append(p).append("(").append(p).append("k, ").append(p).append("s, ").append(p).append("v)").toString();
    }

    /** How the test keys 1..5 are spread, and the layout a single-key join's table then takes. */
    enum KeyLayout {
        DENSE(1, 0, "direct-address table"),
        NEGATIVE(1, -4, "direct-address table"),
        /** Beyond the int range: the slot of a key is still key - min. */
        WIDE(1, 5_000_000_000L, "direct-address table"),
        /** A million apart: far too sparse for slots per key value. */
        SPARSE(1_000_003, 0, "hash table");

        final long scale, shift;
        final String table;

        KeyLayout(long scale, long shift, String table) {
            this.scale = scale;
            this.shift = shift;
            this.table = table;
        }

        long map(int k) {
            return k * scale + shift;
        }
    }

    static String duckJoin(JoinType t) {
        return switch (t) {
            case INNER -> "JOIN";
            case LEFT -> "LEFT JOIN";
            case RIGHT -> "RIGHT JOIN";
            case FULL -> "FULL JOIN";
            case SEMI -> "SEMI JOIN";
            case ANTI -> "ANTI JOIN";
        };
    }

    void check(JoinType t, boolean buildRight, boolean multiKey, boolean residual) throws Exception {
        check(t, buildRight, multiKey, residual, KeyLayout.DENSE, DataType.INTEGER, DataType.INTEGER);
    }

    void check(JoinType t, boolean buildRight, boolean multiKey, boolean residual, KeyLayout keys, DataType leftKey, DataType rightKey)
            throws Exception {
        ValuesNode l = values(L, "l", keys, leftKey), r = values(R, "r", keys, rightKey);
        // over left (lk, ls, lv) then right (rk, rs, rv): rv > lv * 10
        Expr res = residual ? Call.predicate(Operator.GT, col(5, DataType.BIGINT),
                Call.of(Operator.TIMES, DataType.BIGINT, col(2, DataType.BIGINT), Literal.of(10L))) : null;
        String[] on = multiKey ? new String[] {"lk=rk", "ls=rs"} : new String[] {"lk=rk"};
        HashJoinNode j = join(l, r, t, buildRight, res, on);
        QueryResult result = executor().execute(j, OPTIONS);
        var rows = rows(result);
        String cond = "lk = rk" + (multiKey ? " AND ls = rs" : "") + (residual ? " AND rv > lv * 10" : "");
        String select = t.projectsRight() ? "*" : "lk, ls, lv";
        var expected = duck("SELECT " + select + " FROM " + sql(L, "l", keys, leftKey) + " " + duckJoin(t) + " "
                + sql(R, "r", keys, rightKey) + " ON " + cond);
        assertSameRows(expected, rows, false);
        String table = multiKey ? "hash table" : keys.table;
        assertTrue(result.statistics().contains("HashJoinBuild(keys [0" + (multiKey ? ", 1" : "") + "]): " + table), result.statistics());
    }

    @ParameterizedTest
    @EnumSource(JoinType.class)
    void everyJoinTypeBothBuildSides(JoinType t) throws Exception {
        for (boolean buildRight : new boolean[] {true, false}) {
            for (boolean multi : new boolean[] {false, true}) {
                for (boolean residual : new boolean[] {false, true}) check(t, buildRight, multi, residual);
            }
        }
    }

    /**
     * A single-key join gets a direct-address table when its keys are dense (also negative, or
     * beyond the int range) and a hash table when they are sparse; every join type, NULL keys,
     * duplicates and residuals give the same rows either way.
     */
    @ParameterizedTest
    @EnumSource(JoinType.class)
    void everyJoinTypeOverDirectAndHashedKeys(JoinType t) throws Exception {
        for (KeyLayout keys : KeyLayout.values()) {
            DataType type = keys == KeyLayout.WIDE ? DataType.BIGINT : DataType.INTEGER;
            for (boolean buildRight : new boolean[] {true, false}) {
                for (boolean residual : new boolean[] {false, true}) check(t, buildRight, false, residual, keys, type, type);
            }
        }
    }

    /** INTEGER keys probing BIGINT keys (and the reverse) meet by value in a direct-address table too. */
    @Test
    void integerAndBigintKeysMeetInADirectAddressTable() throws Exception {
        for (JoinType t : new JoinType[] {JoinType.INNER, JoinType.FULL, JoinType.ANTI}) {
            check(t, true, false, false, KeyLayout.NEGATIVE, DataType.INTEGER, DataType.BIGINT);
            check(t, true, false, false, KeyLayout.NEGATIVE, DataType.BIGINT, DataType.INTEGER);
        }
    }

    /**
     * Null-safe keys (IS NOT DISTINCT FROM, as decorrelation joins on nullable columns) mixed with
     * strict ones, NULLs in both keys on both sides: NULL meets NULL on a null-safe key only, for
     * every join type and build side, with and without a residual; a single null-safe key keeps
     * the hash table even where its keys are dense (the direct layout has no slot for NULL).
     */
    @ParameterizedTest
    @EnumSource(JoinType.class)
    void nullSafeKeysMixedWithStrictOnes(JoinType t) throws Exception {
        String[][] keySets = {{"lk<=>rk"}, {"lk<=>rk", "ls=rs"}, {"lk=rk", "ls<=>rs"}, {"lk<=>rk", "ls<=>rs"}};
        for (String[] on : keySets) {
            for (boolean buildRight : new boolean[] {true, false}) {
                for (boolean residual : new boolean[] {false, true}) checkNullSafe(t, buildRight, residual, on);
            }
        }
    }

    void checkNullSafe(JoinType t, boolean buildRight, boolean residual, String... on) throws Exception {
        ValuesNode l = values(L, "l"), r = values(R, "r");
        Expr res = residual ? Call.predicate(Operator.GT, col(5, DataType.BIGINT),
                Call.of(Operator.TIMES, DataType.BIGINT, col(2, DataType.BIGINT), Literal.of(10L))) : null;
        QueryResult result = executor().execute(join(l, r, t, buildRight, res, on), OPTIONS);
        List<String> cond = new ArrayList<>();
        for (String k : on) cond.add(k.replace("<=>", " IS NOT DISTINCT FROM ").replace("=", " = "));
        if (residual) cond.add("rv > lv * 10");
        String select = t.projectsRight() ? "*" : "lk, ls, lv";
        var expected = duck("SELECT " + select + " FROM " + sql(L, "l") + " " + duckJoin(t) + " " + sql(R, "r") + " ON "
                + String.join(" AND ", cond));
        assertSameRows(expected, rows(result), false);
        assertTrue(result.statistics().contains("): hash table"), result.statistics());
    }

    @Test
    void ssbQ11() throws Exception {
        Table lo = table("lineorder"), d = table("dwdate");
        var los = scan(lo, x -> Call.predicate(Operator.AND,
                Call.predicate(Operator.BETWEEN, tcol(x, "lo_discount"), Literal.of(1), Literal.of(3)),
                Call.predicate(Operator.LT, tcol(x, "lo_quantity"), Literal.of(25))), "lo_orderdate", "lo_extendedprice", "lo_discount");
        var ds = scan(d, x -> Call.predicate(Operator.EQ, tcol(x, "d_year"), Literal.of(1993)), "d_datekey");
        PhysicalNode j = join(los, ds, "lo_orderdate=d_datekey");
        ProjectNode p = new ProjectNode(j, List.of(Call.of(Operator.TIMES, DataType.BIGINT,
                Call.of(Operator.CAST, DataType.BIGINT, ref(j, "lo_extendedprice")), Call.of(Operator.CAST, DataType.BIGINT, ref(j, "lo_discount")))),
                List.of("rev"));
        QueryResult result = executor().execute(sum(p, "rev"), OPTIONS.withDumpCode(true));
        if (System.getenv("ASCAN_DUMP") != null) System.out.println(result.generatedCode());
        String stats;
        var rows = rows(result);
        stats = result.statistics();
        assertSameRows(duck("SELECT sum(lo_extendedprice * lo_discount) FROM lineorder, dwdate WHERE lo_orderdate = d_datekey "
                + "AND d_year = 1993 AND lo_discount BETWEEN 1 AND 3 AND lo_quantity < 25"), rows, false);
        assertTrue(stats.contains("AdaptiveScan lineorder") && stats.contains("R: bloom(lo_orderdate"), stats);
    }

    @Test
    void ssbQ21() throws Exception {
        Table lo = table("lineorder"), d = table("dwdate"), part = table("part"), s = table("supplier");
        PhysicalNode j = join(scan(lo, null, "lo_orderdate", "lo_partkey", "lo_suppkey", "lo_revenue"),
                scan(part, x -> Call.predicate(Operator.EQ, tcol(x, "p_category"), Literal.of("MFGR#12")), "p_partkey", "p_brand1"),
                "lo_partkey=p_partkey");
        j = join(j, scan(s, x -> Call.predicate(Operator.EQ, tcol(x, "s_region"), Literal.of("AMERICA")), "s_suppkey"), "lo_suppkey=s_suppkey");
        j = join(j, scan(d, null, "d_datekey", "d_year"), "lo_orderdate=d_datekey");
        var rows = rows(executor().execute(sum(j, "lo_revenue", "d_year", "p_brand1"), OPTIONS));
        assertSameRows(duck("SELECT d_year, p_brand1, sum(lo_revenue) FROM lineorder, dwdate, part, supplier WHERE lo_orderdate = d_datekey "
                + "AND lo_partkey = p_partkey AND lo_suppkey = s_suppkey AND p_category = 'MFGR#12' AND s_region = 'AMERICA' "
                + "GROUP BY d_year, p_brand1"), rows, false);
    }

    @Test
    void ssbQ31() throws Exception {
        Table lo = table("lineorder"), d = table("dwdate"), c = table("customer"), s = table("supplier");
        PhysicalNode j = join(scan(lo, null, "lo_custkey", "lo_suppkey", "lo_orderdate", "lo_revenue"),
                scan(c, x -> Call.predicate(Operator.EQ, tcol(x, "c_region"), Literal.of("ASIA")), "c_custkey", "c_nation"),
                "lo_custkey=c_custkey");
        j = join(j, scan(s, x -> Call.predicate(Operator.EQ, tcol(x, "s_region"), Literal.of("ASIA")), "s_suppkey", "s_nation"),
                "lo_suppkey=s_suppkey");
        j = join(j, scan(d, x -> Call.predicate(Operator.BETWEEN, tcol(x, "d_year"), Literal.of(1992), Literal.of(1997)), "d_datekey", "d_year"),
                "lo_orderdate=d_datekey");
        var rows = rows(executor().execute(sum(j, "lo_revenue", "c_nation", "s_nation", "d_year"), OPTIONS));
        assertSameRows(duck("SELECT c_nation, s_nation, d_year, sum(lo_revenue) FROM customer, lineorder, supplier, dwdate "
                + "WHERE lo_custkey = c_custkey AND lo_suppkey = s_suppkey AND lo_orderdate = d_datekey AND c_region = 'ASIA' "
                + "AND s_region = 'ASIA' AND d_year >= 1992 AND d_year <= 1997 GROUP BY c_nation, s_nation, d_year"), rows, false);
    }

    @Test
    void ssbQ41() throws Exception {
        Table lo = table("lineorder"), d = table("dwdate"), c = table("customer"), s = table("supplier"), part = table("part");
        PhysicalNode j = join(scan(lo, null, "lo_custkey", "lo_suppkey", "lo_partkey", "lo_orderdate", "lo_revenue", "lo_supplycost"),
                scan(c, x -> Call.predicate(Operator.EQ, tcol(x, "c_region"), Literal.of("AMERICA")), "c_custkey", "c_nation"),
                "lo_custkey=c_custkey");
        j = join(j, scan(s, x -> Call.predicate(Operator.EQ, tcol(x, "s_region"), Literal.of("AMERICA")), "s_suppkey"), "lo_suppkey=s_suppkey");
        j = join(j, scan(part, x -> Call.predicate(Operator.OR, Call.predicate(Operator.EQ, tcol(x, "p_mfgr"), Literal.of("MFGR#1")),
                Call.predicate(Operator.EQ, tcol(x, "p_mfgr"), Literal.of("MFGR#2"))), "p_partkey"), "lo_partkey=p_partkey");
        j = join(j, scan(d, null, "d_datekey", "d_year"), "lo_orderdate=d_datekey");
        ProjectNode p = new ProjectNode(j, List.of(ref(j, "d_year"), ref(j, "c_nation"), Call.of(Operator.MINUS, DataType.BIGINT,
                Call.of(Operator.CAST, DataType.BIGINT, ref(j, "lo_revenue")), Call.of(Operator.CAST, DataType.BIGINT, ref(j, "lo_supplycost")))),
                List.of("d_year", "c_nation", "profit"));
        var rows = rows(executor().execute(sum(p, "profit", "d_year", "c_nation"), OPTIONS));
        assertSameRows(duck("SELECT d_year, c_nation, sum(lo_revenue - lo_supplycost) FROM dwdate, customer, supplier, part, lineorder "
                + "WHERE lo_custkey = c_custkey AND lo_suppkey = s_suppkey AND lo_partkey = p_partkey AND lo_orderdate = d_datekey "
                + "AND c_region = 'AMERICA' AND s_region = 'AMERICA' AND (p_mfgr = 'MFGR#1' OR p_mfgr = 'MFGR#2') GROUP BY d_year, c_nation"),
                rows, false);
    }

    @Test
    void largeBuildSideRightOuterJoinWithScans() throws Exception {
        Table lo = table("lineorder"), c = table("customer");
        // Build lineorder (large), probe customer: RIGHT join keeps every lineorder row, via the final pass.
        PhysicalNode j = join(scan(c, x -> Call.predicate(Operator.EQ, tcol(x, "c_region"), Literal.of("ASIA")), "c_custkey", "c_nation"),
                scan(lo, null, "lo_custkey", "lo_revenue"), JoinType.RIGHT, true, null, "c_custkey=lo_custkey");
        var rows = rows(executor().execute(sum(j, "lo_revenue", "c_nation"), OPTIONS));
        assertSameRows(duck("SELECT c_nation, sum(lo_revenue) FROM (SELECT * FROM customer WHERE c_region = 'ASIA') c "
                + "RIGHT JOIN lineorder ON c_custkey = lo_custkey GROUP BY c_nation"), rows, false);
    }

    /**
     * A build side past the pre-pass threshold: the probe over the scan takes its hashes and bucket
     * heads from a per-rowset pass (multi-key, LEFT, with a residual), and the results still match.
     */
    @Test
    void largeBuildSideProbedThroughTheBucketHeadPrePass() throws Exception {
        Table lo = table("lineorder");
        PhysicalNode build = scan(lo, x -> Call.predicate(Operator.LT, tcol(x, "lo_quantity"), Literal.of(45)),
                "lo_orderkey", "lo_linenumber", "lo_revenue");
        PhysicalNode probe = scan(lo, null, "lo_orderkey", "lo_linenumber", "lo_discount");
        Expr residual = Call.predicate(Operator.GT, col(5, DataType.INTEGER), col(2, DataType.INTEGER)); // b.revenue > a.discount
        PhysicalNode j = join(probe, build, JoinType.LEFT, true, residual, "lo_orderkey=lo_orderkey", "lo_linenumber=lo_linenumber");
        var expected = duck("SELECT count(*) FROM lineorder WHERE lo_quantity < 45");
        assertTrue((Long) expected.getFirst().getFirst() > io.ascan.exec.operator.HashJoinProbe.PRE_PASS_ROWS, "build rows " + expected);
        QueryResult r = executor().execute(sum(j, "lo_revenue", "lo_discount"), OPTIONS.withDumpCode(true));
        assertTrue(r.generatedCode().contains("heads"), "the probe has a pre-pass");
        assertSameRows(duck("SELECT a.lo_discount, sum(b.lo_revenue) FROM lineorder a LEFT JOIN "
                + "(SELECT * FROM lineorder WHERE lo_quantity < 45) b ON a.lo_orderkey = b.lo_orderkey "
                + "AND a.lo_linenumber = b.lo_linenumber AND b.lo_revenue > a.lo_discount GROUP BY a.lo_discount"), rows(r), false);
    }

    /**
     * A direct-address build past the pre-pass threshold, probed behind another join (the probe's
     * tuple then has no rowset of its own): its chain heads come from a per-rowset pass over the
     * scan's selection, which loads them and touches their rows, and inner and outer joins still
     * give DuckDB's rows, the orders of unknown customers included.
     */
    @ParameterizedTest
    @EnumSource(value = JoinType.class, names = {"INNER", "LEFT", "ANTI"})
    void largeDirectAddressBuildBehindAnotherJoinProbedThroughItsPrePass(JoinType t) throws Exception {
        Table lo = table("lineorder"), c = table("customer");
        PhysicalNode first = join(scan(lo, null, "lo_orderkey", "lo_custkey", "lo_revenue"), scan(c, null, "c_custkey", "c_nation"),
                JoinType.LEFT, true, null, "lo_custkey=c_custkey");
        PhysicalNode build = scan(lo, x -> Call.predicate(Operator.LT, tcol(x, "lo_quantity"), Literal.of(45)), "lo_orderkey", "lo_supplycost");
        var buildRows = duck("SELECT count(*) FROM lineorder WHERE lo_quantity < 45");
        assertTrue((Long) buildRows.getFirst().getFirst() > io.ascan.exec.operator.HashJoinProbe.PRE_PASS_ROWS, "build rows " + buildRows);
        PhysicalNode j = join(first, build, t, true, null, "lo_orderkey=lo_orderkey");
        String value = t == JoinType.ANTI ? "lo_revenue" : "lo_supplycost";
        QueryResult r = executor().execute(sum(j, value, "c_nation"), OPTIONS.withDumpCode(true));
        var rows = rows(r);
        assertTrue(r.generatedCode().contains("directPass"), "the second probe has a direct-address pre-pass");
        java.util.regex.Matcher built = java.util.regex.Pattern.compile("direct-address table, [^\\n]*?(\\d+) rows").matcher(r.statistics());
        boolean large = false;
        while (built.find()) large |= Long.parseLong(built.group(1)) >= io.ascan.exec.operator.HashJoinProbe.PRE_PASS_ROWS;
        assertTrue(large, "the large build is direct-address: " + r.statistics());
        String b = "(SELECT * FROM lineorder WHERE lo_quantity < 45) b";
        String from = "lineorder a LEFT JOIN customer ON a.lo_custkey = c_custkey ";
        String sql = switch (t) {
            case INNER -> "SELECT c_nation, sum(b.lo_supplycost) FROM " + from + "JOIN " + b + " ON a.lo_orderkey = b.lo_orderkey";
            case LEFT -> "SELECT c_nation, sum(b.lo_supplycost) FROM " + from + "LEFT JOIN " + b + " ON a.lo_orderkey = b.lo_orderkey";
            default -> "SELECT c_nation, sum(a.lo_revenue) FROM " + from + "WHERE NOT EXISTS (SELECT 1 FROM " + b
                    + " WHERE a.lo_orderkey = b.lo_orderkey)";
        };
        assertSameRows(duck(sql + " GROUP BY c_nation"), rows, false);
    }

    /**
     * A build side fed by a dictionary-encoded string column (mixed_strings: four values in its
     * first two slices, distinct plain values in the last two) stores each entry once per rowset
     * and points its rows at it; plain rowsets still copy per row, and every value, NULL
     * included, comes back out of the join and its grouping.
     */
    @ParameterizedTest
    @EnumSource(value = JoinType.class, names = {"INNER", "RIGHT"})
    void dictionaryStringsOfABuildSideAreInternedPerRowset(JoinType t) throws Exception {
        Table m = table("mixed_strings"), lo = table("lineorder");
        PhysicalNode j = join(scan(lo, null, "lo_linenumber", "lo_quantity"), scan(m, null, "id", "s"), t, true, null,
                "lo_quantity=id");
        QueryResult r = executor().execute(sum(j, "lo_linenumber", "s"), OPTIONS.withDumpCode(true));
        assertTrue(r.generatedCode().contains(".intern("), "the build interns dictionary strings");
        assertSameRows(duck("SELECT s, sum(lo_linenumber) FROM lineorder " + duckJoin(t) + " mixed_strings ON lo_quantity = id GROUP BY s"),
                rows(r), false);
    }

    /**
     * A join on two keys publishes R as the exact bitmap of its integer key alone: pushdown drops
     * the lineorder rows whose customer no build row has, and the join still compares both keys
     * (the build's (customer, date) pairs are few, their customers a small range).
     */
    @Test
    void twoKeyJoinFiltersTheScanByABitmapOfOneKey() throws Exception {
        Table lo = table("lineorder");
        PhysicalNode build = scan(lo, x -> Call.predicate(Operator.AND,
                Call.predicate(Operator.LT, tcol(x, "lo_custkey"), Literal.of(200)),
                Call.predicate(Operator.EQ, tcol(x, "lo_linenumber"), Literal.of(1))), "lo_custkey", "lo_orderdate");
        PhysicalNode probe = scan(lo, null, "lo_custkey", "lo_orderdate", "lo_revenue");
        PhysicalNode j = join(probe, build, JoinType.INNER, true, null, "lo_custkey=lo_custkey", "lo_orderdate=lo_orderdate");
        QueryResult r = executor().execute(sum(j, "lo_revenue", "lo_custkey"), OPTIONS.withMode(ScanStrategy.PUSHDOWN));
        assertSameRows(duck("SELECT a.lo_custkey, sum(a.lo_revenue) FROM lineorder a JOIN "
                + "(SELECT lo_custkey, lo_orderdate FROM lineorder WHERE lo_custkey < 200 AND lo_linenumber = 1) b "
                + "ON a.lo_custkey = b.lo_custkey AND a.lo_orderdate = b.lo_orderdate GROUP BY a.lo_custkey"), rows(r), false);
        assertTrue(r.statistics().contains("R: bitmap(lo_custkey of lo_custkey, lo_orderdate"), r.statistics());
    }

    /**
     * A build side of sparse keys (a hash table) past the pre-pass threshold, probed by all_types.l
     * (r * 1,000,000,007, NULL on a pattern): build key {@code lo_orderkey * 1,000,000,007 + offset}
     * matches probe row r = lo_orderkey when offset is 0, and no probe row otherwise.
     */
    private static PhysicalNode sparseBuild(long offset) throws Exception {
        Table lo = table("lineorder");
        PhysicalNode scan = scan(lo, x -> Call.predicate(Operator.LT, tcol(x, "lo_quantity"), Literal.of(45)), "lo_orderkey", "lo_revenue");
        Expr key = Call.of(Operator.PLUS, DataType.BIGINT, Call.of(Operator.TIMES, DataType.BIGINT,
                Call.of(Operator.CAST, DataType.BIGINT, ref(scan, "lo_orderkey")), Literal.of(1_000_000_007L)), Literal.of(offset));
        return new ProjectNode(scan, List.of(key, ref(scan, "lo_revenue")), List.of("bk", "lo_revenue"));
    }

    private static final String SPARSE_BUILD_SQL = "(SELECT lo_orderkey::BIGINT * 1000000007 + %d AS bk, lo_revenue FROM lineorder "
            + "WHERE lo_quantity < 45) b";

    /**
     * Order keys times m, spread over about 8 million values (too sparse for a slot per value),
     * get the clustered direct-address layout; probe keys {@code lo_orderkey * m + lo_linenumber - 1}
     * match on line 1 and otherwise land in a neighbouring key's slot, which the key compare
     * rejects. Every join type keeps its unmatched tuples (outer, anti) and duplicate matches.
     */
    @ParameterizedTest
    @EnumSource(JoinType.class)
    void clusteredDirectAddressTableKeepsEveryJoinTypeExact(JoinType t) throws Exception {
        long span = ((Number) duck("SELECT max(lo_orderkey) - min(lo_orderkey) FROM lineorder").getFirst().getFirst()).longValue();
        long m = Math.max(2, 8_000_000 / span);
        Table lo = table("lineorder");
        PhysicalNode scan = scan(lo, x -> Call.predicate(Operator.LT, tcol(x, "lo_quantity"), Literal.of(45)), "lo_orderkey", "lo_revenue");
        PhysicalNode build = new ProjectNode(scan, List.of(Call.of(Operator.TIMES, DataType.BIGINT,
                Call.of(Operator.CAST, DataType.BIGINT, ref(scan, "lo_orderkey")), Literal.of(m)), ref(scan, "lo_revenue")), List.of("bk", "lo_revenue"));
        PhysicalNode pscan = scan(lo, null, "lo_orderkey", "lo_linenumber", "lo_discount");
        Expr pk = Call.of(Operator.MINUS, DataType.BIGINT, Call.of(Operator.PLUS, DataType.BIGINT, Call.of(Operator.TIMES, DataType.BIGINT,
                Call.of(Operator.CAST, DataType.BIGINT, ref(pscan, "lo_orderkey")), Literal.of(m)),
                Call.of(Operator.CAST, DataType.BIGINT, ref(pscan, "lo_linenumber"))), Literal.of(1L));
        PhysicalNode probe = new ProjectNode(pscan, List.of(pk, ref(pscan, "lo_discount")), List.of("pk", "lo_discount"));
        QueryResult r = executor().execute(join(probe, build, t, true, null, "pk=bk"), OPTIONS);
        var rows = rows(r);
        assertTrue(r.statistics().contains("slots of"), r.statistics());
        String select = t.projectsRight() ? "pk, lo_discount, bk, lo_revenue" : "pk, lo_discount";
        assertSameRows(duck("SELECT " + select + " FROM (SELECT lo_orderkey::BIGINT * " + m + " + lo_linenumber - 1 AS pk, lo_discount FROM lineorder) a "
                + duckJoin(t) + " (SELECT lo_orderkey::BIGINT * " + m + " AS bk, lo_revenue FROM lineorder WHERE lo_quantity < 45) b ON pk = bk"),
                rows, false);
    }

    /**
     * The probe's per-rowset pass tests the build's Bloom filter before it loads bucket heads: a
     * join that drops probe tuples without a partner takes them out of the selection, an outer or
     * anti join keeps them (emitted unmatched). NULL probe keys, P on the probe scan (a selection
     * vector) or none; every join type against DuckDB.
     */
    @ParameterizedTest
    @EnumSource(JoinType.class)
    void bloomFilterBeforeTheProbeKeepsEveryJoinTypeExact(JoinType t) throws Exception {
        Table at = table("all_types");
        for (boolean withP : new boolean[] {true, false}) {
            PhysicalNode probe = scan(at, withP ? x -> Call.predicate(Operator.GT, tcol(x, "i"), Literal.of(-4000)) : null, "l", "i");
            PhysicalNode build = sparseBuild(0);
            HashJoinNode j = join(probe, build, t, true, null, "l=bk");
            QueryResult r = executor().execute(j, OPTIONS.withDumpCode(true));
            assertTrue(r.generatedCode().contains("BloomFilter.test("), "the probe tests the Bloom filter");
            String select = t.projectsRight() ? "l, i, bk, lo_revenue" : "l, i";
            String where = withP ? " WHERE i > -4000" : "";
            assertSameRows(duck("SELECT " + select + " FROM (SELECT l, i FROM all_types" + where + ") a " + duckJoin(t) + " "
                    + SPARSE_BUILD_SQL.formatted(0) + " ON l = bk"), rows(r), false);
            assertTrue(r.statistics().contains("hash table"), r.statistics());
        }
    }

    /** A Bloom filter that rules out every probe tuple: nothing joins, LEFT and ANTI still emit every tuple. */
    @ParameterizedTest
    @EnumSource(value = JoinType.class, names = {"INNER", "LEFT", "SEMI", "ANTI"})
    void bloomFilterThatRejectsEveryProbeTuple(JoinType t) throws Exception {
        Table at = table("all_types");
        PhysicalNode probe = scan(at, x -> Call.predicate(Operator.GT, tcol(x, "i"), Literal.of(-4000)), "l", "i");
        HashJoinNode j = join(probe, sparseBuild(1), t, true, null, "l=bk");
        var rows = rows(executor().execute(j, OPTIONS));
        String select = t.projectsRight() ? "l, i, bk, lo_revenue" : "l, i";
        var expected = duck("SELECT " + select + " FROM (SELECT l, i FROM all_types WHERE i > -4000) a " + duckJoin(t) + " "
                + SPARSE_BUILD_SQL.formatted(1) + " ON l = bk");
        assertTrue(t == JoinType.INNER || t == JoinType.SEMI ? expected.isEmpty() : expected.size() > 1000, "expected " + expected.size());
        assertSameRows(expected, rows, false);
    }

    /**
     * A string that reaches a build side from another build's rows (the inner join's probe reads
     * rs from r's store) is shared by the outer build rather than copied, and shared again by the
     * groups that take it as a key: the values must survive every hop, NULL included.
     */
    @Test
    void stringsOfOneBuildCarriedThroughAnotherAndGrouped() throws Exception {
        Object[][] t = {{1, "t1", 1L}, {2, "t2", 2L}, {3, "t3", 3L}, {3, "t3b", 4L}, {5, "t5", 5L}};
        ValuesNode l = values(L, "l"), r = values(R, "r"), tv = values(t, "t");
        HashJoinNode inner = join(l, r, "lk=rk"); // builds r: rs is read from r's store
        HashJoinNode outer = join(tv, inner, "tk=lk"); // builds the inner join's rows, rs among them
        QueryResult result = executor().execute(sum(outer, "tv", "rs"), OPTIONS);
        var expected = duck("SELECT rs, sum(tv) FROM " + sql(t, "t") + " JOIN (" + sql(L, "l") + " JOIN " + sql(R, "r")
                + " ON lk = rk) ON tk = lk GROUP BY rs");
        assertSameRows(expected, rows(result), false);
    }
}
