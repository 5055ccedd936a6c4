package io.ascan.gen;

import io.ascan.format.SegmentMeta;
import io.ascan.format.SliceMeta;
import io.ascan.format.TableManifest;
import java.util.ArrayList;
import java.util.List;

/** Test helper: the parts of a manifest that identify a table's bytes. */
final class Manifests {
    private Manifests() {}

    /** The current manifest of the table in {@code tableDir} (checked, as the catalog reads it). */
    static TableManifest read(java.nio.file.Path tableDir) throws java.io.IOException {
        return io.ascan.catalog.Catalog.open(tableDir.getParent()).table(tableDir.getFileName().toString()).manifest();
    }

    /** Per slice: row count, then per segment length, CRC32C and null count. */
    static List<Long> fingerprint(TableManifest m) {
        List<Long> f = new ArrayList<>();
        f.add(m.rowCount());
        for (SliceMeta s : m.slices()) {
            f.add((long) s.rowCount());
            for (SegmentMeta seg : s.segments()) {
                f.add((long) seg.length());
                f.add(seg.crc32c());
                f.add((long) seg.nullCount());
            }
        }
        return f;
    }

    static long nulls(TableManifest m) {
        long n = 0;
        for (SliceMeta s : m.slices()) for (SegmentMeta seg : s.segments()) n += seg.nullCount();
        return n;
    }
}
