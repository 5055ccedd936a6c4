package io.ascan.scan.materializer;

import io.ascan.codegen.rt.Mem;
import io.ascan.format.ColumnData;
import io.ascan.io.AlignedBufferPool;
import io.ascan.memory.ForeignBuffers;
import io.ascan.types.TypeKind;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;

/**
 * The last step of pushdown (A-Scan paper IV-B): gathers the selected tuples of each projected
 * column into new Arrow vectors in compute-node memory (the compute pool, accounted by the
 * query's allocator). Fixed-width values, bits and strings are copied tuple by tuple; a
 * dictionary-encoded column stays encoded (its codes are gathered and its dictionary, small,
 * copied once), since the pipeline reads dictionary columns per rowset. Every vector gets a
 * validity bitmap (all valid where the segment had no NULLs): Arrow reads it as given.
 */
public final class Compaction {
    private static final int ALIGN = 64;

    private Compaction() {}

    /** The compacted columns and the bytes they occupy (what crosses the interconnect). */
    public record Compacted(List<ColumnData> columns, long bytes) implements AutoCloseable {
        @Override
        public void close() {
            for (ColumnData c : columns) c.close();
        }
    }

    /** Tuples {@code selection[0..n)} of {@code in}, gathered into buffers from {@code pool} accounted by {@code allocator}. */
    public static Compacted compact(List<ColumnData> in, int[] selection, int n, AlignedBufferPool pool, BufferAllocator allocator) {
        List<ColumnData> out = new ArrayList<>(in.size());
        long bytes = 0;
        try {
            for (ColumnData c : in) {
                long[] moved = {0};
                out.add(column(c, selection, n, pool, allocator, moved));
                bytes += moved[0];
            }
            return new Compacted(out, bytes);
        } catch (RuntimeException | Error e) {
            for (ColumnData c : out) c.close();
            throw e;
        }
    }

    private static long align(long n) {
        return (n + ALIGN - 1) & -ALIGN;
    }

    /** Buffer sizes of one output column, laid out back to back (64-byte aligned) in one allocation. */
    private record Layout(long[] sizes, long[] starts, long total) {
        static Layout of(long... sizes) {
            long[] starts = new long[sizes.length];
            long at = 0;
            for (int i = 0; i < sizes.length; i++) {
                starts[i] = at;
                at += align(sizes[i]);
            }
            return new Layout(sizes, starts, Math.max(at, ALIGN));
        }

        long used() {
            long u = 0;
            for (long s : sizes) u += s;
            return u;
        }
    }

