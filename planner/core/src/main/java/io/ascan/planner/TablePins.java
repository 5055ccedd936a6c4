package io.ascan.planner;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.exchange.FileSource;
import io.ascan.format.VersionLocks;
import io.ascan.planner.rel.AdaptiveScan;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelVisitor;

/**
 * The table versions a plan reads, pinned for one execution: their files stay until the
 * execution's result is closed, whatever writers publish meanwhile (see {@link VersionLocks}).
 */
final class TablePins implements AutoCloseable {
    private final List<Table> tables;
    private final List<VersionLocks.Hold> holds;

    private TablePins(List<Table> tables, List<VersionLocks.Hold> holds) {
        this.tables = tables;
        this.holds = holds;
    }

    /** The distinct table versions the AdaptiveScans of {@code plan} read. */
    static List<Table> tables(RelNode plan) {
        Map<java.nio.file.Path, Table> out = new LinkedHashMap<>();
        new RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                if (node instanceof AdaptiveScan s) out.putIfAbsent(s.ascanTable().table().dir(), s.ascanTable().table());
                super.visit(node, ordinal, parent);
            }
        }.go(plan);
        return List.copyOf(out.values());
    }

    /** Pins every version of {@code tables}; null when one of them was removed (the plan must be made again). */
    static TablePins pin(List<Table> tables) throws IOException {
        List<VersionLocks.Hold> holds = new ArrayList<>(tables.size());
        try {
            for (Table t : tables) {
                VersionLocks.Hold h = Catalog.pin(t);
                if (h == null) {
                    holds.forEach(VersionLocks.Hold::close);
                    return null;
                }
                holds.add(h);
            }
        } catch (IOException | RuntimeException e) {
            holds.forEach(VersionLocks.Hold::close);
            throw e;
        }
        return new TablePins(tables, holds);
    }

    /**
     * Whether every pinned version is still its table's current one (asked of the table's own
     * directory: a file read in place lives in the file cache, not the catalog), and every file
     * read in place is unchanged.
     */
    boolean current(List<FileSource> sources) throws IOException {
        for (Table t : tables) if (!t.version().equals(Catalog.currentVersion(t))) return false;
        for (FileSource s : sources) if (!s.current()) return false;
        return true;
    }

    /** The files read in place that the AdaptiveScans of {@code plan} were imported from. */
    static List<FileSource> sources(RelNode plan) {
        java.util.Set<FileSource> out = new java.util.LinkedHashSet<>();
        new RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                if (node instanceof AdaptiveScan s && s.ascanTable().source() != null) out.add(s.ascanTable().source());
                super.visit(node, ordinal, parent);
            }
        }.go(plan);
        return List.copyOf(out);
    }

    @Override
    public void close() {
        holds.forEach(VersionLocks.Hold::close);
    }
}
