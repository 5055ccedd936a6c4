package io.ascan.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.ascan.testutil.Pattern;
import io.ascan.testutil.ProcSelf;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The {@link BlockReader} contract, checked against every implementation. */
class BlockReaderContractTest {
    private static final int BLOCK = BlockReader.ALIGNMENT;

    @TempDir Path dir;

    static BlockReader reader(String kind, int depth) throws IOException {
        if (kind.equals("portable")) return new PortableBlockReader(depth);
        String why = UringBlockReader.unavailableReason();
        assumeTrue(why == null, () -> "io_uring unavailable here: " + why);
        return new UringBlockReader(depth);
    }

    /** Collects completions by tag. */
    private static final class Results implements BlockReader.Completion {
        final Map<Long, Integer> byTag = new HashMap<>();

        @Override
        public void done(long tag, int result) {
            Integer old = byTag.put(tag, result);
            if (old != null) throw new AssertionError("tag " + tag + " completed twice");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"uring", "portable"})
    void readsExactBytesAtAlignedOffsets(String kind) throws IOException {
        Path file = Pattern.write(dir.resolve("data"), 64L * BLOCK);
        long[] offsets = {0, BLOCK, 7L * BLOCK, 32L * BLOCK, 60L * BLOCK};
        int[] lengths = {BLOCK, 2 * BLOCK, 16 * BLOCK, BLOCK, 4 * BLOCK};
        try (Arena arena = Arena.ofConfined(); BlockReader r = reader(kind, 8); BlockFile f = r.open(file)) {
            assertEquals(64L * BLOCK, f.size());
            assertEquals(file, f.path());
            MemorySegment[] bufs = new MemorySegment[offsets.length];
            for (int i = 0; i < offsets.length; i++) {
                bufs[i] = AlignedMemory.allocate(arena, lengths[i]);
                r.submit(f, offsets[i], bufs[i], 100 + i);
            }
            assertEquals(offsets.length, r.inFlight());
            Results res = new Results();
            assertEquals(offsets.length, r.await(offsets.length, res));
            assertEquals(0, r.inFlight());
            for (int i = 0; i < offsets.length; i++) {
                assertEquals(lengths[i], res.byTag.get(100L + i), "bytes read for tag " + (100 + i));
                Pattern.check(bufs[i], offsets[i], lengths[i]);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"uring", "portable"})
    void readsAtAndAfterEndOfFileAreShort(String kind) throws IOException {
        long size = 3L * BLOCK + 100;
        Path file = Pattern.write(dir.resolve("tail"), size);
        try (Arena arena = Arena.ofConfined(); BlockReader r = reader(kind, 4); BlockFile f = r.open(file)) {
            assertEquals(size, f.size());
            MemorySegment spanning = AlignedMemory.allocate(arena, 2L * BLOCK);
            MemorySegment last = AlignedMemory.allocate(arena, BLOCK);
            MemorySegment atEnd = AlignedMemory.allocate(arena, BLOCK);
            MemorySegment beyond = AlignedMemory.allocate(arena, BLOCK);
            r.submit(f, 2L * BLOCK, spanning, 1);
            r.submit(f, 3L * BLOCK, last, 2);
            r.submit(f, 4L * BLOCK, atEnd, 3);
            r.submit(f, 1024L * BLOCK, beyond, 4);
            Results res = new Results();
            r.await(4, res);
            assertEquals(BLOCK + 100, res.byTag.get(1L));
            assertEquals(100, res.byTag.get(2L));
            assertEquals(0, res.byTag.get(3L));
            assertEquals(0, res.byTag.get(4L));
            Pattern.check(spanning, 2L * BLOCK, BLOCK + 100);
            Pattern.check(last, 3L * BLOCK, 100);
        }
        Path exact = Pattern.write(dir.resolve("exact"), 2L * BLOCK);
        try (Arena arena = Arena.ofConfined(); BlockReader r = reader(kind, 1); BlockFile f = r.open(exact)) {
            r.submit(f, 2L * BLOCK, AlignedMemory.allocate(arena, BLOCK), 9);
            Results res = new Results();
            r.await(1, res);
            assertEquals(0, res.byTag.get(9L));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"uring", "portable"})
    void rejectsMisalignedReadsBeforeTheKernel(String kind) throws IOException {
        Path file = Pattern.write(dir.resolve("data"), 8L * BLOCK);
        try (Arena arena = Arena.ofConfined(); BlockReader r = reader(kind, 4); BlockFile f = r.open(file)) {
            MemorySegment good = AlignedMemory.allocate(arena, 2L * BLOCK);
            assertThrows(IllegalArgumentException.class, () -> r.submit(f, 100, good.asSlice(0, BLOCK), 1));
            assertThrows(IllegalArgumentException.class, () -> r.submit(f, 512, good.asSlice(0, BLOCK), 1));
            assertThrows(IllegalArgumentException.class, () -> r.submit(f, -BLOCK, good.asSlice(0, BLOCK), 1));
            assertThrows(IllegalArgumentException.class, () -> r.submit(f, 0, good.asSlice(0, 100), 1));
            assertThrows(IllegalArgumentException.class, () -> r.submit(f, 0, good.asSlice(0, BLOCK + 512), 1));
            assertThrows(IllegalArgumentException.class, () -> r.submit(f, 0, good.asSlice(0, 0), 1));
            assertThrows(IllegalArgumentException.class, () -> r.submit(f, 0, good.asSlice(512, BLOCK), 1));
            IllegalArgumentException heap = assertThrows(IllegalArgumentException.class,
                    () -> r.submit(f, 0, MemorySegment.ofArray(new byte[BLOCK]), 1));
            assertTrue(heap.getMessage().contains("native"), heap.getMessage());
            assertEquals(0, r.inFlight(), "rejected reads must not be queued");
            assertEquals(0, r.await(0, (t, n) -> { throw new AssertionError("nothing was submitted"); }));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"uring", "portable"})
    void keepsManyReadsInFlightAndMatchesEveryTag(String kind) throws IOException {
        int depth = 32;
        int reads = 640;
        int len = 4 * BLOCK;
        long blocks = 1024;
        Path file = Pattern.write(dir.resolve("big"), blocks * BLOCK);
        Random random = new Random(42);
        long[] offsetOf = new long[reads];
        int[] bufferOf = new int[reads];
        boolean[] seen = new boolean[reads];
        try (Arena arena = Arena.ofConfined(); BlockReader r = reader(kind, depth); BlockFile f = r.open(file)) {
            MemorySegment[] bufs = new MemorySegment[depth];
            ArrayDeque<Integer> free = new ArrayDeque<>();
            for (int i = 0; i < depth; i++) {
                bufs[i] = AlignedMemory.allocate(arena, len);
                free.add(i);
            }
            int submitted = 0;
            int completed = 0;
            int maxInFlight = 0;
            while (completed < reads) {
                while (submitted < reads && !free.isEmpty()) {
                    int b = free.poll();
                    long off = (long) random.nextInt((int) blocks - 4) * BLOCK;
                    offsetOf[submitted] = off;
                    bufferOf[submitted] = b;
                    r.submit(f, off, bufs[b], submitted);
                    submitted++;
                }
                maxInFlight = Math.max(maxInFlight, r.inFlight());
                completed += r.await(1, (tag, n) -> {
                    int seq = (int) tag;
                    assertFalse(seen[seq], "tag " + seq + " delivered twice");
                    seen[seq] = true;
                    assertEquals(len, n, "bytes read for tag " + seq);
                    Pattern.check(bufs[bufferOf[seq]], offsetOf[seq], len);
                    free.add(bufferOf[seq]);
                });
            }
            assertEquals(depth, maxInFlight, "the reader should have held a full queue");
            assertEquals(0, r.inFlight());
        }
        for (int i = 0; i < reads; i++) assertTrue(seen[i], "tag " + i + " never delivered");
    }

    @ParameterizedTest
    @ValueSource(strings = {"uring", "portable"})
    void detectsAFullQueue(String kind) throws IOException {
        Path file = Pattern.write(dir.resolve("data"), 8L * BLOCK);
        try (Arena arena = Arena.ofConfined(); BlockReader r = reader(kind, 4); BlockFile f = r.open(file)) {
            for (int i = 0; i < 4; i++) r.submit(f, (long) i * BLOCK, AlignedMemory.allocate(arena, BLOCK), i);
            MemorySegment extra = AlignedMemory.allocate(arena, BLOCK);
            IllegalStateException full = assertThrows(IllegalStateException.class, () -> r.submit(f, 0, extra, 99));
            assertTrue(full.getMessage().contains("queue full"), full.getMessage());
            assertEquals(4, r.inFlight());
            assertThrows(IllegalStateException.class, () -> r.await(5, (t, n) -> { }));
            Results res = new Results();
            assertEquals(4, r.await(4, res));
            assertEquals(List.of(0L, 1L, 2L, 3L), res.byTag.keySet().stream().sorted().toList());
            r.submit(f, 0, extra, 99); // room again
            assertEquals(1, r.await(1, res));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"uring", "portable"})
    void missingFileIsAnIOExceptionNamingThePath(String kind) throws IOException {
        Path missing = dir.resolve("no-such-file");
        try (BlockReader r = reader(kind, 2)) {
            IOException e = assertThrows(IOException.class, () -> r.open(missing));
            assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"uring", "portable"})
    void failedReadNamesFileAndOffsetAndKeepsOtherCompletions(String kind) throws IOException {
        Path file = Pattern.write(dir.resolve("data"), 8L * BLOCK);
        Path directory = dir.resolve("a-directory");
        java.nio.file.Files.createDirectory(directory);
        try (Arena arena = Arena.ofConfined(); BlockReader r = reader(kind, 4);
                BlockFile good = r.open(file); BlockFile bad = r.open(directory)) {
            r.submit(good, 0, AlignedMemory.allocate(arena, BLOCK), 1);
            r.submit(bad, 2L * BLOCK, AlignedMemory.allocate(arena, BLOCK), 2);
            r.submit(good, BLOCK, AlignedMemory.allocate(arena, BLOCK), 3);
            Results res = new Results();
            List<IOException> errors = new ArrayList<>();
            while (r.inFlight() > 0) {
                try {
                    r.await(r.inFlight(), res);
                } catch (IOException e) {
                    errors.add(e);
                }
            }
            assertEquals(1, errors.size(), "exactly the directory read fails");
            String msg = errors.get(0).getMessage();
            assertTrue(msg.contains(directory.toString()) && msg.contains("offset " + 2 * BLOCK), msg);
            assertTrue(msg.contains("Is a directory"), msg);
            assertEquals(Map.of(1L, BLOCK, 3L, BLOCK), res.byTag);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"uring", "portable"})
    void closingReleasesDescriptorsAndLaterUseIsRejected(String kind) throws IOException {
        Path file = Pattern.write(dir.resolve("data"), 8L * BLOCK);
        runAndClose(kind, file); // warm up: classes and lazily opened JDK resources
        List<String> before = ProcSelf.fdTargets();
        long uringMapsBefore = ProcSelf.countMaps("io_uring");
        BlockReader r = runAndClose(kind, file);
        assertEquals(before.size(), ProcSelf.fdTargets().size(), () -> "descriptors leaked: " + ProcSelf.fdTargets());
        assertEquals(before.stream().filter(t -> t.contains(file.toString())).count(), ProcSelf.countFds(file.toString()));
        assertEquals(before.stream().filter(t -> t.contains("io_uring")).count(), ProcSelf.countFds("io_uring"));
        assertEquals(uringMapsBefore, ProcSelf.countMaps("io_uring"), "ring memory still mapped");

        r.close(); // closing twice is harmless
        assertThrows(IllegalStateException.class, () -> r.open(file));
        assertThrows(IllegalStateException.class, () -> r.await(0, (t, n) -> { }));
        try (Arena arena = Arena.ofConfined(); BlockReader other = reader(kind, 1); BlockFile f = other.open(file)) {
            MemorySegment buf = AlignedMemory.allocate(arena, BLOCK);
            assertThrows(IllegalStateException.class, () -> r.submit(f, 0, buf, 1));
        }
    }

    /** Opens a reader and a file, reads, leaves reads in flight at close, closes; returns the closed reader. */
    private static BlockReader runAndClose(String kind, Path file) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            BlockReader r = reader(kind, 4);
            BlockFile f = r.open(file);
            assertTrue(ProcSelf.countFds(file.toString()) >= 1, "the file should be open now");
            r.submit(f, 0, AlignedMemory.allocate(arena, BLOCK), 1);
            r.await(1, (t, n) -> assertEquals(BLOCK, n));
            r.submit(f, BLOCK, AlignedMemory.allocate(arena, BLOCK), 2);
            r.submit(f, 2L * BLOCK, AlignedMemory.allocate(arena, BLOCK), 3);
            r.await(0, (t, n) -> { }); // hands them to the kernel without waiting
            f.close();
            f.close(); // harmless
            r.close(); // with reads in flight: must wait for them before the buffers go away
            return r;
        }
    }
}
