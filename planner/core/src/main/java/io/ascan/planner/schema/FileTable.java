package io.ascan.planner.schema;

import io.ascan.codegen.rt.SqlException;
import io.ascan.exec.SqlStates;
import io.ascan.exchange.FileSource;
import io.ascan.planner.rel.AdaptiveScan;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.prepare.RelOptTableImpl;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalUnion;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;

/**
 * A file or glob read in place ({@code read_parquet}, {@code read_csv}, {@code read_arrow}):
 * one cached table per file ({@link io.ascan.exchange.FileTableCache}), scanned by an
 * {@link AdaptiveScan} each; the files of a glob are their UNION ALL, in path order. Files
 * of a glob have the same columns by position, named as in the first; a column whose type
 * differs between files (a CSV inferred INTEGER in one and DOUBLE in another) is cast to
 * the type that holds both.
 */
final class FileTable extends AbstractTable implements TranslatableTable {
    private final List<AscanTable> files;

    FileTable(List<AscanTable> files) {
        this.files = List.copyOf(files);
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        RelDataType first = files.getFirst().getRowType(typeFactory);
        RelDataTypeFactory.Builder b = typeFactory.builder();
        for (int c = 0; c < first.getFieldCount(); c++) {
            List<RelDataType> types = new ArrayList<>();
            for (AscanTable f : files) {
                RelDataType row = f.getRowType(typeFactory);
                if (row.getFieldCount() != first.getFieldCount()) {
                    throw mismatch(f, "has " + row.getFieldCount() + " columns, " + name(files.getFirst()) + " has "
                            + first.getFieldCount());
                }
                RelDataTypeField field = row.getFieldList().get(c);
                if (!field.getName().equals(first.getFieldList().get(c).getName())) {
                    throw mismatch(f, "names column " + (c + 1) + " '" + field.getName() + "', "
                            + name(files.getFirst()) + " names it '" + first.getFieldList().get(c).getName() + "'");
                }
                types.add(field.getType());
            }
            RelDataType common = typeFactory.leastRestrictive(types);
            if (common == null) {
                throw new SqlException(SqlStates.DATATYPE_MISMATCH, "the files of '" + files.getFirst().source().pattern()
                        + "' have incompatible types for column '" + first.getFieldList().get(c).getName() + "': " + types);
            }
            b.add(first.getFieldList().get(c).getName(), common);
        }
        return b.build();
    }

    private static String name(AscanTable t) {
        return t.source().files().getFirst().path().toString();
    }

    private SqlException mismatch(AscanTable f, String what) {
        return new SqlException(SqlStates.DATATYPE_MISMATCH, "the files of '" + f.source().pattern()
                + "' differ: " + name(f) + " " + what);
    }

    @Override
    public Statistic getStatistic() {
        long rows = 0;
        for (AscanTable f : files) rows += f.table().rowCount();
        return Statistics.of(rows, List.of());
    }

    @Override
    public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
        RexBuilder rex = context.getCluster().getRexBuilder();
        RelDataType rowType = relOptTable.getRowType();
        List<RelNode> inputs = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            AscanTable f = files.get(i);
            RelDataType fileType = f.getRowType(rex.getTypeFactory());
            // Named by function and file: plans tell the files apart, and the planner never takes one for another.
            RelOptTable t = RelOptTableImpl.create(relOptTable.getRelOptSchema(), fileType, f,
                    com.google.common.collect.ImmutableList.of(relOptTable.getQualifiedName().getLast(),
                            f.source().files().get(i).path().toString()));
            RelNode scan = AdaptiveScan.create(context.getCluster(), t, f);
            if (!fileType.equals(rowType)) {
                List<RexNode> casts = new ArrayList<>();
                for (RelDataTypeField field : rowType.getFieldList()) {
                    casts.add(rex.makeCast(field.getType(), rex.makeInputRef(scan, field.getIndex())));
                }
                scan = LogicalProject.create(scan, List.of(), casts, rowType, java.util.Set.of());
            }
            inputs.add(scan);
        }
        return inputs.size() == 1 ? inputs.getFirst() : LogicalUnion.create(inputs, true);
    }
}
