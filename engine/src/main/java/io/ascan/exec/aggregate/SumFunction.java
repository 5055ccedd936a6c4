package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.plan.AggregateNode.Call;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;

/** SUM(x): a sum of the call's type (BIGINT for integers), NULL when no input was non-NULL. */
final class SumFunction extends CountedSum {
    SumFunction(Call call, DataType arg, String argName) {
        super(call, arg, argName);
    }

    @Override
    DataType sumType() {
        return call.type().kind() == TypeKind.DOUBLE ? DataType.DOUBLE : call.type().kind() == TypeKind.DECIMAL ? call.type() : DataType.BIGINT;
    }

    /** Whether this SUM adds the same numbers an AVG of its column adds into a sum of {@code avgSumType}. */
    boolean addsAs(DataType avgSumType) {
        DataType st = sumType();
        if (avgSumType.kind() == TypeKind.DOUBLE) return st.kind() == TypeKind.DOUBLE && arg.kind() == TypeKind.DOUBLE;
        if (arg.kind() == TypeKind.DECIMAL) return st.kind() == TypeKind.DECIMAL && st.scale() == arg.scale();
        return st.kind() == TypeKind.BIGINT && (arg.kind() == TypeKind.INTEGER || arg.kind() == TypeKind.BIGINT);
    }

    @Override
    public ValueCode output(CodeBuilder code, String row) {
        String[] count = inputCount(code, row);
        return ValueCode.of(count[1], super.output(code, row).value(), layout.types().get(slot));
    }
}
