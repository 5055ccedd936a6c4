package io.ascan.codegen.rt;

/**
 * The buffer addresses of one batch of input columns, as generated expression code reads them:
 * Arrow validity bitmap (0 = no NULLs), values (or int32 codes of a dictionary column), VARCHAR
 * offsets, and for dictionary columns the dictionary's offsets, data and size.
 */
public final class Batch {
    public final long[] validity;
    public final long[] data;
    public final long[] offsets;
    public final long[] dictionaryOffsets;
    public final long[] dictionaryData;
    public final int[] dictionarySize;

    public Batch(int columns) {
        validity = new long[columns];
        data = new long[columns];
        offsets = new long[columns];
        dictionaryOffsets = new long[columns];
        dictionaryData = new long[columns];
        dictionarySize = new int[columns];
    }
}
