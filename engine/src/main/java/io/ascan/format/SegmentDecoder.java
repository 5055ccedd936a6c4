package io.ascan.format;

import io.ascan.memory.ForeignBuffers;
import io.ascan.types.TypeKind;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Turns the bytes of a segment, as a direct read left them in aligned memory, into Arrow vectors
 * without copying: the memory becomes one foreign {@link ArrowBuf}, and each vector buffer is a
 * slice of it. Checks the CRC32C and the header against the manifest first.
 */
public final class SegmentDecoder {
    private SegmentDecoder() {}

    /**
     * Decodes segment {@code column} of {@code slice}. {@code memory} holds at least the segment's
     * payload; {@code release} gives it back when the vectors are closed (or at once on error).
     */
    public static ColumnData decode(String table, ColumnSpec column, SliceMeta slice, SegmentMeta meta,
                                    MemorySegment memory, BufferAllocator allocator, Runnable release)
            throws StorageException {
        try {
            verify(table, column, slice, meta, memory);
        } catch (StorageException | RuntimeException e) {
            release.run();
            throw e;
        }
        ArrowBuf whole = ForeignBuffers.wrap(allocator, memory.asSlice(0, memory.byteSize()), release);
        try {
            return load(table, column, slice, whole, allocator);
        } finally {
            whole.close(); // the vectors hold their own references now
        }
    }

    /**
     * Vectors in {@code allocator} over a segment already {@link #verify verified} when it was read
     * (a cached one: its CRC is not computed again). The vectors retain {@code segment}; the caller
     * still closes its own reference.
     */
    @SuppressWarnings("restricted") // the header is read in place, within the buffer's capacity
    public static ColumnData load(String table, ColumnSpec column, SliceMeta slice, ArrowBuf segment,
                                  BufferAllocator allocator) throws StorageException {
        SegmentLayout.Header h;
        try {
            h = SegmentLayout.Header.read(MemorySegment.ofAddress(segment.memoryAddress()).reinterpret(segment.capacity()));
        } catch (java.io.IOException e) {
            throw new StorageException(table, column.name(), slice.index(), e.getMessage());
        }
        long[] starts = SegmentLayout.bufferStarts(h.lengths());
        List<FieldVector> created = new ArrayList<>(2);
        try {
            List<ArrowBuf> bufs = new ArrayList<>(h.lengths().length);
            for (int i = 0; i < h.lengths().length; i++) bufs.add(segment.slice(starts[i], h.lengths()[i]));
            ArrowFieldNode node = new ArrowFieldNode(h.rows(), h.nullCount());
            boolean dict = h.encoding() == Encoding.DICT;
            FieldVector values = newVector(ArrowTypes.field(column, dict), column.type().kind(), dict, allocator);
            created.add(values);
            values.loadFieldBuffers(node, bufs.subList(0, dict ? 2 : bufs.size()));
            VarCharVector dictionary = null;
            if (dict) {
                dictionary = new VarCharVector(column.name() + "$dict", allocator);
                created.add(dictionary);
                dictionary.loadFieldBuffers(new ArrowFieldNode(h.dictSize(), 0), bufs.subList(2, 5));
            }
            return new ColumnData(column, values, dictionary, h.nullCount());
        } catch (RuntimeException e) {
            for (FieldVector v : created) v.close();
            throw new StorageException(table, column.name(), slice.index(), "cannot load segment: " + e.getMessage(), e);
        }
    }

    /**
     * Checks the bytes a read left in {@code memory} against the manifest: the CRC32C of the
     * payload, then the header (rows, type, encoding, buffer lengths). A {@link Encoding#PACKED}
     * segment is then expanded in place to the plain one, so {@code memory} must hold
     * {@link SegmentMeta#decodedLength} bytes; call this once per read.
     */
    public static void verify(String table, ColumnSpec column, SliceMeta slice, SegmentMeta meta,
                              MemorySegment memory) throws StorageException {
        if (memory.byteSize() < meta.decodedLength()) {
            throw new StorageException(table, column.name(), slice.index(), "segment buffer holds "
                    + memory.byteSize() + " bytes, the segment needs " + meta.decodedLength());
        }
        CRC32C crc = new CRC32C();
        crc.update(memory.asSlice(0, meta.length()).asByteBuffer());
        if (crc.getValue() != meta.crc32c()) {
            throw new StorageException(table, column.name(), slice.index(), String.format(
                    "corrupt segment: CRC32C %08x does not match the manifest's %08x", crc.getValue(), meta.crc32c()));
        }
        SegmentLayout.Header h;
        try {
            h = SegmentLayout.Header.read(memory);
        } catch (java.io.IOException e) {
            throw new StorageException(table, column.name(), slice.index(), e.getMessage());
        }
        TypeKind k = column.type().kind();
        int expectedBuffers = h.encoding() == Encoding.DICT ? 5 : k == TypeKind.VARCHAR ? 3 : 2;
        long[] starts = SegmentLayout.bufferStarts(h.lengths());
        boolean packed = h.encoding() == Encoding.PACKED;
        long[] plain = packed ? SegmentLayout.fixedWidthLengths(h.rows(), k.width()) : null;
        if (h.rows() != slice.rowCount() || h.typeOrdinal() != k.ordinal() || h.encoding() != meta.encoding()
                || h.lengths().length != expectedBuffers || (h.encoding() == Encoding.DICT && k != TypeKind.VARCHAR)
                || starts[h.lengths().length] != meta.length()
                || packed && (!BitPacking.packable(k) || !BitPacking.fits(k, h.bits()) || h.lengths()[0] != plain[0]
                        || h.lengths()[1] < BitPacking.packedBytes(h.rows(), h.bits())
                        || SegmentLayout.fixedWidthBytes(h.rows(), k.width()) != meta.decodedLength())) {
            throw new StorageException(table, column.name(), slice.index(), "segment header disagrees with the manifest"
                    + " (rows " + h.rows() + " vs " + slice.rowCount() + ", type " + h.typeOrdinal() + " vs " + k.ordinal()
                    + ", encoding " + h.encoding() + " vs " + meta.encoding() + ")");
        }
        if (packed) {
            BitPacking.expand(memory, starts[1], h.rows(), h.base(), h.bits(), k.width(), h.nullCount(), starts[0]);
            new SegmentLayout.Header(Encoding.PLAIN, h.typeOrdinal(), h.rows(), h.nullCount(), 0, plain).write(memory);
        }
    }

    private static FieldVector newVector(Field field, TypeKind kind, boolean dictCodes, BufferAllocator a) {
        if (dictCodes) return new IntVector(field, a);
        return switch (kind) {
            case BOOLEAN -> new BitVector(field, a);
            case INTEGER -> new IntVector(field, a);
            case BIGINT, DECIMAL -> new BigIntVector(field, a);
            case DOUBLE -> new Float8Vector(field, a);
            case DATE -> new DateDayVector(field, a);
            case TIMESTAMP -> new TimeStampMicroVector(field, a);
            case VARCHAR -> new VarCharVector(field, a);
        };
    }
}
