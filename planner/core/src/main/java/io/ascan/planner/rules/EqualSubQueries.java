package io.ascan.planner.rules;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttle;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;

/**
 * Makes the copies of one sub-query within a node's expressions one sub-query, so that Calcite's
 * SubQueryRemoveRule, which replaces every occurrence equal to the one it rewrites, joins it once.
 *
 * <p>The converter copies an expression where SQL writes it once: {@code (x IN (q)) NOT IN (TRUE,
 * FALSE)} becomes {@code NOT ((x IN (q)) = TRUE OR (x IN (q)) = FALSE)}, each copy converted anew,
 * so a sub-query nested in {@code q} is correlated through a fresh variable ({@code $cor0},
 * {@code $cor2}) in each and the copies are not equal. Each copy was then rewritten into its own
 * join, the next one correlated over the joins of the copies before it, and decorrelation built
 * each one's value generator over those: the plan grew about tenfold per copy (four literals:
 * 119,727 lines) and planning never ended. Copies are identified up to the names of the
 * correlation variables they bind themselves; a sub-query with a non-deterministic call is left
 * alone, since each of its occurrences may differ.
 */
public final class EqualSubQueries {
    private EqualSubQueries() {}

    private static final Pattern CORRELATION = Pattern.compile("\\$cor(\\d+)");

    public static RelNode rewrite(RelNode rel) {
        return ExpressionRewrite.apply(rel, Unify::new);
    }

    /** Per node: the first sub-query of each shape stands for the later ones. */
    private static final class Unify extends ExpressionRewrite {
        private final Map<String, RexSubQuery> firsts = new HashMap<>();

        Unify(RexBuilder rex, RelShuttle rels) {
            super(rex, rels);
        }

        @Override
        public RexNode visitSubQuery(RexSubQuery s) {
            RexSubQuery q = (RexSubQuery) super.visitSubQuery(s);
            if (!deterministic(q.rel)) return q;
            return firsts.computeIfAbsent(shape(q), k -> q);
        }
    }

    /** {@code q}'s digest with the correlation variables it binds itself numbered in order of appearance. */
    static String shape(RexSubQuery q) {
        Set<Integer> bound = new HashSet<>();
        q.rel.accept(new Visitor(rel -> rel.getVariablesSet().forEach(c -> bound.add(c.getId())), null));
        Map<Integer, Integer> renamed = new LinkedHashMap<>();
        Matcher m = CORRELATION.matcher(q.toString());
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            int id = Integer.parseInt(m.group(1));
            String name = bound.contains(id) ? "$bound" + renamed.computeIfAbsent(id, k -> renamed.size()) : m.group();
            m.appendReplacement(out, Matcher.quoteReplacement(name));
        }
        return m.appendTail(out).toString();
    }

    private static boolean deterministic(RelNode rel) {
        boolean[] deterministic = {true};
        rel.accept(new Visitor(null, call -> deterministic[0] &= call.getOperator().isDeterministic()));
        return deterministic[0];
    }

    /** Visits every node of a plan and every call of its expressions, sub-queries' plans included. */
    private static final class Visitor extends RelHomogeneousShuttle {
        private final Consumer<RelNode> nodes;
        private final Consumer<RexCall> calls;

        Visitor(Consumer<RelNode> nodes, Consumer<RexCall> calls) {
            this.nodes = nodes;
            this.calls = calls;
        }

        @Override
        public RelNode visit(RelNode other) {
            if (nodes != null) nodes.accept(other);
            other.accept(new RexShuttle() {
                @Override
                public RexNode visitCall(RexCall call) {
                    if (calls != null) calls.accept(call);
                    return super.visitCall(call);
                }

                @Override
                public RexNode visitSubQuery(RexSubQuery s) {
                    s.rel.accept(Visitor.this);
                    return super.visitSubQuery(s);
                }
            });
            return super.visit(other);
        }
    }
}
