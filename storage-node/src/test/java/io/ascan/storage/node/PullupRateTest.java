package io.ascan.storage.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/**
 * A scan's pushdown request is shared by its workers: each stamps it and adds its slice's fields
 * (the runtime filters' id, the slice) to what it got back, so the request itself never changes.
 */
class PullupRateTest {
    static ObjectNode request() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("table", "lineorder");
        return o;
    }

    @Test
    void beforeAnyRateTheStampIsACopyWithoutOne() {
        ObjectNode base = request();
        ObjectNode stamped = new PullupRate().stamp(base);
        assertNotSame(base, stamped);
        assertFalse(stamped.has(Tickets.PULLUP_RATE), stamped.toString());
        stamped.put(Tickets.FILTER_ID, "f1");
        assertEquals(request(), base, "a worker's fields must not reach the shared request");
    }

    @Test
    void aMeasuredRateIsStampedOnACopy() {
        PullupRate rate = new PullupRate();
        rate.pulled(1000, 2000);
        ObjectNode base = request();
        ObjectNode stamped = rate.stamp(base);
        assertTrue(stamped.has(Tickets.PULLUP_RATE), stamped.toString());
        assertEquals(2.0, stamped.get(Tickets.PULLUP_RATE).asDouble(), 1e-9);
        assertEquals(request(), base);
    }
}
