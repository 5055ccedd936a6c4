package io.ascan.scan.adaptive;

import io.ascan.scan.ScanMode;
import io.ascan.scan.ScanReport;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.format.SliceMeta;
import io.ascan.scan.policy.ModePolicy;
import io.ascan.scan.policy.ScanContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The scheduler on scripted policies, with test threads in place of materializer workers. */
@Timeout(30)
class SchedulerTest {
    static List<SliceMeta> slices(int n) {
        List<SliceMeta> s = new ArrayList<>();
        for (int i = 0; i < n; i++) s.add(new SliceMeta(i, 100L * i, 100, List.of()));
        return s;
    }

    /** Chooses modes from a script; notes "why i" on every slice whose ordinal is a multiple of 10. */
    static final class Scripted implements ModePolicy {
        final List<ScanMode> script;

        Scripted(List<ScanMode> script) {
            this.script = script;
        }

        @Override
        public ScanMode selectMode(ScanContext ctx) {
            long i = ctx.assignedSlices();
            if (i % 10 == 0) ctx.note("why " + i);
            return script.get((int) i);
        }

        @Override
        public String name() {
            return "scripted";
        }
    }

    record Taken(ScanMode mode, long ordinal, int slice, long epoch) {}

    static final class Harness {
        final Map<ScanMode, InputQueue> inputs = new EnumMap<>(ScanMode.class);
        final ThroughputTracker tracker;
        final ScanFigures figures = new ScanFigures();
        final List<Taken> taken = new CopyOnWriteArrayList<>();
        final List<Thread> workers = new ArrayList<>();

        Harness(int capacity) {
            Map<ScanMode, Integer> n = new EnumMap<>(ScanMode.class);
            for (ScanMode m : ScanMode.values()) {
                inputs.put(m, new InputQueue(m, capacity));
                n.put(m, 1);
            }
            tracker = new ThroughputTracker(n, 2, 4, 0.2);
        }

        void startWorkers() {
            for (ScanMode m : ScanMode.values()) {
                workers.add(Thread.ofPlatform().start(() -> {
                    try {
                        for (SliceAssignment a; (a = inputs.get(m).take()) != null; ) {
                            taken.add(new Taken(a.mode(), a.ordinal(), a.slice().index(), a.epoch()));
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }));
            }
        }

        void join() throws InterruptedException {
            for (Thread t : workers) t.join();
        }
    }

    @Test
    void everySliceIsAssignedOnceToThePolicysModeAndSwitchesCarryTheirReasons() throws Exception {
        int n = 60;
        List<ScanMode> script = new ArrayList<>();
        for (int i = 0; i < n; i++) script.add(i < 20 ? ScanMode.DIRECT : i < 35 ? ScanMode.PUSHDOWN : i < 50 ? ScanMode.DIRECT : ScanMode.STAGING);
        Harness h = new Harness(2);
        h.startWorkers();
        Scheduler s = new Scheduler(slices(n), List.of(ScanMode.values()), new Scripted(script), h.inputs, h.tracker, h.figures);
        s.run();
        h.join();

        assertEquals(n, h.taken.size());
        List<Integer> seen = new ArrayList<>();
        for (Taken t : h.taken) {
            seen.add(t.slice());
            assertEquals(script.get(t.slice()), t.mode(), "slice " + t.slice());
            assertEquals(t.slice(), t.ordinal());
        }
        Collections.sort(seen);
        for (int i = 0; i < n; i++) assertEquals(i, seen.get(i), "each slice exactly once");
        // Slices of one activation share its epoch; direct's second activation has a new one.
        long firstDirect = h.taken.stream().filter(t -> t.slice() == 0).findFirst().orElseThrow().epoch();
        long secondDirect = h.taken.stream().filter(t -> t.slice() == 35).findFirst().orElseThrow().epoch();
        assertTrue(secondDirect > firstDirect);
        assertEquals(firstDirect, h.taken.stream().filter(t -> t.slice() == 19).findFirst().orElseThrow().epoch());

        ScanReport r = h.figures.report("t", n, List.of(), null, null, null);
        assertEquals(List.of(0L, 20L, 35L, 50L), r.switches().stream().map(ScanReport.Switch::slice).toList());
        assertEquals("why 0", r.switches().get(0).reason());
        assertEquals("why 20", r.switches().get(1).reason());
        assertEquals("chosen by the scripted policy", r.switches().get(2).reason(), "no note at slice 35");
        assertNull(r.switches().get(0).from());
        assertEquals(ScanMode.DIRECT, r.switches().get(3).from());
        assertEquals(ScanMode.STAGING, r.switches().get(3).to());
        assertEquals(n, r.timeline().size());
        for (ScanReport.Assignment a : r.timeline()) assertEquals(script.get((int) a.slice()), a.mode());
        assertEquals(List.of(0L, 10L, 20L, 30L, 40L, 50L), r.notes().stream().map(ScanReport.Note::slice).toList());
    }

    @Test
    void aFullInputQueueBlocksTheScheduler() throws Exception {
        Harness h = new Harness(3);
        List<ScanMode> script = Collections.nCopies(10, ScanMode.STAGING);
        Scheduler s = new Scheduler(slices(10), List.of(ScanMode.values()), new Scripted(script), h.inputs, h.tracker, h.figures);
        Thread t = Thread.ofPlatform().start(() -> {
            try {
                s.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        while (t.getState() != Thread.State.WAITING) Thread.sleep(5);
        assertEquals(3, s.assignedSlices(), "three slices queued, the fourth waits for room");
        assertTrue(h.inputs.get(ScanMode.STAGING).full());
        assertTrue(s.inputQueueFull(ScanMode.STAGING));
        assertTrue(!s.inputQueueFull(ScanMode.DIRECT));
        h.startWorkers();
        t.join();
        h.join();
        assertEquals(10, h.taken.size());
    }

    @Test
    void aPolicyChoosingAModeTheScanDoesNotRunFailsAndClosesTheQueues() throws Exception {
        Harness h = new Harness(1);
        Map<ScanMode, InputQueue> direct = new EnumMap<>(ScanMode.class);
        direct.put(ScanMode.DIRECT, h.inputs.get(ScanMode.DIRECT));
        Scheduler s = new Scheduler(slices(3), List.of(ScanMode.DIRECT), new Scripted(List.of(ScanMode.PUSHDOWN, ScanMode.DIRECT,
                ScanMode.DIRECT)), direct, h.tracker, h.figures);
        IllegalStateException e = assertThrows(IllegalStateException.class, s::run);
        assertTrue(e.getMessage().contains("chose pushdown"), e.getMessage());
        assertNull(h.inputs.get(ScanMode.DIRECT).take(), "closed: a worker would stop");
    }
}
