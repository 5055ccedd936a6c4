package io.ascan.gen;

import static io.ascan.types.DataType.BOOLEAN;
import static io.ascan.types.DataType.INTEGER;
import static io.ascan.types.DataType.VARCHAR;

import io.ascan.format.TableSchema;
import java.util.List;

/**
 * The Star Schema Benchmark tables (queries/ssb/SCHEMA.md): money in integer cents, lineorder
 * dates as yyyymmdd integers, the date table named {@code dwdate}. The dwdate flags are single
 * bits in the SSB specification, hence BOOLEAN.
 */
public final class SsbTables {
    private SsbTables() {}

    public static final TableSchema LINEORDER = Schemas.of(
            "lo_orderkey", INTEGER, "lo_linenumber", INTEGER, "lo_custkey", INTEGER, "lo_partkey", INTEGER,
            "lo_suppkey", INTEGER, "lo_orderdate", INTEGER, "lo_orderpriority", VARCHAR, "lo_shippriority", INTEGER,
            "lo_quantity", INTEGER, "lo_extendedprice", INTEGER, "lo_ordtotalprice", INTEGER, "lo_discount", INTEGER,
            "lo_revenue", INTEGER, "lo_supplycost", INTEGER, "lo_tax", INTEGER, "lo_commitdate", INTEGER,
            "lo_shipmode", VARCHAR);

    public static final TableSchema CUSTOMER = Schemas.of(
            "c_custkey", INTEGER, "c_name", VARCHAR, "c_address", VARCHAR, "c_city", VARCHAR, "c_nation", VARCHAR,
            "c_region", VARCHAR, "c_phone", VARCHAR, "c_mktsegment", VARCHAR);

    public static final TableSchema SUPPLIER = Schemas.of(
            "s_suppkey", INTEGER, "s_name", VARCHAR, "s_address", VARCHAR, "s_city", VARCHAR, "s_nation", VARCHAR,
            "s_region", VARCHAR, "s_phone", VARCHAR);

    public static final TableSchema PART = Schemas.of(
            "p_partkey", INTEGER, "p_name", VARCHAR, "p_mfgr", VARCHAR, "p_category", VARCHAR, "p_brand1", VARCHAR,
            "p_color", VARCHAR, "p_type", VARCHAR, "p_size", INTEGER, "p_container", VARCHAR);

    public static final TableSchema DWDATE = Schemas.of(
            "d_datekey", INTEGER, "d_date", VARCHAR, "d_dayofweek", VARCHAR, "d_month", VARCHAR, "d_year", INTEGER,
            "d_yearmonthnum", INTEGER, "d_yearmonth", VARCHAR, "d_daynuminweek", INTEGER, "d_daynuminmonth", INTEGER,
            "d_daynuminyear", INTEGER, "d_monthnuminyear", INTEGER, "d_weeknuminyear", INTEGER,
            "d_sellingseason", VARCHAR, "d_lastdayinweekfl", BOOLEAN, "d_lastdayinmonthfl", BOOLEAN,
            "d_holidayfl", BOOLEAN, "d_weekdayfl", BOOLEAN);

    /** Table names in generation order. */
    public static final List<String> NAMES = List.of("dwdate", "customer", "supplier", "part", "lineorder");
}
