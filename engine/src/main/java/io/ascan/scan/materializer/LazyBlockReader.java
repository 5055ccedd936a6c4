package io.ascan.scan.materializer;

import io.ascan.io.BlockFile;
import io.ascan.io.BlockReader;
import io.ascan.io.BlockReaders;
import io.ascan.io.IoMode;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * A block reader created at the first file open: a materializer session whose slices all come
 * from the segment cache never reads, and so sets up no io_uring ring (a system call and its
 * mappings per session, several sessions per scan).
 */
final class LazyBlockReader implements BlockReader {
    private final IoMode mode;
    private final int depth;
    private BlockReader reader;

    LazyBlockReader(IoMode mode, int depth) {
        this.mode = mode;
        this.depth = depth;
    }

    @Override
    public BlockFile open(Path file) throws IOException {
        if (reader == null) reader = BlockReaders.open(mode, depth);
        return reader.open(file);
    }

    @Override
    public int depth() {
        return reader == null ? depth : reader.depth();
    }

    @Override
    public int inFlight() {
        return reader == null ? 0 : reader.inFlight();
    }

    @Override
    public void submit(BlockFile file, long offset, MemorySegment dst, long tag) throws IOException {
        if (reader == null) throw new IllegalStateException("no file was opened through this reader");
        reader.submit(file, offset, dst, tag);
    }

    @Override
    public int await(int min, Completion sink) throws IOException {
        return reader == null ? 0 : reader.await(min, sink);
    }

    @Override
    public String name() {
        return reader == null ? mode.name().toLowerCase(java.util.Locale.ROOT) : reader.name();
    }

    @Override
    public void close() throws IOException {
        if (reader != null) reader.close();
    }
}
