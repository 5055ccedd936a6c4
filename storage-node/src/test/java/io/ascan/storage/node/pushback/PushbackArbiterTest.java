package io.ascan.storage.node.pushback;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ascan.storage.node.pushback.PushbackArbiter.Decision;
import io.ascan.storage.node.pushback.PushbackArbiter.Estimate;
import io.ascan.storage.node.pushback.PushbackArbiter.Request;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The arbiter's decisions on scripted queue states, each worked by hand from Algorithm 1 (admit when
 * t_pd + wait < weight * t_pb; the wait lays what runs and what is queued ahead on the cores; the
 * weight is ceil(n / pullupSlots) for the n-th concurrent pushed-back transfer). Times are in
 * nanoseconds of a scripted clock.
 */
class PushbackArbiterTest {
    private final AtomicLong now = new AtomicLong();

    private PushbackArbiter arbiter(String policy, int cores, int pullupSlots) {
        PushbackSettings s = PushbackSettings.OFF.withPolicy(policy).withPullupSlots(pullupSlots);
        return new PushbackArbiter(s, cores, now::get);
    }

    private static Request arrive(PushbackArbiter a, long pushdown, long pullup) {
        return a.arrive(new Estimate(pushdown, pullup));
    }

    @Test
    void waitIsWhatRunsAndWhatIsQueuedAhead() {
        PushbackArbiter a = arbiter("on", 1, 4);
        Request r0 = arrive(a, 10, 100);                       // idle: 10 + 0 < 100
        assertEquals(Decision.PUSHDOWN, r0.decision());
        now.set(4);
        assertEquals(Decision.QUEUED, arrive(a, 5, 100).decision());    // 5 + (10 - 4) = 11 < 100
        assertEquals(Decision.PUSHBACK, arrive(a, 3, 12).decision());   // 3 + 6 + 5 = 14, not < 12
        assertEquals(Decision.QUEUED, arrive(a, 3, 15).decision());     // 14 < 1 * 15 (one pushed back: weight 1)
        assertEquals(new PushbackArbiter.Counts(4, 1, 1), a.counts());
    }

    @Test
    void queuedRequestsAreLaidOnTheCoreThatFreesFirst() {
        PushbackArbiter a = arbiter("on", 2, 4);
        assertEquals(Decision.PUSHDOWN, arrive(a, 10, 100).decision());
        assertEquals(Decision.PUSHDOWN, arrive(a, 20, 100).decision());
        now.set(5);                                                      // cores free at 5 and 15 from now
        assertEquals(Decision.PUSHBACK, arrive(a, 8, 10).decision());   // 8 + 5 = 13, not < 10
        assertEquals(Decision.QUEUED, arrive(a, 4, 10).decision());     // 4 + 5 = 9 < 10
        assertEquals(Decision.PUSHBACK, arrive(a, 4, 10).decision());   // behind it: cores at 9 and 15: 4 + 9 = 13
    }

    @Test
    void pushedBackTransfersSharingTheLinkWeighThePullUp() {
        PushbackArbiter a = arbiter("on", 1, 2);
        Request r0 = arrive(a, 100, 1000);
        assertEquals(Decision.PUSHDOWN, r0.decision());
        Request r1 = arrive(a, 10, 60);                                   // 10 + 100 = 110, not < ceil(1/2) * 60
        Request r2 = arrive(a, 10, 60);                                   // not < ceil(2/2) * 60
        assertEquals(Decision.PUSHBACK, r1.decision());
        assertEquals(Decision.PUSHBACK, r2.decision());
        assertEquals(Decision.QUEUED, arrive(a, 10, 60).decision());    // third transfer: 110 < ceil(3/2) * 60 = 120
        r1.close();
        r2.close();                                                       // transfers done: weight 1 again
        assertEquals(Decision.PUSHBACK, arrive(a, 10, 100).decision()); // 10 + 100 + 10 = 120, not < 100
    }

