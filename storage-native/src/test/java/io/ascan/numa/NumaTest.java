package io.ascan.numa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.ascan.ffi.libc.LibC;
import io.ascan.ffi.numa.numa_h;
import io.ascan.testutil.ProcSelf;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.BitSet;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class NumaTest {
    private static final long MIB = 1 << 20;

    @Test
    void isAvailableWhereLibnumaIsInstalled() {
        assumeTrue(numa_h.loadFailure() == null, numa_h::loadFailure);
        assertTrue(Numa.available(), Numa::unavailableReason);
        assertTrue(Numa.nodeCount() >= 1);
        assertTrue(Numa.maxNode() >= Numa.nodeCount() - 1);
    }

    @Test
    void nodesCoverEveryCpuOfTheMachine() {
        assertEquals(LibC.configuredCpus(), Numa.cpuCount());
        BitSet all = new BitSet();
        all.set(0, Numa.cpuCount());
        BitSet union = new BitSet();
        for (int node = 0; node <= Numa.maxNode(); node++) {
            BitSet cpus = Numa.cpusOfNode(node);
            assertFalse(cpus.intersects(union), "CPUs in two nodes");
            union.or(cpus);
            int n = node;
            cpus.stream().forEach(cpu -> assertEquals(n, Numa.nodeOfCpu(cpu), "node of CPU " + cpu));
        }
        assertEquals(all, union);
        if (Numa.nodeCount() == 1) assertEquals(all, Numa.cpusOfNode(0));
        for (int cpu = 0; cpu < Numa.cpuCount(); cpu++) assertTrue(Numa.cpusOfNode(Numa.nodeOfCpu(cpu)).get(cpu));
        assertThrows(IllegalArgumentException.class, () -> Numa.cpusOfNode(Numa.maxNode() + 1));
        assertThrows(IllegalArgumentException.class, () -> Numa.nodeOfCpu(Numa.cpuCount()));
    }

    @Test
    void pinsTheCallingThreadToANodeOrToCpus() throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> { // affinity is per thread; keep the test runner's untouched
            try {
                BitSet before = Numa.currentAffinity();
                Numa.runOnNode(0);
                BitSet node0 = Numa.cpusOfNode(0);
                BitSet pinned = Numa.currentAffinity();
                assertFalse(pinned.isEmpty());
                BitSet outside = (BitSet) pinned.clone();
                outside.andNot(node0);
                assertTrue(outside.isEmpty(), "pinned to " + pinned + ", node 0 has " + node0);

                BitSet one = new BitSet();
                one.set(pinned.nextSetBit(0));
                Numa.pinToCpus(one);
                assertEquals(one, Numa.currentAffinity());
                Numa.pinToCpus(before);
                assertEquals(before, Numa.currentAffinity());
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        t.start();
        t.join();
        if (failure.get() != null) throw new AssertionError(failure.get());
    }

    @Test
    void nodeLocalMemoryIsAlignedUsableAndFreedWithItsArena() {
        assumeTrue(Numa.available(), Numa::unavailableReason);
        MemorySegment seg;
        try (Arena arena = Arena.ofConfined()) {
            seg = Numa.allocateOnNode(arena, 8 * MIB + 1, 0);
            assertEquals(0, seg.address() % 4096);
            assertEquals(8 * MIB + 4096, seg.byteSize());
            for (long off = 0; off < seg.byteSize(); off += 4096) seg.set(ValueLayout.JAVA_LONG, off, off);
            for (long off = 0; off < seg.byteSize(); off += 4096) assertEquals(off, seg.get(ValueLayout.JAVA_LONG, off));
            assertTrue(ProcSelf.isMapped(seg.address()));
        }
        assertFalse(seg.scope().isAlive());
        assertFalse(ProcSelf.isMapped(seg.address()), "numa_free did not unmap the allocation");
    }

    @Test
    void allocateIsAlignedOnAnyMachine() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = Numa.allocate(arena, 10_000, 0);
            assertEquals(0, seg.address() % 4096);
            assertEquals(12_288, seg.byteSize());
            seg.fill((byte) 1);
        }
        try (Arena arena = Arena.ofConfined()) {
            assertThrows(IllegalArgumentException.class, () -> Numa.allocate(arena, 4096, Numa.maxNode() + 1));
        }
    }

    @Test
    void allocationIntoAClosedArenaDoesNotLeak() {
        assumeTrue(Numa.available(), Numa::unavailableReason);
        Arena arena = Arena.ofConfined();
        arena.close();
        assertThrows(IllegalStateException.class, () -> Numa.allocateOnNode(arena, MIB, 0));
    }
}
