package io.ascan.gen;

import io.ascan.format.RowAppender;
import io.ascan.format.TableSchema;

/**
 * A generated table cut into independent chunks. Chunk {@code i} always produces the same rows,
 * whichever thread runs it, and the table is the concatenation of its chunks in index order;
 * that is what makes parallel generation deterministic.
 */
public interface ChunkedTable {
    String name();

    TableSchema schema();

    int chunkCount();

    /** Rows the whole table will have, or an estimate when only the generator knows (progress only). */
    long expectedRows();

    /** Writes the rows of chunk {@code chunk} (0-based) to {@code out}, in order. */
    void generateChunk(int chunk, RowAppender out);
}
