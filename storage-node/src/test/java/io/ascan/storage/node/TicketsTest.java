package io.ascan.storage.node;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.ascan.exec.store.BloomFilter;
import io.ascan.exec.store.KeyBitmap;
import io.ascan.exec.store.KeyRange;
import io.ascan.scan.materializer.RuntimeFilter;
import io.ascan.scan.remote.RemoteStorage;
import io.ascan.testing.LeakCheck;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What a pushdown request carries of R. */
class TicketsTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static KeyRange range(long min, long max) {
        KeyRange r = new KeyRange();
        r.add(min);
        r.add(max);
        return r;
    }

    /**
     * R's key bitmap travels with the request up to the 1 MiB a node takes; a larger view of a
     * join table's key bits (up to 16 MiB on the compute side) stays, and the node tests the
     * Bloom filter that travels with it.
     */
    @Test
    void aKeyBitmapTravelsOnlyWithinTheBoundANodeTakes() throws Exception {
        try (BloomFilter bloom = new BloomFilter(2, memory.allocator()); ArrowBuf bits = memory.allocator().buffer(128)) {
            bits.setZero(0, 128);
            KeyBitmap small = KeyBitmap.over(bits.memoryAddress(), range(0, 1000));
            KeyBitmap large = KeyBitmap.over(0, range(0, 64_000_000)); // never read: it does not travel
            assertTrue(small.shippable());
            assertFalse(large.shippable());
            RemoteStorage.Pushdown p = new RemoteStorage.Pushdown(null, new int[] {0}, 1, null, List.of(
                    new RuntimeFilter(bloom, new int[] {0}, 0, 1000, small),
                    new RuntimeFilter(bloom, new int[] {0}, 0, 64_000_000, large)));
            JsonNode filters = Tickets.JSON.readTree(Tickets.registerFilters(p)).get("filters");
            assertTrue(filters.get(0).has("bitmap"), filters.toString());
            assertFalse(filters.get(1).has("bitmap"), filters.toString());
            assertTrue(filters.get(1).has("bloom"), filters.toString());
        }
    }
}
