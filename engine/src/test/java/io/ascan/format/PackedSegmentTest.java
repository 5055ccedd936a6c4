package io.ascan.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.catalog.TableReader;
import io.ascan.io.BlockReader;
import io.ascan.io.BlockReaders;
import io.ascan.io.IoMode;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Packed integer segments read back as the plain ones would, NULL rows' values included. */
class PackedSegmentTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();
    @TempDir Path dir;

    /** Column, its type, whether its narrow values pack, and its value for a row. */
    private static final TableSchema SCHEMA = TableSchema.of(
            ColumnSpec.of("small_int", DataType.INTEGER),    // 0..49 with NULLs: packs
            ColumnSpec.of("wide_int", DataType.INTEGER),     // any int: stays plain
            ColumnSpec.of("key", DataType.BIGINT),           // large ascending keys: pack to the slice's range
            ColumnSpec.of("negative", DataType.BIGINT),      // around Long.MIN_VALUE: packs from a negative base
            ColumnSpec.of("price", DataType.decimal(15, 2)), // packs
            ColumnSpec.of("day", DataType.DATE),             // packs
            ColumnSpec.of("ts", DataType.TIMESTAMP),         // microseconds over a year: packs
            ColumnSpec.of("wide_long", DataType.BIGINT),     // full range: stays plain
            ColumnSpec.of("all_null", DataType.BIGINT));     // packs to zero bits
    private static final boolean[] PACKS = {true, false, true, true, true, true, true, false, true};

    private static Long value(int c, int r, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed * 1_000_003L + r * 31L + c);
        return switch (c) {
            case 0 -> r % 7 == 3 ? null : (long) rnd.nextInt(50);
            case 1 -> (long) rnd.nextInt();
            case 2 -> 5_000_000_000L + 4L * r + rnd.nextInt(4);
            case 3 -> r % 11 == 0 ? null : Long.MIN_VALUE + rnd.nextInt(100_000);
            case 4 -> (long) rnd.nextInt(10_500_000);
            case 5 -> r % 13 == 5 ? null : 8_000L + rnd.nextInt(2_500);
            case 6 -> 1_600_000_000_000_000L + rnd.nextLong(31_536_000_000_000L);
            case 7 -> rnd.nextLong();
            default -> null;
        };
    }

    private Table write(Catalog catalog, String name, boolean packed, int rows, int sliceRows) throws Exception {
        try (TableWriter w = catalog.create(name, SCHEMA, WriteOptions.DEFAULTS.withMaxSliceRows(sliceRows).withPacked(packed))) {
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < SCHEMA.size(); c++) {
                    Long v = value(c, r, 1);
                    if (v == null) w.setNull(c);
                    else if (SCHEMA.column(c).type().kind().width() == 4) w.setInt(c, Math.toIntExact(v));
                    else w.setLong(c, v);
                }
                w.endRow();
            }
            w.commit();
        }
        return catalog.table(name);
    }

    @ParameterizedTest
    @EnumSource(IoMode.class)
    void packedSegmentsReadBackAsThePlainOnes(IoMode io) throws Exception {
        Catalog catalog = Catalog.create(dir);
        int rows = 6_005; // slices of 3,000 rows span blocks of the expansion; the last has 5 rows
        Table packed = write(catalog, "packed", true, rows, 3_000);
        Table plain = write(catalog, "plain", false, rows, 3_000);
        assertEquals(3, packed.manifest().slices().size());
        assertEquals(3, packed.manifest().formatVersion(), "packed segments need format version 3");
        assertEquals(2, plain.manifest().formatVersion(), "a table without one stays readable by version-2 builds");
        for (int s = 0; s < 3; s++) {
            for (int c = 0; c < SCHEMA.size(); c++) {
                SegmentMeta p = packed.manifest().slices().get(s).segment(c), q = plain.manifest().slices().get(s).segment(c);
                assertEquals(PACKS[c] ? Encoding.PACKED : Encoding.PLAIN, p.encoding(), "slice " + s + " column " + c);
                assertEquals(Encoding.PLAIN, q.encoding());
                assertEquals(q.length(), p.decodedLength(), "expanded, a packed segment is the plain one");
                assertEquals(q.min(), p.min());
                assertEquals(q.max(), p.max());
                assertEquals(q.nullCount(), p.nullCount());
                if (PACKS[c]) assertTrue(p.length() <= q.length() * 3 / 4 + 64, "column " + c + ": " + p.length() + " of " + q.length());
            }
        }
        int row = 0;
        try (BlockReader r1 = BlockReaders.open(io, 4); BlockReader r2 = BlockReaders.open(io, 4);
             TableReader a = TableReader.all(packed, r1, memory.pool(), memory.allocator());
             TableReader b = TableReader.all(plain, r2, memory.pool(), memory.allocator())) {
            while (a.hasNext()) {
                try (SliceData x = a.next(); SliceData y = b.next()) {
                    for (int c = 0; c < SCHEMA.size(); c++) {
                        var vx = x.column(c).vector();
                        var vy = y.column(c).vector();
                        long bytes = (long) x.rowCount() * SCHEMA.column(c).type().kind().width();
                        for (long i = 0; i < bytes; i++) {
                            assertEquals(vy.getDataBuffer().getByte(i), vx.getDataBuffer().getByte(i), "column " + c + " byte " + i);
                        }
                        for (int r = 0; r < x.rowCount(); r++) {
                            Long v = value(c, row + r, 1);
                            assertEquals(v == null, x.column(c).isNull(r), "column " + c + " row " + (row + r));
                            if (v != null && SCHEMA.column(c).type().kind() != TypeKind.DATE) {
                                assertEquals((long) v, SCHEMA.column(c).type().kind().width() == 4 ? x.column(c).getInt(r)
                                        : x.column(c).getLong(r));
                            }
                        }
                    }
                    row += x.rowCount();
                }
            }
        }
        assertEquals(rows, row);
    }
}