    /** Section 3.4's example: r1 (t_pd 6, t_pb 8) then r2 (t_pd 2, t_pb 8), one core busy for 1 more. */
    @Test
    void firstComeFirstServedPushesBackTheLaterRequest() {
        PushbackArbiter a = arbiter("on", 1, 4);
        Request r0 = arrive(a, 1, 100);
        Request r1 = arrive(a, 6, 8);                                     // 6 + 1 = 7 < 8
        Request r2 = arrive(a, 2, 8);                                     // 2 + 1 + 6 = 9, not < 8
        assertEquals(Decision.QUEUED, r1.decision());
        assertEquals(Decision.PUSHBACK, r2.decision());
        r0.close();
        assertEquals(Decision.PUSHDOWN, r1.decision());
    }

    @Test
    void paAwarePushesBackTheLeastAmenable() {
        PushbackArbiter a = arbiter("pa", 1, 4);
        Request r0 = arrive(a, 1, 100);
        Request r1 = arrive(a, 6, 8);                                     // PA 2: 6 + 1 = 7 < 8, queued
        assertEquals(Decision.QUEUED, r1.decision());
        Request r2 = arrive(a, 2, 8);                                     // PA 6: ahead of r1, 2 + 1 = 3 < 8
        assertEquals(Decision.QUEUED, r2.decision());
        assertEquals(Decision.PUSHBACK, r1.decision());                   // now behind r2: 6 + 1 + 2 = 9, not < 8
        r0.close();
        assertEquals(Decision.PUSHDOWN, r2.decision());
        assertEquals(new PushbackArbiter.Counts(3, 2, 1), a.counts());
    }

    @Test
    void paAwareCoresTakeTheMostAmenableFirst() {
        PushbackArbiter a = arbiter("pa", 1, 4);
        Request r0 = arrive(a, 1, 1000);
        Request low = arrive(a, 10, 100);                                 // PA 90
        Request high = arrive(a, 10, 500);                                // PA 490: queued ahead of low
        assertEquals(Decision.QUEUED, low.decision());
        r0.close();
        assertEquals(Decision.PUSHDOWN, high.decision());
        assertEquals(Decision.QUEUED, low.decision());
    }

    @Test
    void forcedPoliciesIgnoreTheEstimates() {
        PushbackArbiter admit = arbiter("force-admit", 1, 4);
        PushbackArbiter back = arbiter("force-pushback", 1, 4);
        for (int i = 0; i < 10; i++) {
            assertEquals(i == 0 ? Decision.PUSHDOWN : Decision.QUEUED, arrive(admit, 1000, 1).decision());
            assertEquals(Decision.PUSHBACK, arrive(back, 1, 1000).decision());
        }
        PushbackArbiter random = arbiter("random:0.3", 1, 4);
        for (int i = 0; i < 1000; i++) arrive(random, 1, 1000).close();
        long pushedBack = random.counts().pushedBack();
        assertEquals(1000, random.counts().requested());
        assertEquals(1000, random.counts().admitted() + pushedBack);
        if (pushedBack < 230 || pushedBack > 370) throw new AssertionError("random:0.3 pushed back " + pushedBack + " of 1000");
    }

    /** A queued request's thread waits for a core; one that does not pay is answered at once, however busy the node. */
    @Test
    void enterBlocksOnlyForACore() throws Exception {
        PushbackArbiter a = arbiter("on", 1, 4);
        Request busy = a.enter(new Estimate(1_000_000, 10_000_000));
        assertEquals(Decision.PUSHDOWN, busy.decision());
        try (Request back = a.enter(new Estimate(10, 100))) {          // 10 + 1e6 is not < 100: no wait
            assertEquals(Decision.PUSHBACK, back.decision());
        }
        AtomicReference<Decision> got = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try (Request r = a.enter(new Estimate(10, 100_000_000))) {
                got.set(r.decision());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        t.start();
        while (a.counts().requested() < 3) Thread.onSpinWait();
        assertEquals(null, got.get());
        busy.close();
        t.join();
        assertEquals(Decision.PUSHDOWN, got.get());
        assertEquals(new PushbackArbiter.Counts(3, 2, 1), a.counts());
    }
}
