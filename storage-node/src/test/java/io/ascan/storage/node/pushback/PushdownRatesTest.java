package io.ascan.storage.node.pushback;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class PushdownRatesTest {
    private static final PushdownRates.Shape Q = new PushdownRates.Shape("lineitem", "[1, 2]", "p");
    private static final PushdownRates.Shape OTHER = new PushdownRates.Shape("orders", "[0]", "");

    @Test
    void beforeAnyMeasurementPushdownCostsNothingAndTheLinkIsTheprior() {
        PushdownRates r = new PushdownRates();
        assertEquals(new PushbackArbiter.Estimate(0, 1000), r.estimate(Q, 1000, 0));
        assertEquals(new PushbackArbiter.Estimate(0, 3000), r.estimate(Q, 1000, 3.0)); // the compute side's rate first
    }

    @Test
    void measuredRatesGiveTheEstimates() {
        PushdownRates r = new PushdownRates();
        r.pushedDown(Q, 1000, 2000, 100);                 // 2 ns per input byte, a tenth shipped
        r.pulledUp(1000, 4000);                           // the node's link: 4 ns per byte
        // t_pd = 500 * 2 + 50 * 4, t_pb = 500 * 4
        assertEquals(new PushbackArbiter.Estimate(1200, 2000), r.estimate(Q, 500, 0));
        // another shape, not measured: the mean of those measured
        assertEquals(new PushbackArbiter.Estimate(1200, 2000), r.estimate(OTHER, 500, 0));
        r.pushedDown(Q, 1000, 7000, 100);                 // smoothed: 0.2 * 7 + 0.8 * 2 = 3 ns per byte
        assertEquals(new PushbackArbiter.Estimate(1700, 2000), r.estimate(Q, 500, 0));
    }

    @Test
    void predicateShapeLeavesOutLiterals() throws Exception {
        ObjectMapper json = new ObjectMapper();
        String a = NodePushback.shape(json.readTree("{\"op\":\"LT\",\"args\":[{\"col\":3,\"type\":\"INT\"},{\"lit\":24,\"type\":\"INT\"}]}"));
        String b = NodePushback.shape(json.readTree("{\"op\":\"LT\",\"args\":[{\"col\":3,\"type\":\"INT\"},{\"lit\":7,\"type\":\"INT\"}]}"));
        String c = NodePushback.shape(json.readTree("{\"op\":\"LT\",\"args\":[{\"col\":4,\"type\":\"INT\"},{\"lit\":7,\"type\":\"INT\"}]}"));
        assertEquals(a, b);
        if (a.equals(c)) throw new AssertionError("different columns, same shape: " + a);
    }
}
