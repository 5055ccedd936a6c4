package io.ascan.codegen;

import io.ascan.types.DataType;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Where generated code holds the value of an expression after its statements ran: Java
 * expressions (usually local variable names) for the NULL flag and the value, and for VARCHAR
 * also the byte length, the value being the address of the UTF-8 bytes. Java types by SQL type:
 * BOOLEAN boolean; INTEGER, DATE int; BIGINT, DECIMAL (unscaled), TIMESTAMP long; DOUBLE double;
 * VARCHAR long address + int length.
 *
 * @param isNull a boolean Java expression, {@code "false"} when the value cannot be NULL
 * @param value  the value (meaningless when NULL)
 * @param length VARCHAR only: length in bytes; null for other types
 */
public record ValueCode(String isNull, String value, String length, DataType type, Supplier<String> hash, boolean stored,
                        Function<String, String> interned) {
    /**
     * @param hash   VARCHAR only, optional: gives a Java expression for the value's
     *               {@code Hash.ofBytes} that is cheaper than hashing the bytes (a dictionary
     *               column's per-entry hash); asked only by code that hashes the value
     * @param stored VARCHAR only: the bytes are a string of a TupleStore (its int32 length just
     *               before them), which lives until the query ends, so another store may point at it
     *               instead of copying it
     * @param interned VARCHAR only, optional: given a TupleStore expression, a Java expression for the
     *               address of a string of that store (its int32 length) holding the value, cheaper
     *               than a copy per row: a dictionary entry copied once per rowset, which the rows
     *               that share it point at (a join's build side: the probes then read a few cached
     *               strings, not a string per build row); null: copy
     */
    public ValueCode {}

    public ValueCode(String isNull, String value, String length, DataType type, Supplier<String> hash, boolean stored) {
        this(isNull, value, length, type, hash, stored, null);
    }

    public ValueCode(String isNull, String value, String length, DataType type, Supplier<String> hash) {
        this(isNull, value, length, type, hash, false);
    }

    public ValueCode(String isNull, String value, String length, DataType type) {
        this(isNull, value, length, type, null);
    }

    public static ValueCode of(String isNull, String value, DataType type) {
        return new ValueCode(isNull, value, null, type);
    }

    /** The Java type holding values of {@code type} ("long" for a VARCHAR's address). */
    public static String javaType(DataType type) {
        return switch (type.kind()) {
            case BOOLEAN -> "boolean";
            case INTEGER, DATE -> "int";
            case BIGINT, DECIMAL, TIMESTAMP, VARCHAR -> "long";
            case DOUBLE -> "double";
        };
    }
}
