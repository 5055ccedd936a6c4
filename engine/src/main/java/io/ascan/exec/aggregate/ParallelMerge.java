package io.ascan.exec.aggregate;

import io.ascan.codegen.pipeline.PipelineCompiler;
import io.ascan.codegen.rt.PipelineCode;
import io.ascan.exec.QueryContext;
import io.ascan.exec.Workers;
import io.ascan.exec.store.AggHashTable;
import io.ascan.exec.store.DirectGroups;
import java.util.List;

/**
 * The merge of the workers' tables, partition by partition in parallel and with no locks (a
 * group's partition is the same in every worker), through the pipeline's generated
 * {@code mergeRow} ({@link MergeCode}).
 */
final class ParallelMerge {
    private ParallelMerge() {}

    /** Each partition's merged table. */
    static AggHashTable[] run(GroupTables state, List<PipelineCompiler.Instance> instances, QueryContext query, String what,
                              KeyRanges.Shared shared) throws Exception {
        List<AggHashTable[]> tables = state.all();
        int partitions = tables.getFirst().length;
        AggHashTable[] results = new AggHashTable[partitions];
        if (tables.size() == 1) {
            System.arraycopy(tables.getFirst(), 0, results, 0, partitions);
            return results;
        }
        if (!anyShared(tables, partitions)) {
            // No partition has groups in two tables (q11's groups all went to direct-address
            // slots): each result is a table as it stands, not worth waking merge threads for.
            PipelineCode code = instances.getFirst().code();
            for (int p = 0; p < partitions; p++) results[p] = mergePartition(state, tables, p, code, shared);
            return results;
        }
        int threads = Math.min(partitions, query.options().computeThreads());
        Workers.run(query, "agg-merge", threads, w -> "merge of " + what, w -> {
            for (int p = w; p < partitions; p += threads) {
                results[p] = mergePartition(state, tables, p, instances.get(w % instances.size()).code(), shared);
            }
        });
        return results;
    }

    /** Whether some partition has groups in more than one worker's table. */
    private static boolean anyShared(List<AggHashTable[]> tables, int partitions) {
        for (int p = 0; p < partitions; p++) {
            int filled = 0;
            for (AggHashTable[] t : tables) if (t[p].groupCount() > 0 && ++filled > 1) return true;
        }
        return false;
    }

    /**
     * The workers' direct-address groups merged into the first's, chunk by chunk in parallel (a
     * chunk of slots is written by one thread); null if there are none. A chunk only one worker
     * allocated is taken whole (input clustered by the key); otherwise slot by slot, through the
     * pipeline's generated {@code combineRow} where two workers have the group.
     */
    static DirectGroups runDirect(GroupTables state, List<PipelineCompiler.Instance> instances, QueryContext query, String what)
            throws Exception {
        List<DirectGroups> all = state.directs();
        if (all.isEmpty()) return null;
        DirectGroups into = all.getFirst();
        if (all.size() == 1) return into;
        int chunks = into.chunkCount();
        int threads = Math.max(1, Math.min(chunks, query.options().computeThreads()));
        Workers.run(query, "agg-merge", threads, w -> "merge of " + what, w -> {
            PipelineCode code = instances.get(w % instances.size()).code();
            for (int c = w; c < chunks; c += threads) {
                for (int o = 1; o < all.size(); o++) into.merge(all.get(o), c, code::combineRow);
            }
        });
        for (int o = 1; o < all.size(); o++) state.closeSlots(all.get(o));
        return into;
    }

    /**
     * Folds partition p of every worker into the worker's table p with the most groups (the
     * fewest inserts), grown once to hold them all: a group it lacks adopts the other table's
     * row (no copy), so the other tables keep their rows until the state is closed and free only
     * their slot arrays here. With {@code shared} (the keys several tables may have, from
     * {@link KeyRanges}), a group with none of them is in no other table: it is listed, not probed
     * for, and the table is not grown for it.
     */
    private static AggHashTable mergePartition(GroupTables state, List<AggHashTable[]> tables, int p, PipelineCode merger,
                                               KeyRanges.Shared shared) {
        int target = 0;
        long total = 0;
        for (int w = 0; w < tables.size(); w++) {
            total += tables.get(w)[p].groupCount();
            if (tables.get(w)[p].groupCount() > tables.get(target)[p].groupCount()) target = w;
        }
        AggHashTable into = tables.get(target)[p];
        if (shared == null) into.reserve(total);
        for (int w = 0; w < tables.size(); w++) {
            if (w == target) continue;
            AggHashTable other = tables.get(w)[p];
            other.forEachGroup(row -> {
                if (shared == null || shared.mayShare(row)) merger.mergeRow(row, into);
                else into.list(row);
            });
            state.closeSlots(other);
        }
        return into;
    }
}
