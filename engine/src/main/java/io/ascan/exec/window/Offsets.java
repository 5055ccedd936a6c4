package io.ascan.exec.window;

import io.ascan.plan.WindowNode.Function;

/** LAG and LEAD: the argument of the row {@code n} rows before or after, else the default (or NULL). */
final class Offsets {
    private Offsets() {}

    static void evaluate(Function fn, Partition p, Slot arg, Slot fallback, Slot out) {
        long d = fn.kind() == io.ascan.plan.WindowNode.Kind.LAG ? -fn.n() : fn.n();
        for (int i = p.from; i < p.to; i++) {
            long row = p.rows[i], at = i + d;
            if (at >= p.from && at < p.to) out.copy(arg, p.rows[(int) at], row);
            else if (fallback != null) out.copy(fallback, row, row);
            else out.setNull(row);
        }
    }
}
