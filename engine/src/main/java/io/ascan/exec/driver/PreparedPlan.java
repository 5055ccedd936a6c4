package io.ascan.exec.driver;

import io.ascan.exec.pipeline.Pipeline;
import io.ascan.plan.PhysicalNode;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The engine's half of a prepared query: a physical plan cut into pipelines once, by
 * {@link Executor#prepare}. {@link #explain()} describes those pipelines; the first execution runs
 * them and keeps the classes it generated for them here, and later executions bind those classes
 * to their own operators instead of generating them again. Executions may run concurrently; the
 * code is immutable once kept.
 */
public final class PreparedPlan {
    private final PhysicalNode root;
    private final String explain;
    private final AtomicReference<Executor.Cut> cut;
    private volatile PlanCode code;

    PreparedPlan(PhysicalNode root, Executor.Cut cut) {
        this.root = root;
        StringBuilder sb = new StringBuilder();
        for (Pipeline p : cut.pipelines()) sb.append(p.describe()).append('\n');
        this.explain = sb.toString();
        this.cut = new AtomicReference<>(cut);
    }

    public PhysicalNode root() {
        return root;
    }

    /** The pipelines, one line each, in the order they run: those the executions run (EXPLAIN). */
    public String explain() {
        return explain;
    }

    /** The pipelines cut at prepare, for the one execution that takes them first; then null. */
    Executor.Cut takeCut() {
        return cut.getAndSet(null);
    }

    PlanCode code() {
        return code;
    }

    void keep(PlanCode code) {
        this.code = code;
    }
}
