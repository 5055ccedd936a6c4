package io.ascan.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.format.Encoding;
import io.ascan.format.SegmentMeta;
import io.ascan.format.SliceMeta;
import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Pruning decisions over hand-made manifests: each slice has 100 rows. */
class SlicePrunerTest {
    static final int ROWS = 100;
    // Columns: 0 INTEGER k, 1 VARCHAR s, 2 DOUBLE d, 3 DECIMAL(10,2) m, 4 DATE dt, 5 BOOLEAN b, 6 TIMESTAMP ts
    static final ColumnRef K = new ColumnRef(0, DataType.INTEGER);
    static final ColumnRef S = new ColumnRef(1, DataType.VARCHAR);
    static final ColumnRef D = new ColumnRef(2, DataType.DOUBLE);
    static final ColumnRef M = new ColumnRef(3, DataType.decimal(10, 2));
    static final ColumnRef DT = new ColumnRef(4, DataType.DATE);
    static final ColumnRef B = new ColumnRef(5, DataType.BOOLEAN);
    static final ColumnRef TS = new ColumnRef(6, DataType.TIMESTAMP);

    static SegmentMeta seg(int nulls, Object min, Object max) {
        return new SegmentMeta(0, 64, 0, Encoding.PLAIN, nulls, min, max);
    }

    /** Slice i: k in [10i, 10i+9], s in ["s{i}a", "s{i}z"], d in [i, i+0.5], m in [i.00, i.99], dt day 10i..10i+9, b = (i even). */
    static final List<SliceMeta> SLICES = new ArrayList<>();

    static {
        for (int i = 0; i < 4; i++) {
            long day = LocalDate.of(2000, 1, 1).toEpochDay() + 10L * i;
            SLICES.add(new SliceMeta(i, (long) ROWS * i, ROWS, List.of(
                    seg(0, 10L * i, 10L * i + 9),
                    seg(0, "s" + i + "a", "s" + i + "z"),
                    seg(0, (double) i, i + 0.5),
                    seg(0, 100L * i, 100L * i + 99),
                    seg(0, day, day + 9),
                    seg(0, i % 2 == 0, i % 2 == 0),
                    seg(0, day * 86_400_000_000L, (day + 10) * 86_400_000_000L - 1))));
        }
        // Slice 4: k only NULLs, s has an unknown max (too long), d has NaN (no bounds), some NULL m.
        SLICES.add(new SliceMeta(4, 400, ROWS, List.of(
                seg(ROWS, null, null), seg(0, "s4a", null), seg(0, null, null), seg(7, 400L, 499L),
                seg(0, 0L, 0L), seg(ROWS, null, null), seg(0, 0L, 0L))));
    }

    static List<Integer> kept(Expr p) {
        return SlicePruner.prune(p, SLICES).stream().map(SliceMeta::index).toList();
    }

    static Call cmp(Operator op, Expr a, Expr b) {
        return Call.predicate(op, a, b);
    }

    @Test
    void comparisonsWithALiteralOnEitherSide() {
        assertEquals(List.of(1), kept(cmp(Operator.EQ, K, Literal.of(15))));
        assertEquals(List.of(0, 1), kept(cmp(Operator.LT, K, Literal.of(20))));
        assertEquals(List.of(0, 1, 2), kept(cmp(Operator.LE, K, Literal.of(20))));
        assertEquals(List.of(3), kept(cmp(Operator.GT, K, Literal.of(29))));
        assertEquals(List.of(2, 3), kept(cmp(Operator.GE, K, Literal.of(29))));
        // 25 > k  is  k < 25
        assertEquals(List.of(0, 1, 2), kept(cmp(Operator.GT, Literal.of(25), K)));
        // NULL-only slice 4 never passes a comparison
        assertEquals(List.of(0, 1, 2, 3), kept(cmp(Operator.NE, K, Literal.of(-1))));
        assertEquals(List.of(), kept(cmp(Operator.EQ, K, Literal.ofNull(DataType.INTEGER))));
    }

    @Test
    void notEqualPrunesOnlyConstantSlices() {
        List<SliceMeta> constant = List.of(new SliceMeta(0, 0, ROWS, List.of(seg(3, 5L, 5L))));
        assertEquals(0, SlicePruner.prune(cmp(Operator.NE, K, Literal.of(5)), constant).size());
        assertEquals(1, SlicePruner.prune(cmp(Operator.NE, K, Literal.of(6)), constant).size());
    }

