package io.ascan.plan;

/** Join semantics, relative to the left and right inputs as written in the plan. */
public enum JoinType {
    INNER, LEFT, RIGHT, FULL,
    /** Left rows with at least one match; output has the left columns only. */
    SEMI,
    /** Left rows with no match; output has the left columns only. */
    ANTI;

    public boolean projectsRight() {
        return this != SEMI && this != ANTI;
    }
}
