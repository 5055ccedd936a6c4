package io.ascan.exec.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.codegen.rt.Mem;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Direct-address groups: slots by key - min, chunks allocated on use, merged slot by slot. */
class DirectGroupsTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    /** key, then a sum. */
    static final RowLayout LAYOUT = new RowLayout(List.of(DataType.BIGINT, DataType.BIGINT));

    static long add(DirectGroups g, long key, long value) {
        long d = key - g.min();
        long row = g.find(d);
        if (row == 0) {
            row = g.insert(d);
            Mem.putLong(row + LAYOUT.valueOffset(0), key);
        }
        Mem.putLong(row + LAYOUT.valueOffset(1), Mem.getLong(row + LAYOUT.valueOffset(1)) + value);
        return row;
    }

    /** key=sum of every group, in the order visited. */
    static List<String> groups(DirectGroups g) {
        List<String> out = new ArrayList<>();
        g.forEachGroup(row -> out.add(Mem.getLong(row + LAYOUT.valueOffset(0)) + "=" + Mem.getLong(row + LAYOUT.valueOffset(1))));
        return out;
    }

    static final DirectGroups.Combiner SUM = (other, into, store) -> Mem.putLong(into + LAYOUT.valueOffset(1),
            Mem.getLong(into + LAYOUT.valueOffset(1)) + Mem.getLong(other + LAYOUT.valueOffset(1)));

    @Test
    void keysAtBothEndsOfTheRangeFindTheirGroups() {
        long span = 3 * DirectGroups.CHUNK_SLOTS + 5;
        try (DirectGroups g = new DirectGroups(LAYOUT, memory.allocator(), -7, span)) {
            assertEquals(0, g.groupCount());
            assertEquals(0, g.allocatedSlots(), "no chunk before a group");
            assertTrue(groups(g).isEmpty());
            long last = -7 + span - 1;
            long first = add(g, -7, 1);
            add(g, last, 10);
            add(g, -7, 2);
            add(g, last, 20);
            add(g, 0, 5);
            assertEquals(first, g.find(0));
            assertEquals(0, g.find(1));
            assertEquals(3, g.groupCount());
            assertEquals(List.of("-7=3", "0=5", last + "=30"), groups(g), "in key order");
            assertEquals(2 * DirectGroups.CHUNK_SLOTS, g.allocatedSlots(), "only the chunks used");
        }
    }

    @Test
    void mergeTakesChunksWholeAndFoldsSharedOnesSlotBySlot() {
        long span = 4 * DirectGroups.CHUNK_SLOTS;
        try (DirectGroups a = new DirectGroups(LAYOUT, memory.allocator(), 100, span);
             DirectGroups b = new DirectGroups(LAYOUT, memory.allocator(), 100, span)) {
            long c1 = 100 + DirectGroups.CHUNK_SLOTS, c3 = 100 + 3 * DirectGroups.CHUNK_SLOTS;
            add(a, 100, 1);          // chunk 0: both, different slots
            add(b, c1 - 1, 6);       // chunk 0's last slot: b only
            add(a, c1, 2);           // chunk 1: both, same key
            add(b, c1, 3);
            add(b, c1 + 1, 4);       // chunk 1: b only in this slot
            add(b, c3 + 9, 5);       // chunk 3: b only
            for (int c = 0; c < a.chunkCount(); c++) a.merge(b, c, SUM);
            b.closeSlots();
            assertEquals(List.of("100=1", (c1 - 1) + "=6", c1 + "=5", (c1 + 1) + "=4", (c3 + 9) + "=5"), groups(a));
            assertEquals(5, a.groupCount());
            assertEquals(0, b.groupCount());
        }
    }

    @Test
    void rangesSuitOnlyWhenDenseAndSmallEnough() {
        assertTrue(DirectGroups.suits(6_000_000, 1_500_000, 2, 1L << 32), "TPC-H q18 at SF 1: 4 slots per group");
        assertFalse(DirectGroups.suits(6_000_000, 0, 2, 1L << 32), "no estimate");
        assertFalse(DirectGroups.suits(6_000_000, 700_000, 2, 1L << 32), "more than 8 slots per group");
        assertFalse(DirectGroups.suits(DirectGroups.MAX_SLOTS + 1, DirectGroups.MAX_SLOTS, 1, Long.MAX_VALUE));
        assertFalse(DirectGroups.suits(6_000_000, 1_500_000, 2, 6_000_000L * 8 * 2 * 4 - 1), "a quarter of the memory limit");
        assertFalse(DirectGroups.suits(0, 10, 1, Long.MAX_VALUE));
    }
}
