package io.ascan.exec.aggregate;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.exec.store.RowLayout;
import io.ascan.types.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which keys the merge of an aggregation on one integral key probes for. */
class KeyRangesTest {
    static KeyRanges ranges() {
        return KeyRanges.of(new RowLayout(List.of(DataType.BIGINT, DataType.BIGINT)), 1);
    }

    /** Clustered input: ranges meet only where a key spans two rowsets; only those keys may be shared. */
    @Test
    void rangesThatTouchShareOnlyTheirEnds() {
        KeyRanges r = ranges();
        KeyRanges.Recorder a = r.open(), b = r.open();
        a.add(1, 10);
        b.add(10, 20);
        a.add(21, 30);
        b.add(30, 30);
        b.add(30, 40);
        KeyRanges.Shared shared = r.shared(2);
        assertNotNull(shared);
        assertTrue(shared.mayShareKey(10));
        assertTrue(shared.mayShareKey(30));
        for (long k : new long[] {1, 5, 11, 20, 21, 29, 31, 40, 41, -7}) assertFalse(shared.mayShareKey(k), "key " + k);
    }

    /** Unclustered input: two ranges overlap, so any key may be in both tables: the full merge. */
    @Test
    void overlappingRangesLeaveTheFullMerge() {
        KeyRanges r = ranges();
        KeyRanges.Recorder a = r.open(), b = r.open();
        a.add(1, 10);
        b.add(9, 20);
        assertNull(r.shared(2));
    }

    /** A one-key range inside another's is an overlap, though no end passes the other's. */
    @Test
    void aPointInsideAnotherRangeOverlaps() {
        KeyRanges r = ranges();
        r.open().add(1, 10);
        r.open().add(5, 5);
        assertNull(r.shared(2));
    }

    /** A worker that aggregated unrecorded keys, or tables without a recorder, leave the full merge. */
    @Test
    void unrecordedKeysLeaveTheFullMerge() {
        KeyRanges r = ranges();
        KeyRanges.Recorder a = r.open(), b = r.open();
        a.add(1, 10);
        b.add(11, 20);
        assertNotNull(r.shared(2));
        assertNull(r.shared(3));
        b.unrecorded();
        assertNull(r.shared(2));
    }

    @Test
    void onlyOneIntegralKeyIsRecorded() {
        assertNull(KeyRanges.of(new RowLayout(List.of(DataType.BIGINT, DataType.INTEGER, DataType.BIGINT)), 2));
        assertNull(KeyRanges.of(new RowLayout(List.of(DataType.VARCHAR, DataType.BIGINT)), 1));
        assertNull(KeyRanges.of(new RowLayout(List.of(DataType.DOUBLE, DataType.BIGINT)), 1));
        assertNotNull(KeyRanges.of(new RowLayout(List.of(DataType.DATE, DataType.BIGINT)), 1));
    }
}
