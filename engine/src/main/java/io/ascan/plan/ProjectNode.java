package io.ascan.plan;

import io.ascan.expr.Expr;
import java.util.ArrayList;
import java.util.List;

/** Computes {@code exprs} over each input row. */
public record ProjectNode(PhysicalNode input, List<Expr> exprs, List<String> names) implements PhysicalNode {
    public ProjectNode {
        exprs = List.copyOf(exprs);
        names = List.copyOf(names);
        if (exprs.size() != names.size()) throw new IllegalArgumentException("one name per expression");
    }

    @Override
    public List<OutputColumn> output() {
        List<OutputColumn> out = new ArrayList<>(exprs.size());
        for (int i = 0; i < exprs.size(); i++) out.add(new OutputColumn(names.get(i), exprs.get(i).type()));
        return out;
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(input);
    }
}
