package io.ascan.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.testing.LeakCheck;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** How {@code ascan bench remote} decides that a remote mode answered as the local engine. */
class AnswerTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    /** One batch of (name, count, sum) rows. */
    private Answer answer(String[] names, long[] counts, double[] sums) {
        try (VarCharVector n = new VarCharVector("n", memory.allocator());
             BigIntVector c = new BigIntVector("c", memory.allocator());
             Float8Vector s = new Float8Vector("s", memory.allocator())) {
            for (int i = 0; i < names.length; i++) {
                if (names[i] == null) n.setNull(i);
                else n.setSafe(i, names[i].getBytes(StandardCharsets.UTF_8));
                c.setSafe(i, counts[i]);
                s.setSafe(i, sums[i]);
            }
            VectorSchemaRoot root = VectorSchemaRoot.of(n, c, s);
            root.setRowCount(names.length);
            Answer a = new Answer();
            a.add(root);
            return a;
        }
    }

    @Test
    void rowsInAnotherOrderAndSumsRoundedOtherwiseAreTheSameAnswer() {
        Answer local = answer(new String[] {"ASIA", "EUROPE", null}, new long[] {3, 3, 1}, new double[] {0.1 + 0.2, 1e12, 5});
        Answer remote = answer(new String[] {null, "EUROPE", "ASIA"}, new long[] {1, 3, 3}, new double[] {5, 1e12 + 1e-4, 0.3});
        assertEquals(3, local.rows());
        assertNull(local.difference(remote));
        assertNull(remote.difference(local));
    }

    @Test
    void anotherValueAMissingRowOrAWrongSumDiffer() {
        Answer local = answer(new String[] {"ASIA", "EUROPE"}, new long[] {3, 3}, new double[] {1.5, 2.5});
        assertNotNull(local.difference(answer(new String[] {"ASIA", "EUROPA"}, new long[] {3, 3}, new double[] {1.5, 2.5})));
        assertNotNull(local.difference(answer(new String[] {"ASIA", "EUROPE"}, new long[] {3, 4}, new double[] {1.5, 2.5})));
        assertTrue(local.difference(answer(new String[] {"ASIA"}, new long[] {3}, new double[] {1.5})).contains("2 rows vs 1"));
        assertNotNull(local.difference(answer(new String[] {"ASIA", "EUROPE"}, new long[] {3, 3}, new double[] {1.5, 2.5001})));
    }

    @Test
    void linkRatesParseAsTcWritesThem() {
        assertEquals(1_000_000_000L, RemoteLink.parse("1gbit").bitsPerSecond());
        assertEquals(125_000_000L, RemoteLink.parse("1GBIT").bytesPerSecond());
        assertEquals(500_000_000L, RemoteLink.parse("500mbit").bitsPerSecond());
        assertEquals(0, RemoteLink.parse("none").bitsPerSecond());
        for (String bad : List.of("fast", "1gb", "0gbit", "-1gbit")) assertThrows(IllegalArgumentException.class, () -> RemoteLink.parse(bad), bad);
    }
}
