package io.ascan.planner.rex;

/** A RexNode the engine's expression IR cannot express (yet); names the offending part. */
public final class UnsupportedExpressionException extends RuntimeException {
    public UnsupportedExpressionException(String message) {
        super(message);
    }
}
