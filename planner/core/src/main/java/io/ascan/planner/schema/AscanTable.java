package io.ascan.planner.schema;

import io.ascan.catalog.Table;
import io.ascan.exchange.FileSource;
import io.ascan.format.ColumnSpec;
import io.ascan.planner.rel.AdaptiveScan;
import io.ascan.planner.stats.ColumnStats;
import io.ascan.planner.stats.StringSample;
import java.util.List;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;

/**
 * A catalog table as Calcite sees it: the row type from the manifest's schema, the manifest's
 * exact row count as statistic, and an {@link AdaptiveScan} of all columns as its relational
 * form, so every plan leaf is an AdaptiveScan from the start. {@code version} is the manifest's
 * version when it was read (or earlier: see {@link AscanSchema}), which plans made from the
 * table depend on.
 */
public final class AscanTable extends AbstractTable implements TranslatableTable {
    private final Table table;
    private final ManifestVersion version;
    private final ColumnStats[] stats;
    /** Per column: its string sample once read, {@link #NO_SAMPLE} when there is none. */
    private final Object[] samples;
    private static final Object NO_SAMPLE = new Object();
    private final List<String> columnNames;
    private final FileSource source;

    public AscanTable(Table table, ManifestVersion version) {
        this(table, version, null);
    }

    /** A table imported from files read in place ({@code source}), or a catalog table ({@code source} null). */
    public AscanTable(Table table, ManifestVersion version, FileSource source) {
        this.table = table;
        this.source = source;
        this.version = version;
        this.stats = new ColumnStats[table.schema().size()];
        this.samples = new Object[table.schema().size()];
        this.columnNames = table.manifest().columns().stream().map(ColumnSpec::name).toList();
    }

    /** The column names, in table order. */
    public List<String> columnNames() {
        return columnNames;
    }

    /** The files this table was imported from, when it is a file read in place; else null. */
    public FileSource source() {
        return source;
    }

    public ManifestVersion version() {
        return version;
    }

    /** Statistics of a column from the manifest's zone maps, computed on first use. */
    public synchronized ColumnStats stats(int column) {
        if (stats[column] == null) stats[column] = ColumnStats.of(table, column);
        return stats[column];
    }

    /** Values of a VARCHAR column for LIKE estimates, read on first use; null when there are none. */
    public synchronized StringSample sample(int column) {
        if (samples[column] == null) {
            StringSample s = StringSample.read(table, column);
            samples[column] = s == null ? NO_SAMPLE : s;
        }
        return samples[column] instanceof StringSample s ? s : null;
    }

    /** The engine's table: manifest, slices with zone maps, column files. */
    public Table table() {
        return table;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        RelDataTypeFactory.Builder b = typeFactory.builder();
        for (ColumnSpec c : table.schema().columns()) b.add(c.name(), TypeMapping.toSql(c.type(), typeFactory));
        return b.build();
    }

    @Override
    public Statistic getStatistic() {
        return Statistics.of(table.rowCount(), List.of());
    }

    @Override
    public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
        return AdaptiveScan.create(context.getCluster(), relOptTable, this);
    }
}
