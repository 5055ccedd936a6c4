package io.ascan.codegen;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Fresh names never meet the fixed names of generated code, which are a word and a column index
 * ({@code valid4}, {@code data4}, {@code dict4}): a local {@code dict4} once shadowed a rowset
 * column's dictionary flag. Nor do they meet each other, whatever their prefixes.
 */
class CodeBuilderTest {
    @Test
    void freshNamesNeverLookLikeAColumnFieldOrEachOther() {
        CodeBuilder code = new CodeBuilder();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            for (String prefix : new String[] {"dict", "valid", "data", "c", "c1", "c11", "strData", "k"}) {
                String name = code.fresh(prefix);
                assertTrue(seen.add(name), "fresh name repeated: " + name);
                assertTrue(!name.matches("[A-Za-z]+\\d*"), name + " could be a fixed name");
                for (int c = 0; c < 64; c++) assertNotEquals(prefix + c, name);
            }
        }
    }
}
