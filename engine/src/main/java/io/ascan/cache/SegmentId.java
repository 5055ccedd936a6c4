package io.ascan.cache;

/**
 * One column segment of a remote table as the compute-side cache names it: table, the version the
 * query planned with (a rewritten table is another version, so it never hits its predecessor's
 * segments), table column and slice.
 */
public record SegmentId(String table, String version, int column, int slice) {
    @Override
    public String toString() {
        return table + "@" + version + "/c" + column + "/s" + slice;
    }
}
