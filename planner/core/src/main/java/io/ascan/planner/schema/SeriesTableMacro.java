package io.ascan.planner.schema;

import io.ascan.codegen.rt.SqlException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.TableMacro;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.ViewTable;

/**
 * DuckDB's {@code range(stop)}, {@code range(start, stop [, step])} (stop excluded) and
 * {@code generate_series(...)} (stop included) in FROM: one BIGINT column named after the
 * function, the integers from start by step. The arguments are constants; the table is a query
 * the planner expands, the value's decimal digits as a cross join of ten-row VALUES filtered to the
 * count ({@code i = d0 + 10 d1 + 100 d2 ...}, {@code start + step * i}), so it runs compiled like
 * any other query and needs no source of its own.
 */
final class SeriesTableMacro implements TableMacro {
    private static final List<String> PARAMETERS = List.of("start", "stop", "step");

    private final String name;
    private final boolean inclusive;
    private final java.util.function.Function<String, RelDataType> viewTypes;

    SeriesTableMacro(String name, boolean inclusive, java.util.function.Function<String, RelDataType> viewTypes) {
        this.name = name;
        this.inclusive = inclusive;
        this.viewTypes = viewTypes;
    }

    @Override
    public List<FunctionParameter> getParameters() {
        List<FunctionParameter> params = new ArrayList<>();
        for (int i = 0; i < PARAMETERS.size(); i++) {
            int ordinal = i;
            params.add(new FunctionParameter() {
                @Override public int getOrdinal() { return ordinal; }
                @Override public String getName() { return PARAMETERS.get(ordinal); }
                @Override public RelDataType getType(RelDataTypeFactory f) { return f.createJavaType(Long.class); }
                @Override public boolean isOptional() { return ordinal > 0; }
            });
        }
        return params;
    }

    @Override
    public TranslatableTable apply(List<?> arguments) {
        for (Object a : arguments.subList(0, given(arguments))) {
            if (a == null) throw new SqlException("22004", name + "'s arguments must not be NULL");
        }
        int n = given(arguments);
        BigInteger start = n == 1 ? BigInteger.ZERO : integer(arguments.get(0));
        BigInteger stop = integer(arguments.get(n == 1 ? 0 : 1));
        BigInteger step = n == 3 ? integer(arguments.get(2)) : BigInteger.ONE;
        if (step.signum() == 0) throw new SqlException("22023", name + "'s step must not be 0");
        String query = query(start, step, count(start, stop, step));
        return new ViewTable(Object[].class, f -> f.copyType(viewTypes.apply(query)), query, List.of(AscanSchema.QUERY_SCHEMA), null);
    }

    /** How many leading arguments were given (Calcite passes the omitted optional ones as NULL after them). */
    private static int given(List<?> arguments) {
        int n = arguments.size();
        while (n > 1 && arguments.get(n - 1) == null) n--;
        return n;
    }

    private static BigInteger integer(Object a) {
        return a instanceof BigInteger b ? b : new java.math.BigDecimal(a.toString()).toBigIntegerExact();
    }

    /** The number of values: from start by step up to stop, excluded by range, included by generate_series. */
    private BigInteger count(BigInteger start, BigInteger stop, BigInteger step) {
        BigInteger span = stop.subtract(start);
        if (span.signum() != 0 && span.signum() != step.signum()) return BigInteger.ZERO;
        BigInteger[] qr = span.abs().divideAndRemainder(step.abs());
        if (inclusive) return qr[0].add(BigInteger.ONE);
        return qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
    }

    private String query(BigInteger start, BigInteger step, BigInteger count) {
        if (count.bitLength() > 62) throw new SqlException("54000", name + " of " + count + " values is too large");
        int digits = Math.max(1, count.subtract(BigInteger.ONE).max(BigInteger.ZERO).toString().length());
        StringBuilder values = new StringBuilder("(VALUES ");
        for (int d = 0; d < 10; d++) values.append(d > 0 ? ", " : "").append("(CAST(").append(d).append(" AS BIGINT))");
        values.append(')');
        StringBuilder i = new StringBuilder(), from = new StringBuilder();
        BigInteger weight = BigInteger.ONE;
        for (int d = 0; d < digits; d++) {
            i.append(d > 0 ? " + " : "").append(weight).append(" * d").append(d).append(".v");
            from.append(d > 0 ? " CROSS JOIN " : "").append(values).append(" AS d").append(d).append("(v)");
            weight = weight.multiply(BigInteger.TEN);
        }
        return "SELECT CAST(" + start + " AS BIGINT) + CAST(" + step + " AS BIGINT) * i AS \"" + name + "\" FROM (SELECT " + i
                + " AS i FROM " + from + ") AS digits WHERE i < " + count;
    }
}
