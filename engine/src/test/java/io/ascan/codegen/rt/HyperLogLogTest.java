package io.ascan.codegen.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.testing.LeakCheck;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Estimates within three standard errors (3 * 1.04 / sqrt(4096), 4.9%) of the true distinct count, duplicates ignored, merge as union. */
class HyperLogLogTest {
    private static final double BOUND = 3 * 1.04 / Math.sqrt(HyperLogLog.REGISTERS);

    @RegisterExtension final LeakCheck memory = new LeakCheck();

    private ArrowBuf sketch() {
        ArrowBuf b = memory.allocator().buffer(HyperLogLog.BYTES);
        b.setZero(0, HyperLogLog.BYTES);
        return b;
    }

    private static long hash(long v) {
        return Hash.finish(Hash.combine(Hash.SEED, v));
    }

    @Test
    void anEmptySketchIsZeroAndSmallCountsAreNearlyExact() {
        try (ArrowBuf s = sketch()) {
            assertEquals(0, HyperLogLog.estimate(s.memoryAddress()));
            for (int i = 0; i < 100; i++) HyperLogLog.add(s.memoryAddress(), hash(i % 10));
            assertEquals(10, HyperLogLog.estimate(s.memoryAddress()));
        }
    }

    @Test
    void estimatesStayWithinThreeStandardErrors() {
        for (long n : new long[] {1_000, 10_000, 100_000, 1_000_000}) {
            try (ArrowBuf s = sketch()) {
                for (long i = 0; i < n; i++) {
                    HyperLogLog.add(s.memoryAddress(), hash(i * 7919));
                    HyperLogLog.add(s.memoryAddress(), hash(i * 7919)); // a duplicate changes nothing
                }
                double error = Math.abs(HyperLogLog.estimate(s.memoryAddress()) - n) / (double) n;
                assertTrue(error <= BOUND, n + " values: relative error " + error);
            }
        }
    }

    @Test
    void aMergeEstimatesTheUnion() {
        try (ArrowBuf a = sketch(); ArrowBuf b = sketch(); ArrowBuf both = sketch()) {
            for (long i = 0; i < 60_000; i++) {
                HyperLogLog.add((i < 40_000 ? a : b).memoryAddress(), hash(i));
                HyperLogLog.add(both.memoryAddress(), hash(i));
            }
            HyperLogLog.merge(a.memoryAddress(), b.memoryAddress());
            assertEquals(HyperLogLog.estimate(both.memoryAddress()), HyperLogLog.estimate(a.memoryAddress()));
        }
    }
}
