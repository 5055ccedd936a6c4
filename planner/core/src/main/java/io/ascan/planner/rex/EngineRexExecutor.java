package io.ascan.planner.rex;

import io.ascan.exec.CancelSignal;
import java.util.List;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexNode;

/**
 * The executor Calcite's simplifier asks to evaluate constant expressions. Calcite's own
 * (compiled Java over its runtime functions) follows Calcite's semantics, which differ from the
 * engine's: it truncates {@code CAST(3.5e0 AS INTEGER)} to 3 where the engine rounds to 4, and
 * writes {@code CAST(0.5 AS VARCHAR)} as {@code .5}. This one folds only what {@link
 * ConstantFolding} computes exactly as the engine does and leaves everything else to run time,
 * so a constant always has the value the same expression over a column would have.
 */
public final class EngineRexExecutor implements RexExecutor {
    public static final EngineRexExecutor INSTANCE = new EngineRexExecutor();

    private EngineRexExecutor() {}

    @Override
    public void reduce(RexBuilder rexBuilder, List<RexNode> constExps, List<RexNode> reducedValues) {
        CancelSignal.check(); // ReduceExpressionsRule and RexSimplify call in here: a safe point to stop planning
        for (RexNode e : constExps) reducedValues.add(ConstantFolding.fold(rexBuilder, e));
    }
}
