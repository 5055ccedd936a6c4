package io.ascan.gen;

import static io.ascan.types.DataType.BIGINT;
import static io.ascan.types.DataType.DATE;
import static io.ascan.types.DataType.INTEGER;
import static io.ascan.types.DataType.VARCHAR;

import io.ascan.format.TableSchema;
import io.ascan.types.DataType;
import java.util.List;

/**
 * The TPC-H schema as ascan stores it. Types follow DuckDB's {@code tpch} extension
 * (DECIMAL(15,2) money and quantities, DATE dates, VARCHAR strings, INTEGER for small numbers),
 * with one deliberate choice for keys: INTEGER everywhere except the order key, which is
 * BIGINT because it passes 2^31 at SF ~358 (orderkeys are sparse, about 4 per order). The other
 * keys fit INTEGER up to SF 10,000, and narrower keys mean fewer bytes for every scan to move.
 */
public final class TpchTables {
    private TpchTables() {}

    static final DataType MONEY = DataType.decimal(15, 2);

    public static final TableSchema REGION = Schemas.of(
            "r_regionkey", INTEGER, "r_name", VARCHAR, "r_comment", VARCHAR);

    public static final TableSchema NATION = Schemas.of(
            "n_nationkey", INTEGER, "n_name", VARCHAR, "n_regionkey", INTEGER, "n_comment", VARCHAR);

    public static final TableSchema SUPPLIER = Schemas.of(
            "s_suppkey", INTEGER, "s_name", VARCHAR, "s_address", VARCHAR, "s_nationkey", INTEGER,
            "s_phone", VARCHAR, "s_acctbal", MONEY, "s_comment", VARCHAR);

    public static final TableSchema CUSTOMER = Schemas.of(
            "c_custkey", INTEGER, "c_name", VARCHAR, "c_address", VARCHAR, "c_nationkey", INTEGER,
            "c_phone", VARCHAR, "c_acctbal", MONEY, "c_mktsegment", VARCHAR, "c_comment", VARCHAR);

    public static final TableSchema PART = Schemas.of(
            "p_partkey", INTEGER, "p_name", VARCHAR, "p_mfgr", VARCHAR, "p_brand", VARCHAR,
            "p_type", VARCHAR, "p_size", INTEGER, "p_container", VARCHAR, "p_retailprice", MONEY,
            "p_comment", VARCHAR);

    public static final TableSchema PARTSUPP = Schemas.of(
            "ps_partkey", INTEGER, "ps_suppkey", INTEGER, "ps_availqty", INTEGER, "ps_supplycost", MONEY,
            "ps_comment", VARCHAR);

    public static final TableSchema ORDERS = Schemas.of(
            "o_orderkey", BIGINT, "o_custkey", INTEGER, "o_orderstatus", VARCHAR, "o_totalprice", MONEY,
            "o_orderdate", DATE, "o_orderpriority", VARCHAR, "o_clerk", VARCHAR, "o_shippriority", INTEGER,
            "o_comment", VARCHAR);

    public static final TableSchema LINEITEM = Schemas.of(
            "l_orderkey", BIGINT, "l_partkey", INTEGER, "l_suppkey", INTEGER, "l_linenumber", INTEGER,
            "l_quantity", MONEY, "l_extendedprice", MONEY, "l_discount", MONEY, "l_tax", MONEY,
            "l_returnflag", VARCHAR, "l_linestatus", VARCHAR, "l_shipdate", DATE, "l_commitdate", DATE,
            "l_receiptdate", DATE, "l_shipinstruct", VARCHAR, "l_shipmode", VARCHAR, "l_comment", VARCHAR);

    /** Table names in generation order (small dimension tables first). */
    public static final List<String> NAMES =
            List.of("region", "nation", "supplier", "customer", "part", "partsupp", "orders", "lineitem");
}
