package io.ascan.planner;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.exec.CancelSignal;
import io.ascan.exec.DeepStack;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.sql2rel.AscanRelDecorrelator;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.Holder;
import org.junit.jupiter.api.Test;

/**
 * Decorrelation stops at its safe points once the query is cancelled: Calcite's decorrelator runs
 * rules in Hep planners of its own that ascan's listener does not watch, and the planning thread
 * of fuzzer seed 31 q497 went on decorrelating for half a minute past the query's timeout.
 */
class DecorrelationCancelTest {
    @Test
    void aCancelledQueryStopsDecorrelating() throws Exception {
        RelBuilder b = RelBuilder.create(Frameworks.newConfigBuilder().defaultSchema(Frameworks.createRootSchema(true)).build());
        Holder<RexCorrelVariable> outer = Holder.empty();
        RelNode correlated = b.values(new String[] {"a"}, 1, 2).variable(outer::set)
                .values(new String[] {"b"}, 1, 3)
                .filter(b.equals(b.field(outer.get(), "a"), b.field("b")))
                .project(b.field("b"))
                .correlate(JoinRelType.LEFT, outer.get().id, b.field(2, 0, "a"))
                .build();
        assertNull(run(correlated, new CancelSignal(), false), "decorrelates when not cancelled");
        Throwable t = run(correlated, new CancelSignal(), true);
        boolean cancelled = false;
        for (Throwable c = t; c != null; c = c.getCause()) cancelled |= c instanceof CancelSignal.Cancelled;
        assertTrue(cancelled, "decorrelation went on after the cancel: " + t);
    }

    /** What decorrelating {@code rel} under {@code signal} threw (null: nothing), cancelled as it starts when {@code cancel}. */
    private static Throwable run(RelNode rel, CancelSignal signal, boolean cancel) throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        try {
            DeepStack.run(() -> {
                try {
                    if (cancel) signal.cancel(); // as Statement.cancel() would, once planning is under way
                    AscanRelDecorrelator.decorrelateQuery(rel, RelFactories.LOGICAL_BUILDER.create(rel.getCluster(), null));
                } catch (Throwable e) {
                    thrown.set(e);
                } finally {
                    done.countDown();
                }
                return null;
            }, signal);
        } catch (CancelSignal.Cancelled e) {
            // the caller stops waiting at once; the work itself is what this test watches
        }
        assertTrue(done.await(30, TimeUnit.SECONDS), "decorrelation did not end");
        return thrown.get();
    }
}
