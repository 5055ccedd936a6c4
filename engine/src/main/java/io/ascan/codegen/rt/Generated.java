package io.ascan.codegen.rt;

/**
 * Base of every generated class. It receives the constants registered through
 * {@code CodeBuilder.constant} before the subclass's field initialisers run, so those fields can
 * read {@link #constants}.
 */
public abstract class Generated {
    protected final Object[] constants;

    protected Generated(Object[] constants) {
        this.constants = constants;
    }
}
