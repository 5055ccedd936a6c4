package io.ascan.exec.aggregate;

import io.ascan.plan.AggregateNode.Call;
import io.ascan.plan.OutputColumn;
import java.util.List;

/** The code of each aggregate function: one class per function. */
final class AggregateFunctions {
    private AggregateFunctions() {}

    static AggregateFunction of(Call c, List<OutputColumn> input) {
        if (c.distinct()) throw new IllegalArgumentException("DISTINCT aggregates are rewritten before execution");
        var arg = c.arg() < 0 ? null : input.get(c.arg()).type();
        String name = c.arg() < 0 ? "*" : input.get(c.arg()).name();
        return switch (c.function()) {
            case COUNT -> new CountFunction(c, arg, name);
            case SUM -> new SumFunction(c, arg, name);
            case AVG -> new AvgFunction(c, arg, name);
            case MIN, MAX -> new MinMaxFunction(c, arg, name);
            case VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> new VarianceFunction(c, arg, name);
            case APPROX_COUNT_DISTINCT -> new ApproxCountDistinctFunction(c, arg, name);
            case BIT_AND, BIT_OR, BIT_XOR, PRODUCT -> new FoldFunction(c, arg, name);
            case COVAR_POP, COVAR_SAMP, CORR, REGR_SLOPE, REGR_INTERCEPT, REGR_R2, REGR_COUNT, REGR_AVGX, REGR_AVGY,
                 REGR_SXX, REGR_SYY, REGR_SXY -> new CoMomentFunction(c, arg, name);
            case ARG_MAX, ARG_MIN -> new ArgExtremeFunction(c, arg, name, input.get(c.arg2()).type());
            case FIRST, LAST -> new FirstLastFunction(c, arg, name);
        };
    }
}
