package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.StoreCode;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.rt.HyperLogLog;
import io.ascan.plan.AggregateNode.Call;
import io.ascan.types.DataType;
import java.util.Collections;
import java.util.List;

/**
 * APPROX_COUNT_DISTINCT(x): a {@link HyperLogLog} sketch in the group's row (its 4 KiB as BIGINT
 * columns), updated by the hash that grouping uses (so values equal in SQL, -0.0 and 0.0, hash
 * alike), merged register by register, a BIGINT estimate at the end (0 for no input).
 */
final class ApproxCountDistinctFunction extends AggregateFunction {
    private static final String HLL = HyperLogLog.class.getName() + ".";

    ApproxCountDistinctFunction(Call call, DataType arg, String argName) {
        super(call, arg, argName);
    }

    @Override
    public List<DataType> columns() {
        return Collections.nCopies(HyperLogLog.BYTES / 8, DataType.BIGINT);
    }

    @Override
    protected void accumulate(PipelineCodegen gen, String row, ValueCode a, String store) {
        String h = StoreCode.hash(gen.code, List.of(a));
        gen.code.line(HLL + "add(" + at(row, slot) + ", " + h + ");");
    }

    @Override
    public LocalAccumulator local(CodeBuilder code) {
        return null; // the sketch is too large for locals: every tuple updates the row
    }

    @Override
    public void merge(PipelineCodegen gen, String into, String other, String store) {
        gen.code.line(HLL + "merge(" + at(into, slot) + ", " + at(other, slot) + ");");
    }

    @Override
    public ValueCode output(CodeBuilder code, String row) {
        String v = declare(code, "long", "approxDistinct", HLL + "estimate(" + at(row, slot) + ")");
        return ValueCode.of("false", v, DataType.BIGINT);
    }
}
