package io.ascan.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.format.ColumnData;
import io.ascan.format.SliceData;
import io.ascan.catalog.TableReader;
import io.ascan.format.WriteOptions;
import io.ascan.io.BlockReader;
import io.ascan.io.BlockReaders;
import io.ascan.io.IoMode;
import io.ascan.testing.LeakCheck;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Generated tables read back through the table reader hold exactly the rows the generators produced. */
class GenReadBackTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();
    @TempDir Path dir;

    private void roundTrip(ChunkedTable t) throws Exception {
        List<Object[]> expected = RowCollector.of(t).rows;
        ParallelGeneration.write(dir, t, WriteOptions.DEFAULTS, 2, n -> {});
        Table table = Catalog.open(dir).table(t.name());
        assertEquals(t.schema().columns(), table.schema().columns());
        int row = 0;
        try (BlockReader reader = BlockReaders.open(IoMode.PORTABLE, 4);
             TableReader tr = TableReader.all(table, reader, memory.pool(), memory.allocator())) {
            while (tr.hasNext()) {
                try (SliceData s = tr.next()) {
                    for (int r = 0; r < s.rowCount(); r++, row++) {
                        for (int c = 0; c < t.schema().size(); c++) {
                            ColumnData col = s.column(c);
                            assertFalse(col.isNull(r));
                            assertEquals(expected.get(row)[c], value(col, r), t.name() + " row " + row + " column "
                                    + t.schema().column(c).name());
                        }
                    }
                }
            }
        }
        assertEquals(expected.size(), row);
    }

    /** The value in the representation the generators write (int, long, double, boolean, String). */
    private static Object value(ColumnData col, int r) {
        return switch (col.spec().type().kind()) {
            case BOOLEAN -> col.getBoolean(r);
            case INTEGER, DATE -> col.getInt(r);
            case BIGINT, DECIMAL, TIMESTAMP -> col.getLong(r);
            case DOUBLE -> col.getDouble(r);
            case VARCHAR -> col.getString(r);
        };
    }

    @Test
    void tpchLineitemAndOrders() throws Exception {
        TpchGenerator gen = new TpchGenerator(0.01);
        roundTrip(gen.lineitem());
        roundTrip(gen.orders());
    }

    @Test
    void ssbTables() throws Exception {
        SsbGenerator gen = new SsbGenerator(0.01);
        for (ChunkedTable t : gen.tables()) roundTrip(t);
    }

    @Test
    void taxiTables() throws Exception {
        for (ChunkedTable t : new TaxiGenerator(70_000, true, 3).tables()) roundTrip(t);
    }
}
