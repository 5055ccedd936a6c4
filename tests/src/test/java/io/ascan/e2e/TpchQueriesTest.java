package io.ascan.e2e;

import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The 22 TPC-H queries of {@code queries/tpch} against DuckDB, in every scan mode and policy. */
class TpchQueriesTest extends BenchmarkQueriesTest {
    @Override
    String suite() {
        return "tpch";
    }

    @Override
    Workload generate(Path scratch) throws Exception {
        return Workload.tpch(scratch);
    }

    /**
     * Scans whose P reads a column the scan does not project (it follows the projection in the
     * rowset), dictionary-encoded or plain, behind several projected columns. The first query is
     * the issue's: direct mode once gave 1 row's aggregates (and could SIGSEGV) because a local of
     * the generated variant shadowed that column's dictionary flag.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "SELECT COUNT(*), SUM(c_acctbal), MIN(c_custkey), MAX(c_nationkey), MIN(c_name) FROM customer WHERE c_mktsegment = 'BUILDING'",
            "SELECT c_custkey, c_nationkey, c_acctbal, c_phone FROM customer WHERE c_mktsegment LIKE 'AUTO%'",
            "SELECT c_custkey, c_acctbal FROM customer WHERE c_name LIKE 'Customer#0000001%' AND c_mktsegment <> 'MACHINERY'",
            "SELECT o_orderkey, o_custkey, o_totalprice, o_orderdate, o_shippriority FROM orders WHERE o_orderpriority IN ('1-URGENT', '5-LOW')",
            "SELECT l_orderkey, l_partkey, l_quantity, l_extendedprice, l_discount, l_tax FROM lineitem "
                    + "WHERE l_shipmode = 'AIR' AND l_returnflag <> 'N' AND l_comment LIKE '%ly%'",
            "SELECT COUNT(*), MIN(p_name), MAX(p_retailprice) FROM part WHERE p_type LIKE '%BRASS' AND p_container BETWEEN 'LG' AND 'MED'"})
    void predicateOnlyColumnsMatchDuckDbInEveryMode(String sql) throws SQLException {
        matchesDuckDbInEveryMode(QueryFile.parse("tpch", "scan layout", sql));
    }
}
