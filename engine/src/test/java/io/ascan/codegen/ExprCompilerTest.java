package io.ascan.codegen;

import static io.ascan.expr.Operator.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.codegen.rt.StringScratch;
import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The compiled unit itself: error messages, method splitting, caching, dictionary hook, scratch memory. */
class ExprCompilerTest {
    @RegisterExtension
    final LeakCheck memory = new LeakCheck();

    static final List<ExprCompiler.Input> INPUTS = List.of(
            ExprCompiler.Input.of("lo_extendedprice", DataType.INTEGER),
            ExprCompiler.Input.of("lo_discount", DataType.INTEGER),
            new ExprCompiler.Input("c_city", DataType.VARCHAR, true),
            ExprCompiler.Input.of("note", DataType.VARCHAR));
    static final ColumnRef PRICE = new ColumnRef(0, DataType.INTEGER), DISCOUNT = new ColumnRef(1, DataType.INTEGER),
            CITY = new ColumnRef(2, DataType.VARCHAR), NOTE = new ColumnRef(3, DataType.VARCHAR);

    private List<Object> run(Expr e, Object[]... rows) {
        try (ExprFixture fx = new ExprFixture(memory.allocator(), INPUTS, List.of(rows))) {
            return fx.evaluate(memory.allocator(), e);
        }
    }

    @Test
    void errorsNameTheExpression() {
        List<Object> r = run(Call.of(TIMES, DataType.INTEGER, PRICE, DISCOUNT),
                new Object[] {2_000_000, 3_000, "A", "x"}, new Object[] {7, 6, "B", "y"});
        assertEquals(new ExprFixture.Failure("overflow in lo_extendedprice * lo_discount"), r.get(0));
        assertEquals(42, r.get(1));
        assertEquals(new ExprFixture.Failure("division by zero in lo_extendedprice / lo_discount"),
                run(Call.of(DIVIDE, DataType.INTEGER, PRICE, DISCOUNT), new Object[] {1, 0, "A", "x"}).get(0));
        assertEquals(new ExprFixture.Failure("cannot cast 'x1' to INTEGER"),
                run(Call.of(CAST, DataType.INTEGER, NOTE), new Object[] {1, 0, "A", "x1"}).get(0));
        assertEquals(new ExprFixture.Failure("value 100 is out of range for DECIMAL(3,1) in CAST(lo_extendedprice AS DECIMAL(3,1))"),
                run(Call.of(CAST, DataType.decimal(3, 1), PRICE), new Object[] {100, 0, "A", "x"}).get(0));
    }

    @Test
    void dictionaryColumnsCompareOnCodes() {
        Expr p = Call.predicate(OR, Call.predicate(EQ, CITY, Literal.of("UNITED KI1")), Call.predicate(LIKE, CITY, Literal.of("%5")));
        ExprCompiler.Compiled c = ExprCompiler.compile(List.of(p), INPUTS);
        assertTrue(c.source().contains("on dictionary codes"), c.source());
        List<Object> r = run(p, new Object[] {1, 1, "UNITED KI1", "a"}, new Object[] {1, 1, "UNITED KI5", "a"},
                new Object[] {1, 1, "UNITED ST1", "a"}, new Object[] {1, 1, null, "a"});
        assertEquals(java.util.Arrays.asList(true, true, false, null), r);
    }

    @Test
    void hugeExpressionsAreSplitIntoMethodsAndCompile() {
        Expr sum = balancedSum(0, 2048); // 4095 nodes: one method would pass the JVM's 64 KB limit
        ExprCompiler.Compiled c = ExprCompiler.compile(List.of(sum), INPUTS);
        assertTrue(c.source().contains("private long sub"), "split into sub-expression methods");
        assertEquals(2048L * 2047 / 2 + 5 * 2048, run(sum, new Object[] {5, 0, "A", "x"}).get(0));
    }

    /** price + i for i in [from, to), summed as a balanced tree. */
    private static Expr balancedSum(int from, int to) {
        if (to - from == 1) return Call.of(PLUS, DataType.BIGINT, PRICE, Literal.of((long) from));
        int mid = (from + to) >>> 1;
        return Call.of(PLUS, DataType.BIGINT, balancedSum(from, mid), balancedSum(mid, to));
    }

    @Test
    void classesAreCachedBySourceAndShowTheirCode() {
        Expr e = Call.predicate(AND, Call.predicate(BETWEEN, DISCOUNT, Literal.of(1), Literal.of(3)),
                Call.predicate(LT, PRICE, Literal.of(25)));
        ExprCompiler.Compiled a = ExprCompiler.compile(List.of(e), INPUTS), b = ExprCompiler.compile(List.of(e), INPUTS);
        assertSame(a.generatedClass(), b.generatedClass());
        assertTrue(a.toString().contains("/** (lo_discount BETWEEN 1 AND 3) AND (lo_extendedprice < 25) */"), a.source());
        assertTrue(a.source().contains("if (!and$"), "AND stops at the first FALSE operand");
    }

    @Test
    void scratchGrowsAndReleasesItsMemory() {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 200; i++) rows.add(new Object[] {i, i, "A", "note number " + i + " ".repeat(i)});
        Expr upper = Call.of(CONCAT, DataType.VARCHAR, Call.of(UPPER, DataType.VARCHAR, NOTE), Literal.of("é"));
        try (ExprFixture fx = new ExprFixture(memory.allocator(), INPUTS, rows)) {
            List<Object> r = fx.evaluate(memory.allocator(), upper);
            for (int i = 0; i < 200; i++) assertEquals("NOTE NUMBER " + i + " ".repeat(i) + "é", r.get(i));
        }
        try (StringScratch s = new StringScratch(memory.allocator(), 64)) {
            long a = s.allocate(1000);
            assertTrue(a != 0 && s.capacity() >= 1000);
            s.reset();
        }
        assertInstanceOf(Long.class, memory.allocator().getAllocatedMemory());
    }
}
