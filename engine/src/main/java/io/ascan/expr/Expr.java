package io.ascan.expr;

import io.ascan.types.DataType;
import java.util.function.IntFunction;

/**
 * A scalar expression of the engine, independent of Calcite: the planner translates RexNodes
 * into it and the code generator walks it (sealed, so a {@code switch} over the three node
 * kinds is exhaustive). Nodes are immutable; every node carries its SQL result type, and any
 * node may evaluate to NULL.
 */
public sealed interface Expr permits ColumnRef, Literal, Call {
    DataType type();

    /** SQL-like text; {@code columnName} names the column behind a {@link ColumnRef} index. */
    String format(IntFunction<String> columnName);

    /** Calls {@code visitor} on this node and every node below it, parents first. */
    default void forEach(java.util.function.Consumer<Expr> visitor) {
        visitor.accept(this);
        if (this instanceof Call c) {
            for (Expr a : c.args()) a.forEach(visitor);
        }
    }

    /** Indexes of the columns this expression reads, ascending, without duplicates. */
    default int[] columns() {
        java.util.BitSet used = new java.util.BitSet();
        forEach(e -> {
            if (e instanceof ColumnRef r) used.set(r.index());
        });
        return used.stream().toArray();
    }
}
