package io.ascan.expr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExprTest {
    static final ColumnRef A = new ColumnRef(0, DataType.INTEGER);
    static final ColumnRef S = new ColumnRef(2, DataType.VARCHAR);

    @Test
    void literalsHoldTheStorageRepresentation() {
        assertEquals(new Literal(1234L, DataType.decimal(4, 2)), Literal.of(new BigDecimal("12.34")));
        assertEquals(8401, Literal.of(LocalDate.of(1993, 1, 1)).value());
        assertThrows(IllegalArgumentException.class, () -> new Literal(5L, DataType.INTEGER));
        assertThrows(IllegalArgumentException.class, () -> new Literal(5, DataType.BIGINT));
    }

    @Test
    void callsCheckTheirArity() {
        assertThrows(IllegalArgumentException.class, () -> Call.predicate(Operator.EQ, A));
        assertThrows(IllegalArgumentException.class, () -> Call.of(Operator.CASE, DataType.INTEGER, A, A));
    }

    @Test
    void formatsAsSqlWithColumnNames() {
        Expr p = Call.predicate(Operator.AND,
                Call.predicate(Operator.BETWEEN, A, Literal.of(1), Literal.of(3)),
                Call.predicate(Operator.OR,
                        Call.predicate(Operator.EQ, S, Literal.of("it's")),
                        Call.predicate(Operator.IN, S, Literal.of("x"), Literal.of("y"))),
                Call.predicate(Operator.NOT, Call.predicate(Operator.IS_NULL, A)));
        List<String> names = List.of("a", "b", "s");
        assertEquals("(a BETWEEN 1 AND 3) AND ((s = 'it''s') OR (s IN ('x', 'y'))) AND (NOT (a IS NULL))",
                p.format(names::get));
        Expr e = Call.of(Operator.CASE, DataType.VARCHAR, Call.predicate(Operator.LT, A, Literal.of(1)), Literal.of("lo"),
                Literal.of("hi"));
        assertEquals("CASE WHEN $0 < 1 THEN 'lo' ELSE 'hi' END", e.toString());
        assertEquals("EXTRACT(YEAR FROM DATE '1993-01-01')",
                Call.of(Operator.EXTRACT, DataType.BIGINT, Literal.of("YEAR"), Literal.of(LocalDate.of(1993, 1, 1))).toString());
    }

    @Test
    void columnsListsEachReadColumnOnce() {
        Expr p = Call.predicate(Operator.AND, Call.predicate(Operator.GT, S, Literal.of("a")),
                Call.predicate(Operator.LT, A, Call.of(Operator.PLUS, DataType.INTEGER, A, Literal.of(1))));
        assertArrayEquals(new int[] {0, 2}, p.columns());
    }
}
