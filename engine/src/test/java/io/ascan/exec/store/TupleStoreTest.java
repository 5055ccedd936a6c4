package io.ascan.exec.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.codegen.rt.Mem;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class TupleStoreTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final RowLayout LAYOUT = new RowLayout(List.of(DataType.BIGINT, DataType.VARCHAR, DataType.DOUBLE));

    static String readString(long at) {
        int len = Mem.getInt(at);
        byte[] b = new byte[len];
        for (int i = 0; i < len; i++) b[i] = Mem.getByte(at + 4 + i);
        return new String(b, StandardCharsets.UTF_8);
    }

    /**
     * A dictionary entry is copied once per intern table: rows sharing it get one address, the
     * table is cleared for the next rowset (which copies again), and dictionaries above the bound
     * or plain rowsets get no table (their strings are copied row by row).
     */
    @Test
    void internCopiesEachDictionaryEntryOncePerTable() {
        try (TupleStore store = new TupleStore(LAYOUT, memory.allocator(), "test")) {
            byte[] a = "CHINA".getBytes(StandardCharsets.UTF_8), b = "INDONESIA".getBytes(StandardCharsets.UTF_8);
            long sa = store.appendString(a), sb = store.appendString(b); // stand-ins for a rowset's dictionary entries
            long[] table = TupleStore.internTable(null, 2);
            long first = store.intern(table, 0, sa + 4, a.length);
            assertTrue(first != sa, "a copy of the entry, in the store");
            assertEquals("CHINA", readString(first));
            assertEquals(first, store.intern(table, 0, sa + 4, a.length));
            long other = store.intern(table, 1, sb + 4, b.length);
            assertEquals("INDONESIA", readString(other));
            assertTrue(other != first);
            long[] next = TupleStore.internTable(table, 2);
            assertTrue(next == table, "the table is reused");
            long again = store.intern(next, 0, sa + 4, a.length);
            assertTrue(again != first, "a new rowset copies its entry again");
            assertEquals("CHINA", readString(again));
            assertEquals(null, TupleStore.internTable(table, 0));
            assertEquals(null, TupleStore.internTable(table, TupleStore.INTERN_ENTRIES + 1));
            assertEquals(TupleStore.INTERN_ENTRIES, TupleStore.internTable(table, TupleStore.INTERN_ENTRIES).length);
        }
    }

    @Test
    void rowsAndStringsKeepTheirAddressesAndOrder() {
        int n = 100_000;
        try (TupleStore store = new TupleStore(LAYOUT, memory.allocator(), "test")) {
            List<Long> addresses = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                long row = store.appendRow();
                addresses.add(row);
                Mem.putLong(row + LAYOUT.valueOffset(0), i);
                Mem.putLong(row + LAYOUT.valueOffset(1), store.appendString(("s" + i).getBytes(StandardCharsets.UTF_8)));
                Mem.putDouble(row + LAYOUT.valueOffset(2), i / 2.0);
                if (i % 3 == 0) {
                    long w = row + LAYOUT.nullWordOffset(2);
                    Mem.putLong(w, Mem.getLong(w) | RowLayout.nullMask(2));
                }
            }
            assertEquals(n, store.rowCount());
            int[] i = {0};
            store.forEachRow(row -> {
                assertEquals(addresses.get(i[0]), row);
                assertEquals(i[0], Mem.getLong(row + LAYOUT.valueOffset(0)));
                assertEquals("s" + i[0], readString(Mem.getLong(row + LAYOUT.valueOffset(1))));
                boolean isNull = (Mem.getLong(row + LAYOUT.nullWordOffset(2)) & RowLayout.nullMask(2)) != 0;
                assertEquals(i[0] % 3 == 0, isNull);
                i[0]++;
            });
            assertEquals(n, i[0]);
            assertTrue(memory.allocator().getAllocatedMemory() >= (long) n * LAYOUT.rowBytes());
        }
    }

    @Test
    void exceedingTheQueryLimitIsAClearError() {
        try (BufferAllocator limited = memory.allocator().newChildAllocator("query", 0, 1 << 20);
             TupleStore store = new TupleStore(LAYOUT, limited, "hash join build")) {
            OutOfMemoryException e = assertThrows(OutOfMemoryException.class, () -> {
                while (true) store.appendRow();
            });
            assertTrue(e.getMessage().contains("query memory limit exceeded by hash join build"), e.getMessage());
        }
    }

    @Test
    void layoutOffsetsAreDistinctAndAligned() {
        RowLayout wide = new RowLayout(java.util.Collections.nCopies(70, DataType.INTEGER));
        assertEquals(16 + 16 + 8 * 70, wide.rowBytes());
        assertEquals(24, wide.nullWordOffset(64));
        assertEquals(1L, RowLayout.nullMask(64));
        assertEquals(0, wide.valueOffset(69) % 8);
    }
}
