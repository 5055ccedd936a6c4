package io.ascan.bench.harness;

import java.util.Locale;

/**
 * One query of the Cooperative Scans experiment (paper section 5.1): FAST (TPC-H Q6) or SLOW (Q1
 * with extra arithmetic) over the contiguous {@code l_orderkey} range [lo, hi], which the zone
 * maps prune to a contiguous run of slices (lineitem is stored in order key order). The overlap
 * experiment's queries sum three adjacent columns of a synthetic table over a row range (lo and hi
 * are then rows), filtered on the first of the three.
 *
 * @param stream   the stream it belongs to (-1: a stand-alone measurement)
 * @param position its place in the stream
 * @param kind     F, S or the overlap column set (e.g. "BCD")
 * @param percent  the share of the table its range covers
 */
public record CscanQuery(int stream, int position, String kind, int percent, long lo, long hi) {
    public static final String FAST = "F";
    public static final String SLOW = "S";
    /** The overlap experiment's table: columns a..j, each rising with the row, 8 bytes each. */
    public static final String OVERLAP_TABLE = "cscan_overlap";

    /** The range's bounds: keys, or for an overlap query the values rows lo..hi hold in any column. */
    public Object[] parameters() {
        return kind.equals(FAST) || kind.equals(SLOW) ? new Object[] {lo, hi} : new Object[] {lo * 10, hi * 10 + 9};
    }

    /** The paper's query-type label, e.g. F-01, S-100, BCD-40. */
    public String label() {
        return kind + "-" + (percent < 10 ? "0" : "") + percent;
    }

    /** The query with its range as the parameters {@link #parameters} (one plan and one compiled pipeline per kind). */
    public String sql() {
        String range = " BETWEEN ? AND ?";
        return switch (kind) {
            case FAST -> "SELECT sum(l_extendedprice * l_discount) AS revenue FROM lineitem "
                    + "WHERE l_shipdate >= date '1994-01-01' AND l_shipdate < date '1995-01-01' "
                    + "AND l_discount BETWEEN 0.05 AND 0.07 AND l_quantity < 24 AND l_orderkey" + range;
            // Q1 plus arithmetic on every row, so that it costs more CPU per byte than FAST (the paper's SLOW).
            case SLOW -> "SELECT l_returnflag, l_linestatus, sum(l_quantity) AS sum_qty, "
                    + "sum(l_extendedprice) AS sum_base_price, sum(l_extendedprice * (1 - l_discount)) AS sum_disc_price, "
                    + "sum(l_extendedprice * (1 - l_discount) * (1 + l_tax)) AS sum_charge, "
                    + "sum(l_extendedprice * (1 + l_discount) * (1 - l_tax)) AS sum_x1, "
                    + "sum((l_extendedprice + l_quantity) * (l_discount + l_tax)) AS sum_x2, "
                    + "sum(l_quantity * (1 - l_discount) + l_tax * l_quantity) AS sum_x3, "
                    + "avg(l_quantity) AS avg_qty, avg(l_extendedprice) AS avg_price, avg(l_discount) AS avg_disc, "
                    + "count(*) AS count_order FROM lineitem "
                    + "WHERE l_shipdate <= date '1998-09-02' AND l_orderkey" + range + " "
                    + "GROUP BY l_returnflag, l_linestatus ORDER BY l_returnflag, l_linestatus";
            default -> {
                // lo and hi are rows here; column x of row r holds r * 10 + (x - 'a')
                String[] c = kind.toLowerCase(Locale.ROOT).split("");
                yield "SELECT count(*) AS n, sum(" + c[0] + ") AS s0, sum(" + c[1] + ") AS s1, sum(" + c[2] + ") AS s2 FROM "
                        + OVERLAP_TABLE + " WHERE " + c[0] + range;
            }
        };
    }
}
