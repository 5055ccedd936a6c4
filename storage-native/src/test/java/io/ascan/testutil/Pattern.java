package io.ascan.testutil;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Files whose every byte is a known function of its position, so any misplaced byte shows. */
public final class Pattern {
    private Pattern() {}

    public static byte at(long position) {
        long x = (position >>> 3) * 0x9E3779B97F4A7C15L;
        x ^= x >>> 29;
        x *= 0xBF58476D1CE4E5B9L;
        x ^= x >>> 32;
        return (byte) (x >>> ((position & 7) * 8));
    }

    public static Path write(Path file, long size) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer buf = ByteBuffer.allocate(1 << 16);
            for (long pos = 0; pos < size; ) {
                buf.clear();
                int n = (int) Math.min(buf.capacity(), size - pos);
                for (int i = 0; i < n; i++) buf.put(at(pos + i));
                buf.flip();
                while (buf.hasRemaining()) pos += ch.write(buf, pos);
            }
        }
        return file;
    }

    /** Fails unless the first {@code count} bytes of {@code buf} are the file's bytes from {@code fileOffset}. */
    public static void check(MemorySegment buf, long fileOffset, int count) {
        for (int i = 0; i < count; i++) {
            byte got = buf.get(ValueLayout.JAVA_BYTE, i);
            if (got != at(fileOffset + i)) {
                fail("byte " + (fileOffset + i) + " of the file: expected " + at(fileOffset + i) + ", read " + got);
            }
        }
    }
}
