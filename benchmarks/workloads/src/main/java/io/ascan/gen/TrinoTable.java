package io.ascan.gen;

import io.ascan.format.RowAppender;
import io.ascan.format.TableSchema;
import io.trino.tpch.TpchEntity;

/**
 * A table produced by one of Trino's TPC-H generators. Trino partitions a table into
 * {@code (part, partCount)} pieces whose concatenation is the whole table whatever partCount
 * is, so a chunk is simply a part.
 */
final class TrinoTable<E extends TpchEntity> implements ChunkedTable {
    /** Makes the generator of one part: (part 1-based, partCount). */
    interface PartFactory<E> {
        Iterable<E> create(int part, int partCount);
    }

    /** Sets the columns of one row from an entity; {@code strings} caches low-cardinality values. */
    interface RowWriter<E> {
        void write(E entity, RowAppender out, Utf8Cache strings);
    }

    private final String name;
    private final TableSchema schema;
    private final int chunks;
    private final long expectedRows;
    private final PartFactory<E> factory;
    private final RowWriter<E> row;

    /**
     * @param baseRows rows of the partitioned unit (orders for lineitem, parts for partsupp)
     * @param rowsPerBase expected output rows per unit, for progress
     * @param baseRowsPerChunk target units per chunk
     */
    TrinoTable(String name, TableSchema schema, long baseRows, double rowsPerBase, int baseRowsPerChunk,
               PartFactory<E> factory, RowWriter<E> row) {
        this.name = name;
        this.schema = schema;
        this.chunks = (int) Math.max(1, (baseRows + baseRowsPerChunk - 1) / baseRowsPerChunk);
        this.expectedRows = Math.round(baseRows * rowsPerBase);
        this.factory = factory;
        this.row = row;
    }

    @Override public String name() { return name; }
    @Override public TableSchema schema() { return schema; }
    @Override public int chunkCount() { return chunks; }
    @Override public long expectedRows() { return expectedRows; }

    @Override
    public void generateChunk(int chunk, RowAppender out) {
        Utf8Cache strings = new Utf8Cache();
        for (E e : factory.create(chunk + 1, chunks)) {
            row.write(e, out, strings);
            out.endRow();
        }
    }
}
