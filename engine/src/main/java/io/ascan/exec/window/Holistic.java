package io.ascan.exec.window;

import io.ascan.codegen.rt.Mem;
import io.ascan.codegen.rt.SqlException;
import io.ascan.exec.store.TupleStore;
import io.ascan.plan.WindowNode.Function;
import io.ascan.types.DataType;
import java.math.BigDecimal;

/**
 * Aggregates that need all of a group's values (the planner computes them as a window over the
 * group's rows, ordered by the values or the aggregate's ORDER BY): STRING_AGG, PERCENTILE_CONT
 * PERCENTILE_DISC and MODE. One value per partition, written into every row; NULL inputs are skipped,
 * and a partition without a non-NULL input gives NULL.
 */
final class Holistic {
    /** The longest string a row holds (its length is an int32). */
    private static final long MAX_LENGTH = Integer.MAX_VALUE - 8;

    private Holistic() {}

    /** @param strings the store STRING_AGG's results are copied into (the evaluating thread's own) */
    static void evaluate(Function fn, Partition p, Slot arg, DataType argType, Slot separator, Slot out, TupleStore strings) {
        switch (fn.kind()) {
            case STRING_AGG -> stringAgg(p, arg, separator, out, strings);
            case PERCENTILE_CONT, PERCENTILE_DISC -> percentile(fn, p, arg, argType, out);
            case MODE -> mode(p, arg, argType, out);
            default -> throw new IllegalArgumentException(fn.kind() + " is not a holistic aggregate");
        }
    }

    /**
     * The non-NULL values in the partition's order, each after the separator of its own row (but
     * the first): the length is summed first, so the result is one string of the store (in the
     * query's memory: 53200 beyond it), never a copy on the heap.
     */
    private static void stringAgg(Partition p, Slot arg, Slot separator, Slot out, TupleStore strings) {
        long length = 0;
        boolean any = false;
        for (int i = p.from; i < p.to; i++) {
            long row = p.rows[i];
            if (arg.isNull(row)) continue;
            if (any && !separator.isNull(row)) length += Mem.getInt(separator.get(row));
            length += Mem.getInt(arg.get(row));
            any = true;
        }
        if (!any) {
            for (int i = p.from; i < p.to; i++) out.setNull(p.rows[i]);
            return;
        }
        if (length > MAX_LENGTH) {
            throw new SqlException("54000", "STRING_AGG's result of " + length + " bytes is longer than a VARCHAR may be (" + MAX_LENGTH + ")");
        }
        long result = strings.reserveString((int) length);
        long at = result + 4;
        any = false;
        for (int i = p.from; i < p.to; i++) {
            long row = p.rows[i];
            if (arg.isNull(row)) continue;
            if (any && !separator.isNull(row)) at = append(at, separator.get(row));
            at = append(at, arg.get(row));
            any = true;
        }
        for (int i = p.from; i < p.to; i++) out.put(p.rows[i], result);
    }

    /** Copies the bytes of a string slot's value (the address of its int32 length, the bytes after it) to {@code to}: the end. */
    private static long append(long to, long string) {
        int length = Mem.getInt(string);
        Mem.copy(string + 4, to, length);
        return to + length;
    }

    /**
     * The fraction f of the non-NULL values in the partition's order: PERCENTILE_DISC the first
     * value whose position reaches f (index ceil(f * n) - 1, as PostgreSQL and DuckDB),
     * PERCENTILE_CONT the interpolation at index f * (n - 1) in DOUBLE.
     */
    private static void percentile(Function fn, Partition p, Slot arg, DataType type, Slot out) {
        int n = 0;
        long[] present = new long[p.size()];
        for (int i = p.from; i < p.to; i++) if (!arg.isNull(p.rows[i])) present[n++] = p.rows[i];
        if (n == 0) {
            for (int i = p.from; i < p.to; i++) out.setNull(p.rows[i]);
            return;
        }
        double f = Double.longBitsToDouble(fn.n());
        if (fn.kind() == io.ascan.plan.WindowNode.Kind.PERCENTILE_DISC) {
            int at = (int) Math.max(0, Math.min(n - 1, Math.ceil(f * n) - 1));
            for (int i = p.from; i < p.to; i++) out.copy(arg, present[at], p.rows[i]);
            return;
        }
        double position = f * (n - 1);
        int lo = (int) Math.floor(position), hi = (int) Math.ceil(position);
        double low = asDouble(arg, present[lo], type), high = asDouble(arg, present[hi], type);
        double value = lo == hi ? low : low + (position - lo) * (high - low);
        for (int i = p.from; i < p.to; i++) out.putDouble(p.rows[i], value);
    }

    /**
     * MODE: the most frequent non-NULL value, in the partition's order (by the values, NULLs last)
     * the longest run of equal values; of runs equally long, the first (the smallest value).
     */
    private static void mode(Partition p, Slot arg, DataType type, Slot out) {
        long best = -1, runStart = -1;
        int bestLength = 0, length = 0;
        for (int i = p.from; i < p.to; i++) {
            long row = p.rows[i];
            if (arg.isNull(row)) break; // NULLs sort last
            if (runStart >= 0 && same(arg, runStart, row, type)) {
                length++;
            } else {
                runStart = row;
                length = 1;
            }
            if (length > bestLength) {
                bestLength = length;
                best = runStart;
            }
        }
        for (int i = p.from; i < p.to; i++) {
            if (best < 0) out.setNull(p.rows[i]);
            else out.copy(arg, best, p.rows[i]);
        }
    }

    /** Whether two rows' non-NULL values are equal in SQL (-0.0 is 0.0; a NaN is a NaN, as GROUP BY groups them). */
    private static boolean same(Slot arg, long a, long b, DataType type) {
        long x = arg.get(a), y = arg.get(b);
        return switch (type.kind()) {
            case VARCHAR -> io.ascan.codegen.rt.Strings.equals(x + 4, Mem.getInt(x), y + 4, Mem.getInt(y));
            case DOUBLE -> {
                double dx = Double.longBitsToDouble(x), dy = Double.longBitsToDouble(y);
                yield dx == dy || Double.isNaN(dx) && Double.isNaN(dy);
            }
            default -> x == y;
        };
    }

    private static double asDouble(Slot arg, long row, DataType t) {
        long v = arg.get(row);
        return switch (t.kind()) {
            case DOUBLE -> Double.longBitsToDouble(v);
            case DECIMAL -> BigDecimal.valueOf(v, t.scale()).doubleValue();
            default -> v;
        };
    }
}
