package io.ascan.planner.physical;

import io.ascan.plan.AggregateNode;
import io.ascan.plan.FilterNode;
import io.ascan.plan.HashJoinNode;
import io.ascan.plan.LimitNode;
import io.ascan.plan.OutputColumn;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ProjectNode;
import io.ascan.plan.ScanNode;
import io.ascan.plan.SortNode;
import io.ascan.plan.UnionAllNode;
import io.ascan.plan.ValuesNode;
import io.ascan.plan.WindowNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * EXPLAIN text of an engine plan: one operator a line, inputs indented below, expressions with
 * column names. A hash join labels its inputs {@code build:} and {@code probe:}; operators that
 * end a pipeline (aggregation, sort, a join's build input) say so, which is where the executor
 * will cut the plan into pipelines.
 */
final class PhysicalExplainer {
    private PhysicalExplainer() {}

    static String explain(PhysicalNode root) {
        StringBuilder sb = new StringBuilder();
        write(root, "", 0, sb);
        return sb.toString();
    }

    private static void write(PhysicalNode n, String role, int depth, StringBuilder sb) {
        sb.append("  ".repeat(depth)).append(role).append(describe(n)).append('\n');
        if (n instanceof HashJoinNode j) {
            write(j.left(), j.buildRight() ? "probe: " : "build: ", depth + 1, sb);
            write(j.right(), j.buildRight() ? "build: " : "probe: ", depth + 1, sb);
        } else {
            for (PhysicalNode in : n.inputs()) write(in, "", depth + 1, sb);
        }
    }

    private static String describe(PhysicalNode n) {
        return switch (n) {
            case ScanNode s -> "AdaptiveScan(table=" + s.table().name()
                    + ", columns=[" + IntStream.of(s.columns()).mapToObj(c -> tableColumn(s, c)).collect(Collectors.joining(", "))
                    + "], P=[" + (s.predicate() == null ? "" : s.predicate().format(c -> tableColumn(s, c)))
                    + "], R=[], slices=[" + s.slices().size() + " of " + s.table().manifest().slices().size() + "])";
            case FilterNode f -> "Filter(" + f.condition().format(names(f.input())) + ")";
            case ProjectNode p -> "Project(" + project(p) + ")";
            case HashJoinNode j -> join(j);
            case AggregateNode a -> "HashAggregate(group=[" + IntStream.of(a.groupKeys()).mapToObj(names(a.input()))
                    .collect(Collectors.joining(", ")) + "], calls=[" + calls(a) + "])  [pipeline breaker]";
            case SortNode s -> (s.fetch() >= 0 ? "TopK(" : "Sort(") + "keys=[" + s.keys().stream()
                    .map(k -> names(s.input()).apply(k.column()) + (k.descending() ? " DESC" : " ASC")
                            + (k.nullsFirst() ? " NULLS FIRST" : " NULLS LAST")).collect(Collectors.joining(", "))
                    + "]" + limits(s.offset(), s.fetch()) + ")  [pipeline breaker]";
            case LimitNode l -> "Limit(offset=" + l.offset() + ", fetch=" + (l.fetch() < 0 ? "all" : l.fetch()) + ")";
            case UnionAllNode u -> "UnionAll(inputs=" + u.inputs().size() + ")";
            case WindowNode w -> "Window(partition=[" + IntStream.of(w.partitionKeys()).mapToObj(names(w.input()))
                    .collect(Collectors.joining(", ")) + "], order=[" + w.orderKeys().stream()
                    .map(k -> names(w.input()).apply(k.column()) + (k.descending() ? " DESC" : " ASC")
                            + (k.nullsFirst() ? " NULLS FIRST" : " NULLS LAST")).collect(Collectors.joining(", "))
                    + "], functions=[" + w.functions().stream().map(f -> f.name() + "=" + f)
                    .collect(Collectors.joining(", ")) + "])  [pipeline breaker]";
            case ValuesNode v -> "Values(columns=[" + v.output().stream().map(OutputColumn::name)
                    .collect(Collectors.joining(", ")) + "], rows=" + v.rows().size() + ")";
        };
    }

    private static String join(HashJoinNode j) {
        IntFunction<String> l = names(j.left()), r = names(j.right());
        List<String> keys = new ArrayList<>();
        boolean[] nullSafe = j.nullSafe();
        for (int i = 0; i < j.leftKeys().length; i++) {
            keys.add(l.apply(j.leftKeys()[i]) + (nullSafe[i] ? " IS NOT DISTINCT FROM " : " = ") + r.apply(j.rightKeys()[i]));
        }
        int leftWidth = j.left().output().size();
        String residual = j.residual() == null ? "" : j.residual().format(c -> c < leftWidth ? l.apply(c) : r.apply(c - leftWidth));
        return "HashJoin(type=" + j.type() + ", keys=[" + String.join(", ", keys) + "]"
                + (keys.isEmpty() ? " (nested-loop cross product)" : "")
                + ", residual=[" + residual + "], build=" + (j.buildRight() ? "right" : "left") + ")";
    }

    private static String project(ProjectNode p) {
        IntFunction<String> in = names(p.input());
        List<String> items = new ArrayList<>();
        for (int i = 0; i < p.exprs().size(); i++) {
            String e = p.exprs().get(i).format(in);
            items.add(e.equals(p.names().get(i)) ? e : e + " AS " + p.names().get(i));
        }
        return String.join(", ", items);
    }

    private static String calls(AggregateNode a) {
        IntFunction<String> in = names(a.input());
        return a.calls().stream().map(c -> c.function() + "(" + (c.distinct() ? "DISTINCT " : "")
                 + (c.arg() < 0 ? "*" : in.apply(c.arg())) + (c.arg2() < 0 ? "" : ", " + in.apply(c.arg2())) + ") AS " + c.name()).collect(Collectors.joining(", "));
    }

    private static String limits(long offset, long fetch) {
        return (offset > 0 ? ", offset=" + offset : "") + (fetch >= 0 ? ", fetch=" + fetch : "");
    }

    private static IntFunction<String> names(PhysicalNode n) {
        List<OutputColumn> out = n.output();
        return i -> out.get(i).name();
    }

    private static String tableColumn(ScanNode s, int c) {
        return s.table().schema().column(c).name();
    }
}
