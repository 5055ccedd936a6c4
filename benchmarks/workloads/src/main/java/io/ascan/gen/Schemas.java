package io.ascan.gen;

import io.ascan.format.ColumnSpec;
import io.ascan.format.TableSchema;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.List;

/** Compact schema notation for the generators: alternating column names and types. */
final class Schemas {
    private Schemas() {}

    static TableSchema of(Object... nameTypePairs) {
        List<ColumnSpec> cols = new ArrayList<>(nameTypePairs.length / 2);
        for (int i = 0; i < nameTypePairs.length; i += 2) {
            cols.add(ColumnSpec.of((String) nameTypePairs[i], (DataType) nameTypePairs[i + 1]));
        }
        return new TableSchema(cols);
    }
}
