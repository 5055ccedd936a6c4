package io.ascan.memory;

/**
 * An access by raw address outside every live native region, found in checked mode
 * ({@link NativeRegions}). The code that drives generated code names where it happened
 * ({@link #in}): the pipeline with its operators, or the materializer.
 */
public final class NativeAccessException extends IllegalStateException {
    private volatile String where;

    NativeAccessException(String message) {
        super(message);
    }

    /** Records where the access happened (the first, innermost caller wins); returns this exception. */
    public NativeAccessException in(String where) {
        if (this.where == null) this.where = where;
        return this;
    }

    @Override
    public String getMessage() {
        String w = where;
        return w == null ? super.getMessage() : super.getMessage() + "; in " + w;
    }
}
