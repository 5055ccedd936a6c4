package io.ascan.planner.rules;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * {@code agg(x) FILTER (WHERE c)} becomes {@code agg(CASE WHEN c THEN x END)}, and
 * {@code COUNT(*) FILTER (WHERE c)} becomes {@code COUNT(CASE WHEN c THEN TRUE END)}: every
 * aggregate the engine runs skips NULL arguments, so a row the filter rejects (c FALSE or NULL)
 * counts for nothing, as the FILTER clause says; a group whose rows are all rejected gets the
 * aggregate of no rows (COUNT 0, the others NULL). The engine needs no filter of its own, and
 * Calcite's rewrites of EXCEPT and INTERSECT, which count each branch's rows with FILTER, run too.
 */
public final class AggregateFilters {
    private AggregateFilters() {}

    public static RelNode rewrite(RelNode rel) {
        return BottomUp.rewrite(rel, r -> r instanceof Aggregate a && hasFilter(a) ? unfiltered(a) : r);
    }

    private static boolean hasFilter(Aggregate a) {
        for (AggregateCall c : a.getAggCallList()) if (c.filterArg >= 0) return true;
        return false;
    }

    /** {@code a} over its input plus one CASE column per filtered call, which that call aggregates instead. */
    private static RelNode unfiltered(Aggregate a) {
        RelNode input = a.getInput();
        RexBuilder rex = a.getCluster().getRexBuilder();
        int width = input.getRowType().getFieldCount();
        List<RexNode> projects = new ArrayList<>();
        for (int i = 0; i < width; i++) projects.add(RexInputRef.of(i, input.getRowType()));
        List<AggregateCall> calls = new ArrayList<>();
        for (AggregateCall c : a.getAggCallList()) {
            if (c.filterArg < 0) {
                calls.add(c);
                continue;
            }
            if (c.getAggregation().getKind() == SqlKind.LITERAL_AGG || c.getArgList().isEmpty() && c.getAggregation().getKind() != SqlKind.COUNT
                    || c.getAggregation() == io.ascan.planner.AscanAggregates.FIRST || c.getAggregation() == io.ascan.planner.AscanAggregates.LAST) {
                return a; // nothing to make NULL, or FIRST and LAST, which take NULLs: left to PhysicalSupport's refusal
            }
            RexNode when = RexInputRef.of(c.filterArg, input.getRowType());
            RexNode value = c.getArgList().isEmpty() ? rex.makeLiteral(true)
                    : RexInputRef.of(c.getArgList().getFirst(), input.getRowType());
            RexNode nullValue = rex.makeNullLiteral(rex.getTypeFactory().createTypeWithNullability(value.getType(), true));
            projects.add(rex.makeCall(SqlStdOperatorTable.CASE, when, value, nullValue));
            List<Integer> args = new ArrayList<>(c.getArgList());
            if (args.isEmpty()) args.add(projects.size() - 1);
            else args.set(0, projects.size() - 1);
            calls.add(AggregateCall.create(c.getParserPosition(), c.getAggregation(), c.isDistinct(), c.isApproximate(),
                    c.ignoreNulls(), c.rexList, args, -1, c.distinctKeys, c.collation, c.getType(), c.getName()));
        }
        RelNode projected = LogicalProject.create(input, List.of(), projects, (List<String>) null, java.util.Set.of());
        return LogicalAggregate.create(projected, a.getHints(), a.getGroupSet(), a.getGroupSets(), calls);
    }
}
