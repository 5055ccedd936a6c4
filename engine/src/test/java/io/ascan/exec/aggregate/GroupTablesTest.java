package io.ascan.exec.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How many partitions a worker's group tables are split into. */
class GroupTablesTest {
    @Test
    void atLeastTheMergingThreadsAPowerOfTwo() {
        assertEquals(1, GroupTables.partitions(1, 0));
        assertEquals(2, GroupTables.partitions(2, 0));
        assertEquals(4, GroupTables.partitions(4, 1000));
        assertEquals(64, GroupTables.partitions(100, 0));
    }

    @Test
    void manyGroupsGetCacheSizedPartitionsUpToTheMost() {
        // TPC-H q18's GROUP BY l_orderkey at SF 1: 1.5 M groups
        assertEquals(64, GroupTables.partitions(2, 1_500_000));
        assertEquals(16, GroupTables.partitions(2, 16 * GroupTables.GROUPS_PER_PARTITION + 1));
        assertEquals(2, GroupTables.partitions(2, 3 * GroupTables.GROUPS_PER_PARTITION));
        assertEquals(GroupTables.MAX_PARTITIONS, GroupTables.partitions(2, Long.MAX_VALUE / 4));
    }
}
