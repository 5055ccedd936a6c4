package io.ascan.codegen.rt;

/**
 * A string constant of a compiled unit in off-heap memory, so generated code passes it around
 * as (address, length) like any column value. Created unbound (bytes only) by code generation,
 * bound to memory by {@link Constants#bind} when the unit is instantiated.
 */
public final class Utf8 {
    public final byte[] bytes;
    public final long address;
    public final int length;

    private Utf8(byte[] bytes, long address) {
        this.bytes = bytes;
        this.address = address;
        this.length = bytes.length;
    }

    /** The constant before it has memory (address 0). */
    public static Utf8 unbound(byte[] bytes) {
        return new Utf8(bytes, 0);
    }

    Utf8 bindTo(long address) {
        return new Utf8(bytes, address);
    }

    @Override
    public String toString() {
        return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }
}
