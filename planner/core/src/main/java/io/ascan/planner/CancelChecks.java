package io.ascan.planner;

import io.ascan.exec.CancelSignal;
import org.apache.calcite.plan.RelOptListener;
import org.apache.calcite.plan.RelOptPlanner;

/**
 * Makes a Calcite planner stoppable by the planning thread's {@link CancelSignal}: before each
 * rule it fires, the Hep and Volcano planners tell their listeners, and this one checks the
 * signal there. Neither planner checks thread interrupts, and Hep ignores Calcite's CancelFlag.
 * A single rule application (one RexSimplify of one condition, say) checks nothing and runs to
 * its end; the planner stops before the next.
 */
public final class CancelChecks implements RelOptListener {
    private static final CancelChecks INSTANCE = new CancelChecks();

    private CancelChecks() {}

    /** {@code planner}, checking the signal before each rule. */
    public static <P extends RelOptPlanner> P watch(P planner) {
        planner.addListener(INSTANCE);
        return planner;
    }

    @Override
    public void ruleAttempted(RuleAttemptedEvent event) {
        if (event.isBefore()) CancelSignal.check();
    }

    @Override
    public void relEquivalenceFound(RelEquivalenceEvent event) {}

    @Override
    public void ruleProductionSucceeded(RuleProductionEvent event) {}

    @Override
    public void relDiscarded(RelDiscardedEvent event) {}

    @Override
    public void relChosen(RelChosenEvent event) {}
}
