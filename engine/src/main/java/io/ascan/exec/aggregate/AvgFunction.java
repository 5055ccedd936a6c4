package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.plan.AggregateNode.Call;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.util.List;

/**
 * AVG(x): a sum (DOUBLE for DOUBLE input, else the unscaled BIGINT) divided by the count of
 * inputs at the output. An AVG whose column also has a SUM that adds the same numbers reads that
 * SUM's sum and keeps only its own NULL count.
 */
final class AvgFunction extends CountedSum {
    AvgFunction(Call call, DataType arg, String argName) {
        super(call, arg, argName);
    }

    @Override
    DataType sumType() {
        return arg.kind() == TypeKind.DOUBLE ? DataType.DOUBLE : DataType.BIGINT;
    }

    @Override
    void share(List<AggregateFunction> all) {
        sumSlot = slot;
        for (AggregateFunction f : all) {
            if (f instanceof SumFunction s && s.call.arg() == call.arg() && s.addsAs(sumType())) {
                sumSlot = s.slot;
                break;
            }
        }
    }

    @Override
    public ValueCode output(CodeBuilder code, String row) {
        String[] count = inputCount(code, row);
        String cnt = count[0], none = count[1], v = code.fresh("avg");
        String sumAt = at(row, sumSlot);
        if (call.type().kind() == TypeKind.DECIMAL) {
            code.line("long " + v + " = " + none + " ? 0L : io.ascan.codegen.rt.Aggregates.avgDecimal(" + MEM + "getLong(" + sumAt + "), "
                    + cnt + ", " + arg.scale() + ", " + call.type().scale() + ");");
        } else if (arg.kind() == TypeKind.DOUBLE) {
            code.line("double " + v + " = " + MEM + "getDouble(" + sumAt + ") / " + cnt + ";");
        } else {
            code.line("double " + v + " = " + none + " ? 0.0 : io.ascan.codegen.rt.Aggregates.avgDouble(" + MEM + "getLong(" + sumAt + "), "
                    + cnt + ", " + (arg.kind() == TypeKind.DECIMAL ? arg.scale() : 0) + ");");
        }
        return ValueCode.of(none, v, call.type());
    }
}
