package io.ascan.planner;

import io.ascan.planner.rel.AdaptiveScan;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql2rel.RelFieldTrimmer;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mapping;
import org.apache.calcite.util.mapping.MappingType;
import org.apache.calcite.util.mapping.Mappings;

/**
 * Calcite's field trimmer, taught that an AdaptiveScan can narrow its own column list: the scan
 * delivers only the fields the plan above uses. Without it a scan under an operator that uses no
 * field ({@code COUNT(*)}) kept every column of the table, since no Project above it was left
 * to prune it. When nothing is used the scan still needs one column for its row counts: one P
 * reads anyway, else the smallest ({@link AdaptiveScan#cheapestColumn}). Public because Calcite
 * finds {@code trimFields} methods by reflection.
 */
public final class ScanFieldTrimmer extends RelFieldTrimmer {
    public ScanFieldTrimmer(RelBuilder builder) {
        super(null, builder);
    }

    /** Found by the trimmer's reflective dispatch, which picks the most specific {@code trimFields}. */
    public TrimResult trimFields(AdaptiveScan scan, ImmutableBitSet fieldsUsed, Set<RelDataTypeField> extraFields) {
        int width = scan.getRowType().getFieldCount();
        if (fieldsUsed.cardinality() == width) return result(scan, Mappings.createIdentity(width));
        List<Integer> columns = new ArrayList<>();
        Mapping mapping;
        if (fieldsUsed.isEmpty()) {
            columns.add(scan.cheapestColumn());
            mapping = Mappings.create(MappingType.INVERSE_SURJECTION, width, 1);
        } else {
            mapping = Mappings.create(MappingType.INVERSE_SURJECTION, width, fieldsUsed.cardinality());
            for (int f : fieldsUsed) {
                mapping.set(f, columns.size());
                columns.add(scan.columns().get(f));
            }
        }
        return result(scan.withColumns(columns), mapping);
    }
}