    private static ColumnData column(ColumnData in, int[] sel, int n, AlignedBufferPool pool, BufferAllocator allocator,
                                     long[] moved) {
        FieldVector v = in.vector();
        boolean nulls = in.nullCount() > 0;
        long validity = (n + 7) / 8;
        TypeKind kind = in.spec().type().kind();
        boolean dict = in.isDictionaryEncoded();
        Layout layout;
        if (dict) {
            VarCharVector d = in.dictionary();
            int size = d.getValueCount();
            long dictData = Mem.getInt(d.getOffsetBuffer().memoryAddress() + 4L * size);
            layout = Layout.of(validity, 4L * n, 4L * (size + 1), dictData, (size + 7) / 8);
        } else if (kind == TypeKind.VARCHAR) {
            long offsets = ((BaseVariableWidthVector) v).getOffsetBuffer().memoryAddress();
            long data = 0;
            for (int j = 0; j < n; j++) data += Mem.getInt(offsets + 4L * sel[j] + 4) - Mem.getInt(offsets + 4L * sel[j]);
            layout = Layout.of(validity, 4L * (n + 1), data);
        } else {
            long values = switch (kind) {
                case BOOLEAN -> (n + 7) / 8;
                case INTEGER, DATE -> 4L * n;
                default -> 8L * n;
            };
            layout = Layout.of(validity, values);
        }
        MemorySegment memory = pool.acquire(layout.total());
        ArrowBuf whole = ForeignBuffers.wrap(allocator, memory, () -> pool.release(memory));
        List<FieldVector> created = new ArrayList<>(2);
        try {
            long base = whole.memoryAddress();
            long[] at = new long[layout.sizes.length];
            for (int i = 0; i < at.length; i++) at[i] = base + layout.starts[i];
            int nullCount = nulls ? gatherValidity(v.getValidityBuffer().memoryAddress(), sel, n, at[0]) : allValid(at[0], n);
            long src = v.getDataBuffer().memoryAddress();
            if (dict) {
                gather4(src, sel, n, at[1]);
                VarCharVector d = in.dictionary();
                Mem.copy(d.getOffsetBuffer().memoryAddress(), at[2], layout.sizes[2]);
                Mem.copy(d.getDataBuffer().memoryAddress(), at[3], layout.sizes[3]);
                allValid(at[4], d.getValueCount());
            } else if (kind == TypeKind.VARCHAR) {
                gatherStrings(((BaseVariableWidthVector) v).getOffsetBuffer().memoryAddress(), src, sel, n, at[1], at[2]);
            } else {
                switch (kind) {
                    case BOOLEAN -> gatherBits(src, sel, n, at[1]);
                    case INTEGER, DATE -> gather4(src, sel, n, at[1]);
                    default -> gather8(src, sel, n, at[1]);
                }
            }
            List<ArrowBuf> bufs = new ArrayList<>(at.length);
            for (int i = 0; i < at.length; i++) bufs.add(whole.slice(layout.starts[i], layout.sizes[i]));
            FieldVector values = (FieldVector) v.getTransferPair(allocator).getTo();
            created.add(values);
            values.loadFieldBuffers(new ArrowFieldNode(n, nullCount), bufs.subList(0, dict ? 2 : bufs.size()));
            VarCharVector dictionary = null;
            if (dict) {
                VarCharVector d = in.dictionary();
                dictionary = (VarCharVector) d.getTransferPair(allocator).getTo();
                created.add(dictionary);
                dictionary.loadFieldBuffers(new ArrowFieldNode(d.getValueCount(), 0), List.of(bufs.get(4), bufs.get(2), bufs.get(3)));
            }
            moved[0] = layout.used();
            return new ColumnData(in.spec(), values, dictionary, nullCount);
        } catch (RuntimeException | Error e) {
            for (FieldVector f : created) f.close();
            throw e;
        } finally {
            whole.close(); // the vectors hold their own references
        }
    }

    /** Sets the first {@code n} bits; returns 0, the null count. */
    private static int allValid(long bitmap, int n) {
        Mem.fill(bitmap, (n + 7) / 8, (byte) -1);
        return 0;
    }

    private static int gatherValidity(long src, int[] sel, int n, long dst) {
        Mem.fill(dst, (n + 7) / 8, (byte) 0);
        int nulls = 0;
        for (int j = 0; j < n; j++) {
            if (Mem.bit(src, sel[j])) setBit(dst, j);
            else nulls++;
        }
        return nulls;
    }

    private static void setBit(long bitmap, int i) {
        long at = bitmap + (i >>> 3);
        Mem.putByte(at, (byte) (Mem.getByte(at) | (1 << (i & 7))));
    }

    private static void gatherBits(long src, int[] sel, int n, long dst) {
        Mem.fill(dst, (n + 7) / 8, (byte) 0);
        for (int j = 0; j < n; j++) if (Mem.bit(src, sel[j])) setBit(dst, j);
    }

    private static void gather4(long src, int[] sel, int n, long dst) {
        for (int j = 0; j < n; j++) Mem.putInt(dst + 4L * j, Mem.getInt(src + 4L * sel[j]));
    }

    private static void gather8(long src, int[] sel, int n, long dst) {
        for (int j = 0; j < n; j++) Mem.putLong(dst + 8L * j, Mem.getLong(src + 8L * sel[j]));
    }

    private static void gatherStrings(long offsets, long data, int[] sel, int n, long dstOffsets, long dstData) {
        int pos = 0;
        Mem.putInt(dstOffsets, 0);
        for (int j = 0; j < n; j++) {
            int start = Mem.getInt(offsets + 4L * sel[j]);
            int len = Mem.getInt(offsets + 4L * sel[j] + 4) - start;
            Mem.copy(data + start, dstData + pos, len);
            pos += len;
            Mem.putInt(dstOffsets + 4L * (j + 1), pos);
        }
    }
}
