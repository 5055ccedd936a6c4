package io.ascan.planner.physical;

/** A plan construct the engine cannot run; the message names it. */
public final class UnsupportedPlanException extends RuntimeException {
    public UnsupportedPlanException(String message) {
        super(message);
    }
}
