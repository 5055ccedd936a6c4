package io.ascan.format;

import io.ascan.catalog.TableReader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.io.BlockReader;
import io.ascan.io.BlockReaders;
import io.ascan.io.IoMode;
import io.ascan.testing.AllTypesTable;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RoundTripTest {
    static final TableSchema ALL_TYPES = AllTypesTable.SCHEMA;

    static Object expected(int c, int r) {
        return AllTypesTable.expected(c, r);
    }

    static void appendRow(RowAppender w, int r) {
        AllTypesTable.appendRow(w, r);
    }

    static Table writeAllTypes(Path dir, int rows, int sliceRows) throws Exception {
        return AllTypesTable.write(dir, rows, sliceRows);
    }

    @RegisterExtension final LeakCheck memory = new LeakCheck();
    @TempDir Path dir;

    @ParameterizedTest
    @EnumSource(IoMode.class)
    void everyTypeWithNullsSurvivesTheRoundTrip(IoMode io) throws Exception {
        int rows = 2_500;
        Table t = writeAllTypes(dir, rows, 1_000);
        assertEquals(rows, t.rowCount());
        assertEquals(3, t.manifest().slices().size());
        int row = 0;
        try (BlockReader reader = BlockReaders.open(io, 4);
             TableReader tr = TableReader.all(t, reader, memory.pool(), memory.allocator())) {
            while (tr.hasNext()) {
                try (SliceData s = tr.next()) {
                    assertEquals(row, s.slice().firstRow());
                    long expectedBytes = 0;
                    for (int c = 0; c < ALL_TYPES.size(); c++) {
                        expectedBytes += s.slice().segment(c).memoryBytes();
                    }
                    // Zero-copy: the only memory the allocator accounts is the read buffers themselves.
                    assertEquals(expectedBytes, memory.allocator().getAllocatedMemory());
                    for (int r = 0; r < s.rowCount(); r++, row++) {
                        for (int c = 0; c < ALL_TYPES.size(); c++) {
                            assertEquals(expected(c, row), s.column(c).getObject(r), "row " + row + " column " + c);
                        }
                    }
                    assertTrue(s.column(7).isDictionaryEncoded(), "low-cardinality strings use a dictionary");
                    assertTrue(!s.column(8).isDictionaryEncoded(), "distinct strings stay plain");
                }
            }
        }
        assertEquals(rows, row);
    }

    @Test
    void zoneMapsHoldMinMaxAndNullCounts() throws Exception {
        Table t = writeAllTypes(dir, 700, 300);
        SliceMeta first = t.manifest().slices().getFirst();
        int nulls = 0;
        long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
        for (int r = 0; r < 300; r++) {
            Object v = expected(1, r);
            if (v == null) { nulls++; continue; }
            min = Math.min(min, (Integer) v);
            max = Math.max(max, (Integer) v);
        }
        SegmentMeta seg = first.segment(1);
        assertEquals(nulls, seg.nullCount());
        assertEquals(min, seg.min());
        assertEquals(max, seg.max());
        assertEquals("cat-0", first.segment(7).min());
        assertEquals("cat-4é", first.segment(7).max());
    }

    @Test
    void segmentsStayWithinTheCapAndSlicesAlign() throws Exception {
        TableSchema schema = TableSchema.of(ColumnSpec.of("id", DataType.BIGINT), ColumnSpec.of("s", DataType.VARCHAR));
        Catalog catalog = Catalog.create(dir);
        SplittableRandom rnd = new SplittableRandom(7);
        List<String> values = new ArrayList<>();
        WriteOptions opts = WriteOptions.DEFAULTS.withSegmentCap(16 << 10);
        try (TableWriter w = catalog.create("t", schema, opts)) {
            ColumnBatch batch = new ColumnBatch(schema, 128);
            for (int r = 0; r < 5_000; r++) {
                String s = "v" + r + "-" + "y".repeat(rnd.nextInt(200));
                values.add(s);
                batch.setLong(0, r);
                batch.setString(1, s);
                batch.endRow();
                if (batch.rowCount() == 97) {
                    w.append(batch);
                    batch.clear();
                }
            }
            w.append(batch);
            w.commit();
        }
        Table t = catalog.table("t");
        assertTrue(t.manifest().slices().size() > 5);
        for (SliceMeta s : t.manifest().slices()) {
            for (SegmentMeta m : s.segments()) {
                assertTrue(m.length() <= opts.segmentCapBytes(), "segment of " + m.length() + " bytes exceeds the cap");
                assertEquals(0, m.offset() % 4096);
            }
        }
        int row = 0;
        try (BlockReader reader = BlockReaders.open(IoMode.URING, 8);
             TableReader tr = TableReader.all(t, reader, memory.pool(), memory.allocator())) {
            while (tr.hasNext()) {
                try (SliceData s = tr.next()) {
                    for (int r = 0; r < s.rowCount(); r++, row++) {
                        assertEquals(row, s.column(0).getLong(r));
                        assertEquals(values.get(row), s.column(1).getString(r));
                    }
                }
            }
        }
        assertEquals(5_000, row);
    }

    @Test
    void emptyTableAndAllNullColumn() throws Exception {
        Catalog catalog = Catalog.create(dir);
        TableSchema schema = TableSchema.of(ColumnSpec.of("x", DataType.DOUBLE), ColumnSpec.of("s", DataType.VARCHAR));
        try (TableWriter w = catalog.create("empty", schema, WriteOptions.DEFAULTS)) {
            w.commit();
        }
        assertEquals(0, catalog.table("empty").rowCount());
        try (TableWriter w = catalog.create("nulls", schema, WriteOptions.DEFAULTS)) {
            for (int i = 0; i < 10; i++) w.endRow();
            w.commit();
        }
        Table t = catalog.table("nulls");
        SegmentMeta m = t.manifest().slices().getFirst().segment(0);
        assertEquals(10, m.nullCount());
        assertNull(m.min());
        try (BlockReader reader = BlockReaders.open(IoMode.URING, 2);
             TableReader tr = TableReader.all(t, reader, memory.pool(), memory.allocator());
             SliceData s = tr.next()) {
            for (int r = 0; r < 10; r++) {
                assertNull(s.column(0).getObject(r));
                assertNull(s.column(1).getObject(r));
            }
        }
    }
}
