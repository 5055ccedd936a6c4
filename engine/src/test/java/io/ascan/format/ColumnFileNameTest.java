package io.ascan.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ColumnFileNameTest {
    @Test
    void namesAreTheFormattedOnesExistingCatalogsHave() {
        // The names catalogs were written with: String.format and a regex per code point.
        for (String name : List.of("l_orderkey", "Amount", "a b", "x-1", "größe", "\uD83D\uDE00emoji", "", "_9")) {
            for (int index : new int[] {0, 7, 42, 999, 1000, 12345}) {
                String before = String.format("%03d-%s.col", index, name.replaceAll("[^a-z0-9_]", "_"));
                assertEquals(before, TableManifest.columnFileName(index, name), name + " at " + index);
            }
        }
    }
}
