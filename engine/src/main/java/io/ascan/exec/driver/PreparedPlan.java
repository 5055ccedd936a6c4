package io.ascan.exec.driver;

import io.ascan.plan.PhysicalNode;

/**
 * A physical plan that runs more than once (a prepared statement's): its first execution keeps
 * the generated pipeline classes here, and later ones bind them to their own state instead of
 * generating them again. Executions may run concurrently; the code is immutable once kept.
 */
public final class PreparedPlan {
    private final PhysicalNode root;
    private volatile PlanCode code;

    public PreparedPlan(PhysicalNode root) {
        this.root = root;
    }

    public PhysicalNode root() {
        return root;
    }

    PlanCode code() {
        return code;
    }

    void keep(PlanCode code) {
        this.code = code;
    }
}
