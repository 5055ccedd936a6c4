package io.ascan.planner;

import io.ascan.catalog.Catalog;
import io.ascan.format.ColumnSpec;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import io.ascan.types.DataType;
import java.io.IOException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.TextStyle;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.IntFunction;

/**
 * Small SSB and taxi tables with the benchmark schemas, written through the real table
 * writer. Data are deterministic; dwdate and trips are in date order, so zone maps prune
 * date predicates as they would on the generated data.
 */
final class BenchmarkTables {
    static final int DWDATE_SLICE_ROWS = 400;
    static final String[] REGIONS = {"AFRICA", "AMERICA", "ASIA", "EUROPE", "MIDDLE EAST"};
    static final String[] NATIONS = {"ALGERIA", "UNITED STATES", "CHINA", "UNITED KINGDOM", "EGYPT"};

    private BenchmarkTables() {}

    static Catalog ssb(Catalog c) throws IOException {
        SplittableRandom r = new SplittableRandom(42);
        LocalDate first = LocalDate.of(1992, 1, 1);
        int days = (int) (LocalDate.of(1998, 12, 31).toEpochDay() - first.toEpochDay()) + 1; // 2557
        write(c, "dwdate", DWDATE_SLICE_ROWS, days, i -> {
            LocalDate d = first.plusDays(i);
            return new Object[] {datekey(d), d.toString(), d.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.US),
                    d.getMonth().getDisplayName(TextStyle.FULL, Locale.US), d.getYear(), d.getYear() * 100 + d.getMonthValue(),
                    d.getMonth().getDisplayName(TextStyle.SHORT, Locale.US) + d.getYear(), d.getDayOfWeek().getValue() % 7 + 1,
                    d.getDayOfMonth(), d.getDayOfYear(), d.getMonthValue(), d.getDayOfYear() / 7 + 1, "Winter",
                    d.getDayOfWeek().getValue() == 6 ? 1 : 0, d.plusDays(1).getDayOfMonth() == 1 ? 1 : 0, 0,
                    d.getDayOfWeek().getValue() <= 5 ? 1 : 0};
        }, "d_datekey INTEGER", "d_date VARCHAR", "d_dayofweek VARCHAR", "d_month VARCHAR", "d_year INTEGER",
                "d_yearmonthnum INTEGER", "d_yearmonth VARCHAR", "d_daynuminweek INTEGER", "d_daynuminmonth INTEGER",
                "d_daynuminyear INTEGER", "d_monthnuminyear INTEGER", "d_weeknuminyear INTEGER", "d_sellingseason VARCHAR",
                "d_lastdayinweekfl INTEGER", "d_lastdayinmonthfl INTEGER", "d_holidayfl INTEGER", "d_weekdayfl INTEGER");
        write(c, "customer", 0, 300, i -> new Object[] {i + 1, "Customer#" + i, "addr" + i, city(i), NATIONS[i % 5],
                        REGIONS[i % 5], "phone", "BUILDING"},
                "c_custkey INTEGER", "c_name VARCHAR", "c_address VARCHAR", "c_city VARCHAR", "c_nation VARCHAR",
                "c_region VARCHAR", "c_phone VARCHAR", "c_mktsegment VARCHAR");
        write(c, "supplier", 0, 100, i -> new Object[] {i + 1, "Supplier#" + i, "addr" + i, city(i), NATIONS[i % 5],
                        REGIONS[i % 5], "phone"},
                "s_suppkey INTEGER", "s_name VARCHAR", "s_address VARCHAR", "s_city VARCHAR", "s_nation VARCHAR",
                "s_region VARCHAR", "s_phone VARCHAR");
        write(c, "part", 0, 400, i -> new Object[] {i + 1, "part " + i, "MFGR#" + (i % 5 + 1), "MFGR#" + (i % 5 + 1) + (i % 5 + 1),
                        "MFGR#" + (i % 5 + 1) + (i % 5 + 1) + (i % 40 + 1), "red", "STANDARD", i % 50 + 1, "BOX"},
                "p_partkey INTEGER", "p_name VARCHAR", "p_mfgr VARCHAR", "p_category VARCHAR", "p_brand1 VARCHAR",
                "p_color VARCHAR", "p_type VARCHAR", "p_size INTEGER", "p_container VARCHAR");
        write(c, "lineorder", 500, 3000, i -> {
            int quantity = r.nextInt(1, 51), discount = r.nextInt(0, 11), price = r.nextInt(90_000, 10_000_000);
            LocalDate d = first.plusDays(r.nextInt(days));
            return new Object[] {i / 4 + 1, i % 4 + 1, r.nextInt(1, 301), r.nextInt(1, 401), r.nextInt(1, 101), datekey(d),
                    "1-URGENT", 0, quantity, price, price * 3, discount, price * (100 - discount) / 100, price / 2,
                    r.nextInt(0, 9), datekey(d.plusDays(30)), "AIR"};
        }, "lo_orderkey INTEGER", "lo_linenumber INTEGER", "lo_custkey INTEGER", "lo_partkey INTEGER",
                "lo_suppkey INTEGER", "lo_orderdate INTEGER", "lo_orderpriority VARCHAR", "lo_shippriority INTEGER",
                "lo_quantity INTEGER", "lo_extendedprice INTEGER", "lo_ordtotalprice INTEGER", "lo_discount INTEGER",
                "lo_revenue INTEGER", "lo_supplycost INTEGER", "lo_tax INTEGER", "lo_commitdate INTEGER",
                "lo_shipmode VARCHAR");
        return c;
    }

    static Catalog taxi(Catalog c) throws IOException {
        SplittableRandom r = new SplittableRandom(7);
        LocalDateTime start = LocalDateTime.of(2011, 1, 1, 0, 0);
        write(c, "trips", 500, 2000, i -> {
            LocalDateTime pickup = start.plusHours(i * 61L);
            double distance = r.nextDouble() * 20;
            return new Object[] {r.nextInt(1, 3), pickup, pickup.plusMinutes(5 + (long) (distance * 3)), 1, distance, 1,
                    r.nextInt(1, 266), r.nextInt(1, 266), r.nextInt(1, 5), 2.5 + distance * 2.5, 0.5, 0.5, 1.0, 0.0, 0.3,
                    5.0 + distance * 2.5, 2.5};
        }, "vendorid INTEGER", "tpep_pickup_datetime TIMESTAMP", "tpep_dropoff_datetime TIMESTAMP",
                "passenger_count INTEGER", "trip_distance DOUBLE", "ratecodeid INTEGER", "pulocationid INTEGER",
                "dolocationid INTEGER", "payment_type INTEGER", "fare_amount DOUBLE", "extra DOUBLE", "mta_tax DOUBLE",
                "tip_amount DOUBLE", "tolls_amount DOUBLE", "improvement_surcharge DOUBLE", "total_amount DOUBLE",
                "congestion_surcharge DOUBLE");
        String[] boroughs = {"Manhattan", "Brooklyn", "Queens", "Bronx", "Staten Island", "EWR", "Unknown"};
        write(c, "zones", 0, 265, i -> new Object[] {i + 1, boroughs[i % boroughs.length],
                        i == 131 ? "JFK Airport" : i == 137 ? "LaGuardia Airport" : "Zone " + i, "Yellow Zone"},
                "locationid INTEGER", "borough VARCHAR", "zone VARCHAR", "service_zone VARCHAR");
        return c;
    }

    /** One table of every column type, two slices: m holds 0.00..9.99 then 10.00..19.99. */
    static Catalog allTypes(Catalog c) throws IOException {
        write(c, "all_types", 1000, 2000, i -> new Object[] {i % 2 == 0, i, (long) i * 1_000_000_007L, i / 8.0,
                        (long) i, LocalDate.of(2000, 1, 1).plusDays(i), LocalDateTime.of(2020, 1, 1, 0, 0).plusMinutes(i),
                        i % 3 == 0 ? null : "v" + i},
                "b BOOLEAN", "i INTEGER", "l BIGINT", "d DOUBLE", "m DECIMAL(12,2)", "dt DATE", "ts TIMESTAMP", "s VARCHAR");
        return c;
    }

    static int datekey(LocalDate d) {
        return d.getYear() * 10000 + d.getMonthValue() * 100 + d.getDayOfMonth();
    }

    private static String city(int i) {
        return String.format("%-9.9s%d", NATIONS[i % 5], i % 10);
    }

    /** Writes {@code rows} rows from {@code row} into a new table; columns as "name TYPE". */
    static void write(Catalog c, String name, int sliceRows, int rows, IntFunction<Object[]> row, String... columns)
            throws IOException {
        write(c, name, WriteOptions.DEFAULTS.withMaxSliceRows(sliceRows), rows, row, columns);
    }

    static void write(Catalog c, String name, WriteOptions options, int rows, IntFunction<Object[]> row, String... columns)
            throws IOException {
        List<ColumnSpec> specs = java.util.Arrays.stream(columns).map(s -> {
            int sp = s.indexOf(' ');
            return ColumnSpec.of(s.substring(0, sp), DataType.parse(s.substring(sp + 1)));
        }).toList();
        try (TableWriter w = c.create(name, new TableSchema(specs), options)) {
            for (int i = 0; i < rows; i++) {
                Object[] values = row.apply(i);
                for (int col = 0; col < values.length; col++) {
                    boolean isLong = specs.get(col).type().kind().isLong();
                    switch (values[col]) {
                        case null -> w.setNull(col);
                        case Integer v when isLong -> w.setLong(col, v);
                        case Integer v -> w.setInt(col, v);
                        case Long v -> w.setLong(col, v);
                        case Double v -> w.setDouble(col, v);
                        case Boolean v -> w.setBoolean(col, v);
                        case String v -> w.setString(col, v);
                        case LocalDate v -> w.setInt(col, (int) v.toEpochDay());
                        case LocalDateTime v -> w.setLong(col, v.toEpochSecond(ZoneOffset.UTC) * 1_000_000L);
                        default -> throw new IllegalArgumentException("value " + values[col]);
                    }
                }
                w.endRow();
            }
            w.commit();
        }
    }
}
