package io.ascan.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The portable reader: {@link FileChannel} positional reads, performed synchronously when
 * completions are awaited. Uses O_DIRECT ({@code ExtendedOpenOption.DIRECT}) where the file
 * system accepts it and buffered reads otherwise; the alignment contract is the same either way.
 */
public final class PortableBlockReader implements BlockReader {
    private static final Logger LOG = LoggerFactory.getLogger(PortableBlockReader.class);
    private static final OpenOption DIRECT = directOption();
    private static volatile boolean warnedBuffered;

    private record Pending(PortableFile file, long offset, java.lang.foreign.MemorySegment dst, long tag) {}

    private final int depth;
    private final ArrayDeque<Pending> queue = new ArrayDeque<>();
    private boolean closed;

    public PortableBlockReader(int depth) {
        if (depth < 1) throw new IllegalArgumentException("queue depth must be at least 1, got " + depth);
        this.depth = depth;
    }

    private static OpenOption directOption() {
        try {
            Class<?> c = Class.forName("com.sun.nio.file.ExtendedOpenOption");
            for (Object o : c.getEnumConstants()) {
                if (o.toString().equals("DIRECT")) return (OpenOption) o;
            }
        } catch (ClassNotFoundException ignored) {
            // not a JDK with jdk.unsupported: buffered reads only
        }
        return null;
    }

    private static final class PortableFile implements BlockFile {
        final Path path;
        final FileChannel channel;
        final long size;

        PortableFile(Path path, FileChannel channel) throws IOException {
            this.path = path;
            this.channel = channel;
            this.size = channel.size();
        }

        @Override public Path path() { return path; }
        @Override public long size() { return size; }
        @Override public void close() throws IOException { channel.close(); }
    }

    @Override
    public BlockFile open(Path file) throws IOException {
        ensureOpen();
        FileChannel ch = null;
        if (DIRECT != null) {
            try {
                ch = FileChannel.open(file, StandardOpenOption.READ, DIRECT);
            } catch (UnsupportedOperationException | IOException e) {
                if (!java.nio.file.Files.exists(file)) throw new java.nio.file.NoSuchFileException(file.toString());
                if (!warnedBuffered) {
                    warnedBuffered = true;
                    LOG.info("O_DIRECT not available for {} ({}); portable reader uses buffered reads", file, e.toString());
                }
            }
        }
        if (ch == null) ch = FileChannel.open(file, StandardOpenOption.READ);
        return new PortableFile(file, ch);
    }

    @Override public int depth() { return depth; }
    @Override public int inFlight() { return queue.size(); }
    @Override public String name() { return "portable"; }

    @Override
    public void submit(BlockFile file, long offset, java.lang.foreign.MemorySegment dst, long tag) {
        ensureOpen();
        BlockReader.checkAligned(file, offset, dst);
        if (queue.size() >= depth) {
            throw new IllegalStateException("queue full: " + depth + " reads already in flight");
        }
        queue.add(new Pending((PortableFile) file, offset, dst, tag));
    }

    @Override
    public int await(int min, Completion sink) throws IOException {
        ensureOpen();
        if (min > queue.size()) {
            throw new IllegalStateException("waiting for " + min + " reads but only " + queue.size() + " in flight");
        }
        int n = 0;
        // Synchronous: everything queued completes now, which satisfies any min <= queued.
        while (!queue.isEmpty()) {
            Pending p = queue.poll();
            sink.done(p.tag, read(p));
            n++;
        }
        return n;
    }

    private static int read(Pending p) throws IOException {
        ByteBuffer bb = p.dst.asByteBuffer();
        long pos = p.offset;
        int total = 0;
        try {
            while (bb.hasRemaining()) {
                int r = p.file.channel.read(bb, pos);
                if (r < 0) break;
                pos += r;
                total += r;
                // A partial block means end of file; with O_DIRECT another read at this
                // unaligned position would throw instead of returning -1.
                if (!AlignedMemory.isAligned(pos)) break;
            }
        } catch (IOException e) {
            throw new IOException("read of " + p.dst.byteSize() + " bytes at offset " + p.offset + " in "
                    + p.file.path + " failed: " + e.getMessage(), e);
        }
        return total;
    }

    private void ensureOpen() {
        if (closed) throw new IllegalStateException("block reader is closed");
    }

    @Override
    public void close() {
        closed = true;
        queue.clear();
    }
}