    @Test
    void rangesInListsAndOr() {
        assertEquals(List.of(1, 2), kept(Call.predicate(Operator.BETWEEN, K, Literal.of(12), Literal.of(21))));
        assertEquals(List.of(0, 3), kept(Call.predicate(Operator.IN, K, Literal.of(3), Literal.of(35), Literal.of(99))));
        assertEquals(List.of(0, 3), kept(Call.predicate(Operator.OR,
                cmp(Operator.LT, K, Literal.of(5)), cmp(Operator.GT, K, Literal.of(33)))));
        assertEquals(List.of(2), kept(Call.predicate(Operator.AND,
                cmp(Operator.GE, K, Literal.of(15)), cmp(Operator.EQ, D, Literal.of(2.25)))));
    }

    @Test
    void unknownBoundsAndUnknownShapesKeepSlices() {
        // s max unknown in slice 4: only its min bounds it
        assertEquals(List.of(2, 4), kept(Call.predicate(Operator.OR, cmp(Operator.EQ, S, Literal.of("s2m")), cmp(Operator.GT, S, Literal.of("s9")))));
        assertEquals(List.of(0, 1, 2, 3), kept(cmp(Operator.LT, S, Literal.of("s4"))));
        // d has NaN in slice 4: no bounds, kept
        assertEquals(List.of(3, 4), kept(cmp(Operator.GT, D, Literal.of(3.25))));
        // column vs column, functions of columns, LIKE: not understood, everything kept
        assertEquals(List.of(0, 1, 2, 3, 4), kept(cmp(Operator.LT, K, Call.of(Operator.PLUS, DataType.INTEGER, K, Literal.of(1)))));
        assertEquals(List.of(0, 1, 2, 3, 4), kept(Call.predicate(Operator.LIKE, S, Literal.of("x%"))));
        assertEquals(List.of(0, 1, 2, 3, 4), kept(null));
    }

    @Test
    void nullCountsDecideIsNullAndIsNotNull() {
        assertEquals(List.of(4), kept(Call.predicate(Operator.IS_NULL, M)));
        assertEquals(List.of(4), kept(Call.predicate(Operator.IS_NULL, K)));
        assertEquals(List.of(0, 1, 2, 3), kept(Call.predicate(Operator.IS_NOT_NULL, K)));
        assertEquals(List.of(0, 1, 2, 3), kept(Call.predicate(Operator.NOT, Call.predicate(Operator.IS_NULL, K))));
    }

    @Test
    void decimalsCompareByValueAcrossScales() {
        // m >= 2.5 (DECIMAL(2,1)): slice 2 holds 2.00..2.99
        assertEquals(List.of(2, 3, 4), kept(cmp(Operator.GE, M, Literal.of(new BigDecimal("2.5")))));
        // m = 3 (INTEGER literal against DECIMAL column)
        assertEquals(List.of(3), kept(cmp(Operator.EQ, M, Literal.of(3))));
        // CAST(k AS DECIMAL(12,1)) < 10.5: exact widening, bounds still apply
        Expr cast = Call.of(Operator.CAST, DataType.decimal(12, 1), K);
        assertEquals(List.of(0, 1), kept(cmp(Operator.LT, cast, Literal.of(new BigDecimal("10.5")))));
        // a narrowing cast is not understood
        Expr narrow = Call.of(Operator.CAST, DataType.INTEGER, D);
        assertEquals(5, kept(cmp(Operator.EQ, narrow, Literal.of(100))).size());
    }

    @Test
    void datesTimestampsAndBooleans() {
        Literal jan15 = Literal.of(LocalDate.of(2000, 1, 15));
        assertEquals(List.of(1), kept(cmp(Operator.EQ, DT, jan15)));
        Expr asTs = Call.of(Operator.CAST, DataType.TIMESTAMP, DT);
        assertEquals(List.of(2, 3), kept(cmp(Operator.GE, asTs, Literal.of(LocalDateTime.of(2000, 1, 20, 0, 0, 1)))));
        assertEquals(List.of(0, 1, 4), kept(cmp(Operator.LT, TS, Literal.of(LocalDateTime.of(2000, 1, 21, 0, 0)))));
        assertEquals(List.of(0, 2), kept(B));
        assertEquals(List.of(1, 3), kept(Call.predicate(Operator.NOT, B)));
        assertEquals(List.of(), kept(Literal.of(false)));
    }
}
