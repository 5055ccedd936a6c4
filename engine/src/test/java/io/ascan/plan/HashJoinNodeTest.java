package io.ascan.plan;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.types.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;

class HashJoinNodeTest {
    private static ValuesNode empty(DataType... types) {
        List<OutputColumn> cols = new java.util.ArrayList<>();
        for (int i = 0; i < types.length; i++) cols.add(new OutputColumn("c" + i, types[i]));
        return new ValuesNode(cols, List.of());
    }

    private static HashJoinNode join(DataType l, DataType r) {
        return new HashJoinNode(empty(l), empty(r), JoinType.INNER, new int[] {0}, new int[] {0}, null, true);
    }

    @Test
    void keysOfOneRepresentationJoin() {
        assertDoesNotThrow(() -> join(DataType.VARCHAR, DataType.VARCHAR));
        assertDoesNotThrow(() -> join(DataType.INTEGER, DataType.BIGINT));
        assertDoesNotThrow(() -> join(DataType.decimal(12, 2), DataType.decimal(15, 2)));
    }

    /** A decorrelation bug equated a VARCHAR with a BIGINT; the pipeline then did not compile (fuzz finding 16). */
    @Test
    void inconsistentKeysAreRefusedWhenPlanned() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> join(DataType.VARCHAR, DataType.BIGINT));
        assertTrue(e.getMessage().contains("equates a VARCHAR column with a BIGINT column"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> join(DataType.decimal(12, 2), DataType.decimal(18, 6)));
        assertThrows(IllegalStateException.class, () -> join(DataType.DATE, DataType.TIMESTAMP));
        assertThrows(IllegalStateException.class, () -> join(DataType.DOUBLE, DataType.BIGINT));
    }
}
