package io.ascan.cache;

/**
 * Identity of one column segment as it is on disk: the version of its column file, the slice,
 * and where the manifest says it lies. The file version changes when a table is rewritten, so a
 * replaced table never hits the entries of its predecessor; the manifest's CRC32C makes the key
 * name the bytes themselves, so even a reader holding a manifest older than the file it opened
 * cannot be served another version's segment.
 */
public record SegmentKey(ColumnFileVersion file, int slice, long offset, long length, long crc32c) {
    /** The key of {@code slice}'s segment {@code m} in column file {@code file}, as the manifest describes it. */
    public static SegmentKey of(ColumnFileVersion file, io.ascan.format.SliceMeta slice, io.ascan.format.SegmentMeta m) {
        return new SegmentKey(file, slice.index(), m.offset(), m.length(), m.crc32c());
    }
}
