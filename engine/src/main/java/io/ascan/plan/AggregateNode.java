package io.ascan.plan;

import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.List;

/**
 * Hash aggregation: output is the group keys, then one column per call. No keys: one row.
 * {@code expectedGroups} is the planner's estimate of the groups (0: none), which sizes the
 * group tables up front within a cap; only a hint, never a limit. {@code hashedKeys} are the
 * positions among the group keys that a group's hash covers (empty: all): when some keys
 * determine the others (TPC-H q10's c_custkey its customer's name, address, comment), hashing
 * them alone saves hashing the rest; groups still compare every key, so any choice is correct.
 * {@code keyMin} and {@code keySpan} are the range of the one integral group key's values that
 * the column statistics show ({@code keySpan} values from {@code keyMin}; 0: unknown), which may
 * give the groups a direct-address table; only a hint: a key outside it is grouped by hash.
 */
public record AggregateNode(PhysicalNode input, int[] groupKeys, List<Call> calls, long expectedGroups, int[] hashedKeys,
                            long keyMin, long keySpan)
        implements PhysicalNode {
    public enum Function {
        COUNT, SUM, AVG, MIN, MAX,
        /** Variance and standard deviation of the population or of a sample: DOUBLE, Welford's method ({@code rt.Variance}). */
        VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP,
        /** A BIGINT estimate of the distinct non-NULL values by a HyperLogLog sketch ({@code rt.HyperLogLog}). */
        APPROX_COUNT_DISTINCT,
        /** BIT_AND, BIT_OR, BIT_XOR of integers (the argument's type) and PRODUCT (DOUBLE): the values folded one by one. */
        BIT_AND, BIT_OR, BIT_XOR, PRODUCT,
        /**
         * Of two arguments (y, x), rows where either is NULL skipped, DOUBLE (REGR_COUNT BIGINT): the
         * co-moment of the pairs and both variances, by Welford's method ({@code rt.CoMoment}).
         */
        COVAR_POP, COVAR_SAMP, CORR, REGR_SLOPE, REGR_INTERCEPT, REGR_R2, REGR_COUNT, REGR_AVGX, REGR_AVGY,
        REGR_SXX, REGR_SYY, REGR_SXY,
        /** ARG_MAX(x, y), ARG_MIN(x, y): x of the row with the largest (smallest) y, rows where x or y is NULL skipped. */
        ARG_MAX, ARG_MIN,
        /** FIRST(x), LAST(x): x (NULL too) of the group's first (last) row in the order the rows arrive. */
        FIRST, LAST;

        public boolean isCoMoment() {
            return compareTo(COVAR_POP) >= 0 && compareTo(REGR_SXY) <= 0;
        }

        /** Whether the function takes a second argument ({@link Call#arg2()}). */
        public boolean binary() {
            return isCoMoment() || this == ARG_MAX || this == ARG_MIN;
        }

        public boolean isVariance() {
            return this == VAR_POP || this == VAR_SAMP || this == STDDEV_POP || this == STDDEV_SAMP;
        }
    }

    /**
     * {@code arg} is -1 for COUNT(*); {@code arg2} is the second argument of a {@link Function#binary}
     * function, else -1; {@code distinct} aggregates over distinct argument values.
     */
    public record Call(Function function, int arg, int arg2, boolean distinct, DataType type, String name) {
        public Call(Function function, int arg, boolean distinct, DataType type, String name) {
            this(function, arg, -1, distinct, type, name);
        }
    }

    public AggregateNode {
        groupKeys = groupKeys.clone();
        calls = List.copyOf(calls);
        hashedKeys = hashedKeys.clone();
        if (expectedGroups < 0) throw new IllegalArgumentException("expected groups must not be negative");
        if (keySpan < 0 || keySpan > 0 && groupKeys.length != 1) throw new IllegalArgumentException("a key range needs one group key");
        for (int k : hashedKeys) {
            if (k < 0 || k >= groupKeys.length) throw new IllegalArgumentException("hashed key " + k + " is not a group key");
        }
    }

    /** Without a key range. */
    public AggregateNode(PhysicalNode input, int[] groupKeys, List<Call> calls, long expectedGroups, int[] hashedKeys) {
        this(input, groupKeys, calls, expectedGroups, hashedKeys, 0, 0);
    }

    /** Hashing every group key. */
    public AggregateNode(PhysicalNode input, int[] groupKeys, List<Call> calls, long expectedGroups) {
        this(input, groupKeys, calls, expectedGroups, new int[0]);
    }

    /** Without an estimate of the groups. */
    public AggregateNode(PhysicalNode input, int[] groupKeys, List<Call> calls) {
        this(input, groupKeys, calls, 0);
    }

    @Override
    public List<OutputColumn> output() {
        List<OutputColumn> out = new ArrayList<>();
        List<OutputColumn> in = input.output();
        for (int k : groupKeys) out.add(in.get(k));
        for (Call c : calls) out.add(new OutputColumn(c.name(), c.type()));
        return out;
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(input);
    }
}
