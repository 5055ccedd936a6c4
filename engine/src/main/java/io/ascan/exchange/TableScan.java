package io.ascan.exchange;

import io.ascan.catalog.Table;
import io.ascan.format.SliceData;
import io.ascan.catalog.TableReader;
import io.ascan.io.AlignedBufferPool;
import io.ascan.io.BlockReader;
import io.ascan.io.BlockReaders;
import io.ascan.io.IoMode;
import java.io.IOException;
import org.apache.arrow.memory.BufferAllocator;

/** Reads every slice of a table in order, closing each after the sink has seen it. */
final class TableScan {
    /** Segment reads kept in flight ahead of the exporter. */
    private static final int READ_DEPTH = 8;

    interface SliceSink {
        void accept(SliceData slice) throws IOException;
    }

    private TableScan() {}

    /** Returns the number of rows read. */
    static long forEachSlice(Table table, AlignedBufferPool pool, BufferAllocator allocator, SliceSink sink)
            throws IOException {
        long rows = 0;
        try (BlockReader io = BlockReaders.open(IoMode.URING, READ_DEPTH);
             TableReader reader = TableReader.all(table, io, pool, allocator)) {
            while (reader.hasNext()) {
                try (SliceData slice = reader.next()) {
                    sink.accept(slice);
                    rows += slice.rowCount();
                }
            }
        }
        return rows;
    }
}
