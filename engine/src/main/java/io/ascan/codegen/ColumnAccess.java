package io.ascan.codegen;

/**
 * How generated code reads input column {@code c} of the current tuple: a pipeline binds it to
 * rowset buffers (scan), to a hash-table row (join payload), and so on. Implementations emit
 * statements into the builder (declaring locals for the value) and return where the value is.
 * Reading a column only where an expression needs it is what lets the staging variant touch
 * fewer remote cache lines.
 */
@FunctionalInterface
public interface ColumnAccess {
    ValueCode read(int column, CodeBuilder code);
}
