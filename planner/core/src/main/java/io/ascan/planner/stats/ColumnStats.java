package io.ascan.planner.stats;

import io.ascan.catalog.Table;
import io.ascan.format.Encoding;
import io.ascan.format.SegmentLayout;
import io.ascan.format.SegmentMeta;
import io.ascan.format.SliceMeta;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;

/**
 * What the manifest tells about one column, for cost estimates: rows, NULLs, the value range
 * (from the zone maps, as doubles in the column's own units: DECIMAL unscaled by its scale, DATE
 * in days, TIMESTAMP in microseconds; NaN when unknown) and an estimate of distinct values.
 *
 * <p>Distinct counts come from the manifest (a HyperLogLog estimate made when the table was written).
 * For manifests without them they are bounded: a column of integer-backed type
 * cannot hold more distinct values than its range has points (p_size 1..50: 50; a dense key:
 * its row count), a boolean two. A string column dictionary-encoded in every segment is a
 * category (the writer only does so when at most half a segment's values are distinct): it is
 * assumed to have {@value #DICTIONARY_DISTINCT} values, the order of TPC-H's and SSB's nations,
 * brands, modes and segments. Otherwise every non-NULL row is assumed distinct.
 *
 * <p>{@code width} is the bytes a value takes in the engine's rows (hash tables, sort runs): 8,
 * and for VARCHAR the average string too, from the plain segments' data bytes per value (or the
 * zone maps' bounds for dictionary segments).
 *
 * <p>{@code minString} and {@code maxString} are a VARCHAR column's bounds from the zone maps (null
 * when a segment's are unknown): {@link StringRange} places string literals between them.
 */
public record ColumnStats(long rows, long nulls, double min, double max, double distinct, double width,
                          String minString, String maxString) {
    /** Distinct values assumed for a dictionary-encoded string column. */
    static final double DICTIONARY_DISTINCT = 25;

    public static ColumnStats of(Table table, int column) {
        DataType type = table.schema().column(column).type();
        long rows = table.rowCount(), nulls = 0;
        double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
        boolean bounded = true, dictionary = true, stringBounded = type.kind() == TypeKind.VARCHAR;
        String minString = null, maxString = null;
        double stringBytes = 0, strings = 0;
        for (SliceMeta s : table.manifest().slices()) {
            SegmentMeta seg = s.segment(column);
            nulls += seg.nullCount();
            dictionary &= seg.encoding() == Encoding.DICT;
            if (type.kind() == TypeKind.VARCHAR && seg.nullCount() < s.rowCount()) {
                int values = s.rowCount() - seg.nullCount();
                stringBytes += values * stringLength(seg, s.rowCount());
                strings += values;
            }
            if (seg.nullCount() == s.rowCount()) continue;
            if (seg.min() instanceof String lo && seg.max() instanceof String hi) {
                if (minString == null || lo.compareTo(minString) < 0) minString = lo;
                if (maxString == null || hi.compareTo(maxString) > 0) maxString = hi;
            } else {
                stringBounded = false;
            }
            if (seg.min() instanceof Number lo && seg.max() instanceof Number hi) {
                min = Math.min(min, real(lo, type));
                max = Math.max(max, real(hi, type));
            } else {
                bounded = false;
            }
        }
        if (!bounded || min > max) min = max = Double.NaN;
        long nonNull = Math.max(rows - nulls, 0);
        double distinct = switch (type.kind()) {
            case BOOLEAN -> Math.min(2, nonNull);
            case INTEGER, BIGINT, DATE, DECIMAL, TIMESTAMP -> Double.isNaN(min) ? nonNull
                    : Math.min(nonNull, (max - min) * Math.pow(10, type.scale()) + 1);
            case VARCHAR -> dictionary ? Math.min(nonNull, DICTIONARY_DISTINCT) : nonNull;
            case DOUBLE -> nonNull;
        };
        long recorded = table.manifest().distinctCount(column);
        if (recorded >= 0) distinct = Math.min(nonNull, recorded); // the writer's HyperLogLog estimate
        double width = VALUE_BYTES + (strings > 0 ? stringBytes / strings : 0);
        if (!stringBounded) minString = maxString = null;
        return new ColumnStats(rows, nulls, min, max, Math.max(1, distinct), width, minString, maxString);
    }

    /** Bytes of a value in the engine's rows (strings: the address of their bytes). */
    public static final double VALUE_BYTES = 8;
    /** Length assumed for a string whose segment tells nothing about it. */
    public static final double STRING_BYTES = 16;

    /**
     * Average bytes of a string of the segment: of a plain one, the data after the header, the
     * validity bits and the offsets, per row; of a dictionary one, the mean of the zone map's bounds.
     */
    private static double stringLength(SegmentMeta seg, int rows) {
        if (seg.encoding() == Encoding.PLAIN) {
            double data = seg.length() - SegmentLayout.HEADER_BYTES - SegmentLayout.validityBytes(rows) - 4.0 * (rows + 1);
            return Math.max(0, data / Math.max(1, rows - seg.nullCount()));
        }
        if (seg.min() instanceof String lo && seg.max() instanceof String hi) return (lo.length() + hi.length()) / 2.0;
        return STRING_BYTES;
    }

    /** A zone-map bound or literal value in the column's units (DECIMAL values are unscaled in storage). */
    static double real(Number storage, DataType type) {
        double v = storage.doubleValue();
        return type.kind() == TypeKind.DECIMAL ? v / Math.pow(10, type.scale()) : v;
    }

    public double nullFraction() {
        return rows == 0 ? 0 : (double) nulls / rows;
    }

    /** The fraction of the value range below {@code v} (0..1), or NaN without a range. */
    double fractionBelow(double v) {
        if (Double.isNaN(min)) return Double.NaN;
        if (max == min) return v > min ? 1 : 0;
        return Math.clamp((v - min) / (max - min), 0.0, 1.0);
    }
}
