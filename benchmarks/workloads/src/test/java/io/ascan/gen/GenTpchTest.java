package io.ascan.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.ascan.format.ManifestCodec;
import io.ascan.format.TableManifest;
import io.ascan.format.WriteOptions;
import io.trino.tpch.LineItem;
import io.trino.tpch.LineItemGenerator;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenTpchTest {
    private static final double SF = 0.01;
    @TempDir static Path oneThread;
    @TempDir static Path twoThreads;
    private static TpchGenerator gen;

    @BeforeAll
    static void generateTwice() throws Exception {
        gen = new TpchGenerator(SF);
        for (ChunkedTable t : gen.tables()) {
            ParallelGeneration.write(oneThread, t, WriteOptions.DEFAULTS, 1, n -> {});
            ParallelGeneration.write(twoThreads, t, WriteOptions.DEFAULTS, 2, n -> {});
        }
    }

    @Test
    void rowCountsAtSf001MatchDbgen() throws Exception {
        Map<String, Long> expected = new LinkedHashMap<>();
        expected.put("region", 5L);
        expected.put("nation", 25L);
        expected.put("supplier", 100L);
        expected.put("customer", 1_500L);
        expected.put("part", 2_000L);
        expected.put("partsupp", 8_000L);
        expected.put("orders", 15_000L);
        expected.put("lineitem", 60_175L);
        for (var e : expected.entrySet()) {
            TableManifest m = Manifests.read(oneThread.resolve(e.getKey()));
            assertEquals(e.getValue(), m.rowCount(), e.getKey());
            assertEquals(0, Manifests.nulls(m), e.getKey() + " has NULLs");
        }
        assertEquals(TpchTables.NAMES, gen.tables().stream().map(ChunkedTable::name).toList());
    }

    @Test
    void outputDoesNotDependOnThreadCount() throws Exception {
        assertEquals(true, gen.lineitem().chunkCount() > 1, "lineitem must span several chunks for this test");
        for (String table : TpchTables.NAMES) {
            assertEquals(Manifests.fingerprint(Manifests.read(oneThread.resolve(table))),
                    Manifests.fingerprint(Manifests.read(twoThreads.resolve(table))), table);
        }
    }

    @Test
    void schemasUseTheDocumentedTypes() throws Exception {
        TableManifest m = Manifests.read(oneThread.resolve("lineitem"));
        assertEquals(TpchTables.LINEITEM.columns(), m.columns());
        assertEquals("BIGINT", m.schema().column(0).type().toString());
        assertEquals("DECIMAL(15,2)", m.schema().column(4).type().toString());
        assertEquals("DATE", m.schema().column(10).type().toString());
        assertEquals("INTEGER", Manifests.read(oneThread.resolve("customer")).schema().column(0).type().toString());
    }

    /** The first lineitem of dbgen's lineitem.tbl at SF 1: 1|155190|7706|1|17|21168.23|0.04|0.02|N|O|1996-03-13|... */
    @Test
    void firstLineitemAtSf1IsDbgens() {
        ChunkedTable lineitem = new TpchGenerator(1).lineitem();
        RowCollector rows = new RowCollector(lineitem.schema().size());
        lineitem.generateChunk(0, rows);
        Object[] r = rows.rows.getFirst();
        assertEquals(1L, r[0]);
        assertEquals(155190, r[1]);
        assertEquals(7706, r[2]);
        assertEquals(1, r[3]);
        assertEquals(1700L, r[4]);
        assertEquals(2116823L, r[5]);
        assertEquals(4L, r[6]);
        assertEquals(2L, r[7]);
        assertEquals("N", r[8]);
        assertEquals("O", r[9]);
        assertEquals((int) LocalDate.of(1996, 3, 13).toEpochDay(), r[10]);
        assertEquals((int) LocalDate.of(1996, 2, 12).toEpochDay(), r[11]);
        assertEquals((int) LocalDate.of(1996, 3, 22).toEpochDay(), r[12]);
        assertEquals("DELIVER IN PERSON", r[13]);
        assertEquals("TRUCK", r[14]);
    }

    /** Chunked generation reproduces Trino's unpartitioned stream row for row. */
    @Test
    void chunksConcatenateToTheUnpartitionedTable() {
        List<Object[]> rows = RowCollector.of(gen.lineitem()).rows;
        Iterator<LineItem> reference = new LineItemGenerator(SF, 1, 1).iterator();
        for (Object[] r : rows) {
            LineItem l = reference.next();
            assertEquals(l.orderKey(), r[0]);
            assertEquals((int) l.partKey(), r[1]);
            assertEquals(l.lineNumber(), r[3]);
            assertEquals(l.quantity() * 100, r[4]);
            assertEquals(l.extendedPriceInCents(), r[5]);
            assertEquals(l.shipDate(), r[10]);
            assertEquals(l.comment(), r[15]);
        }
        assertEquals(false, reference.hasNext());
    }

    @Test
    void scaleFactorOutOfRangeIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new TpchGenerator(-1));
        assertThrows(IllegalArgumentException.class, () -> new TpchGenerator(0));
        assertThrows(IllegalArgumentException.class, () -> new TpchGenerator(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new TpchGenerator(20_000));
        assertNotEquals(0, new TpchGenerator(TpchGenerator.MIN_SCALE_FACTOR).supplier().expectedRows());
    }
}
