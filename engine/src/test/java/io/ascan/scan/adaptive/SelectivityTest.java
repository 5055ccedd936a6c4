package io.ascan.scan.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ascan.catalog.Table;
import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.types.DataType;
import org.junit.jupiter.api.Test;

/** P's selectivity from the zone maps: {@link ModeCostsTest#table()}'s key k spans 0..999 in every slice. */
class SelectivityTest {
    static final Table T = ModeCostsTest.table();
    static final ColumnRef K = new ColumnRef(0, DataType.INTEGER);

    static double of(Expr p) {
        return Selectivity.of(p, T, T.manifest().slices());
    }

    static Call cmp(Operator op, Expr a, Expr b) {
        return Call.predicate(op, a, b);
    }

    @Test
    void oneRangeIsItsShareOfTheColumnsRange() {
        assertEquals(0.3, of(cmp(Operator.LT, K, Literal.of(299.7))), 1e-3);
        assertEquals(0.7, of(cmp(Operator.GE, K, Literal.of(299.7))), 1e-3);
        assertEquals(0.7, of(cmp(Operator.LT, Literal.of(299.7), K)), 1e-3); // the constant first
        assertEquals(0.1, of(Call.predicate(Operator.BETWEEN, K, Literal.of(399.6), Literal.of(499.5))), 1e-3);
    }

    @Test
    void rangesOfOneColumnBoundOneIntervalNotAProduct() {
        // TPC-H q04: o_orderdate >= X AND o_orderdate < X + 3 months keeps 3.8% of orders; as a product, 20.5%.
        Call interval = Call.predicate(Operator.AND, cmp(Operator.GE, K, Literal.of(199.8)), cmp(Operator.LT, K, Literal.of(249.75)));
        assertEquals(0.05, of(interval), 1e-3);
        // disjoint bounds keep nothing; with another column's factor, the interval still counts once
        Call none = Call.predicate(Operator.AND, cmp(Operator.GT, K, Literal.of(600)), cmp(Operator.LT, K, Literal.of(500)));
        assertEquals(0, of(none), 1e-12);
        ColumnRef name = new ColumnRef(1, DataType.VARCHAR);
        Call withOther = Call.predicate(Operator.AND, cmp(Operator.GE, K, Literal.of(199.8)),
                Call.predicate(Operator.EQ, name, Literal.of("x")), cmp(Operator.LT, K, Literal.of(249.75)));
        assertEquals(0.05 / 1000, of(withOther), 1e-6);
    }
}
