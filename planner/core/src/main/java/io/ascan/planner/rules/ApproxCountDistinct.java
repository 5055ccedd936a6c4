package io.ascan.planner.rules;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.util.Optionality;

/**
 * APPROX_COUNT_DISTINCT(x), which Calcite's converter makes an approximate COUNT(DISTINCT x), as
 * the engine's sketch aggregate ({@link #FUNCTION}, a plain call): it needs neither the
 * DISTINCT expansion's extra passes nor memory for the distinct values, only a fixed sketch per group.
 */
public final class ApproxCountDistinct {
    private ApproxCountDistinct() {}

    public static final SqlAggFunction FUNCTION = new SqlAggFunction("APPROX_COUNT_DISTINCT", null, SqlKind.OTHER_FUNCTION,
            ReturnTypes.BIGINT, null, OperandTypes.ANY, SqlFunctionCategory.NUMERIC, false, false, Optionality.FORBIDDEN) {};

    public static RelNode rewrite(RelNode rel) {
        return BottomUp.rewrite(rel, ApproxCountDistinct::sketched);
    }

    private static RelNode sketched(RelNode r) {
        if (!(r instanceof LogicalAggregate a) || a.getAggCallList().stream().noneMatch(ApproxCountDistinct::approximate)) return r;
        List<AggregateCall> calls = new ArrayList<>();
        for (AggregateCall c : a.getAggCallList()) {
            calls.add(approximate(c) ? AggregateCall.create(c.getParserPosition(), FUNCTION, false, false, false, List.of(),
                    c.getArgList(), c.filterArg, null, c.collation, c.getType(), c.getName()) : c);
        }
        return a.copy(a.getTraitSet(), a.getInput(), a.getGroupSet(), a.getGroupSets(), calls);
    }

    private static boolean approximate(AggregateCall c) {
        return c.isApproximate() && c.isDistinct() && c.getAggregation().getKind() == SqlKind.COUNT && c.getArgList().size() == 1;
    }
}
