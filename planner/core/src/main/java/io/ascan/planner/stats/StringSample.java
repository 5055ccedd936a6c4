package io.ascan.planner.stats;

import io.ascan.catalog.Table;
import io.ascan.format.ColumnData;
import io.ascan.format.ColumnSpec;
import io.ascan.format.SegmentDecoder;
import io.ascan.format.SegmentMeta;
import io.ascan.format.SliceMeta;
import io.ascan.memory.Allocators;
import io.ascan.types.TypeKind;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.calcite.runtime.SqlFunctions;

/**
 * Values of a VARCHAR column read from one of its segments, evenly spaced, for the share of rows
 * a LIKE pattern keeps. Zone maps and distinct counts say nothing about substrings: a pattern's
 * length alone put {@code p_name LIKE '%green%'} at 13% for a true 5%, and TPC-H q9 then built its
 * largest hash table on orders rather than on the green parts' lineitems (1.6x slower). Read once
 * per table version and column (cached by {@code AscanTable}), when a plan first estimates a LIKE
 * on the column; a table whose files are not local (a storage node's) has no sample.
 */
public final class StringSample {
    /** Values taken from the segment: a share of 5% is known within about half a point. */
    static final int SIZE = 2048;

    private final List<String> values;
    private final Map<String, Double> shares = new ConcurrentHashMap<>();

    StringSample(List<String> values) {
        this.values = List.copyOf(values);
    }

    public int size() {
        return values.size();
    }

    /**
     * The share of the sampled (non-NULL) values that {@code pattern} matches, half a value when
     * none does; NaN for a pattern Calcite cannot match. {@code escape} may be null;
     * {@code caseSensitive} false for ILIKE.
     */
    public double share(String pattern, String escape, boolean caseSensitive) {
        return shares.computeIfAbsent((caseSensitive ? "L" : "I") + (escape == null ? "" : escape) + "\0" + pattern, k -> {
            SqlFunctions.LikeFunction like = new SqlFunctions.LikeFunction();
            int matched = 0;
            try {
                for (String v : values) {
                    boolean m = escape == null ? (caseSensitive ? like.like(v, pattern) : like.ilike(v, pattern))
                            : (caseSensitive ? like.like(v, pattern, escape) : like.ilike(v, pattern, escape));
                    if (m) matched++;
                }
            } catch (RuntimeException e) {
                return Double.NaN; // an invalid pattern or escape: the query reports it when it runs
            }
            return Math.max(matched, 0.5) / values.size();
        });
    }

    /**
     * A sample of VARCHAR column {@code column} from the segment of the table's middle slice, or
     * null when the column is not VARCHAR, that segment holds no value, or it cannot be read here.
     */
    public static StringSample read(Table table, int column) {
        ColumnSpec spec = table.manifest().columns().get(column);
        List<SliceMeta> slices = table.manifest().slices();
        if (spec.type().kind() != TypeKind.VARCHAR || slices.isEmpty()) return null;
        SliceMeta slice = slices.get(slices.size() / 2);
        SegmentMeta meta = slice.segment(column);
        if (meta.nullCount() >= slice.rowCount()) return null;
        try (BufferAllocator allocator = Allocators.root();
             FileChannel file = FileChannel.open(table.columnFile(column), StandardOpenOption.READ)) {
            ArrowBuf buf = allocator.buffer(meta.length());
            MemorySegment memory;
            try {
                memory = MemorySegment.ofAddress(buf.memoryAddress()).reinterpret(meta.length());
                var bytes = memory.asByteBuffer();
                while (bytes.hasRemaining()) {
                    if (file.read(bytes, meta.offset() + bytes.position()) < 0) {
                        buf.close();
                        return null; // a file shorter than the manifest says: the scan will report it
                    }
                }
            } catch (IOException | RuntimeException e) {
                buf.close();
                throw e;
            }
            try (ColumnData data = SegmentDecoder.decode(table.name(), spec, slice, meta, memory, allocator, buf::close)) {
                return of(data);
            }
        } catch (IOException | RuntimeException e) { // StorageException is an IOException
            return null; // no sample: the estimate falls back on the pattern's length
        }
    }

    private static StringSample of(ColumnData data) {
        int rows = data.rowCount();
        int step = Math.max(1, rows / SIZE);
        List<String> values = new ArrayList<>(Math.min(rows, SIZE));
        for (int row = 0; row < rows && values.size() < SIZE; row += step) {
            if (!data.isNull(row)) values.add(data.getString(row));
        }
        return values.isEmpty() ? null : new StringSample(values);
    }
}
