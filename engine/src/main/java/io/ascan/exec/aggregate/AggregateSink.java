package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.DictionaryColumnAccess.DictionaryCode;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.StateOwner;
import io.ascan.codegen.pipeline.StateSupplier;
import io.ascan.codegen.StoreCode;
import io.ascan.codegen.pipeline.Tuple;
import io.ascan.codegen.rt.Hash;
import io.ascan.codegen.rt.Mem;
import io.ascan.exec.pipeline.Pipeline;
import io.ascan.exec.pipeline.PipelineSink;
import io.ascan.exec.QueryContext;
import io.ascan.exec.WorkerContext;
import io.ascan.exec.store.AggHashTable;
import io.ascan.exec.store.DirectGroups;
import io.ascan.exec.store.RowLayout;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.OutputColumn;
import io.ascan.types.DataType;
import java.util.Arrays;
import java.util.List;

/**
 * Hash aggregation sink. Per worker (its state: {@link GroupTables#open}), generated code finds
 * each tuple's group in the worker's own {@link AggHashTable}s, one per partition of the hash
 * space ({@link GroupProbe}; {@link RunsProbe} and {@link CodesProbe} skip the probe for tuples
 * whose group they know), and updates the group's row in place, one
 * {@link AggregateFunction} per call, in the row {@link AggregateLayout} lays out. Without GROUP
 * BY the calls run in locals ({@link NoKeyAccumulators}). At the end the global state, every
 * worker's tables, is merged per partition in parallel ({@link ParallelMerge}); on one integral
 * key, only the groups several workers may share are probed for ({@link KeyRanges}).
 * Without GROUP BY an empty input still gives one group (COUNT 0, the others NULL).
 */
public final class AggregateSink implements PipelineSink, StateOwner, AutoCloseable {
    private final AggregateNode node;
    private final AggregateLayout layout;
    private final GroupProbe probe;
    /** Global state: every worker's tables. */
    private final GroupTables tables;
    /** Per-worker state: the worker's tables, one per partition. */
    private final StateSupplier local;
    /** The rowsets' key ranges, for a merge that probes only for keys several workers may have; null if not one integral key. */
    private final KeyRanges ranges;
    /** Per-worker state: the worker's {@link KeyRanges.Recorder}. */
    private final StateSupplier recorders;
    /** Per-worker state: the worker's {@link DirectGroups} (null in a query whose limits rule it out); null if no key range suits. */
    private final StateSupplier directs;
    /** The merged direct-address groups (after {@link #finish}), or null. */
    private DirectGroups mergedDirect;
    /** The merged groups' rows (after {@link #finish}). */
    private long[] groups;

    public AggregateSink(AggregateNode node) {
        this.node = node;
        this.layout = new AggregateLayout(node);
        this.probe = new GroupProbe(layout, node.groupKeys(), node.hashedKeys());
        this.tables = new GroupTables(layout.rows, node.expectedGroups(), node.keyMin(), node.keySpan());
        this.local = w -> tables.open(w.query());
        this.ranges = KeyRanges.of(layout.rows, layout.keys);
        this.recorders = w -> ranges.open();
        this.directs = directAddressable(node, layout) ? w -> tables.openDirect(w.query()) : null;
    }

    /**
     * Whether the groups may take a direct-address table: one INTEGER, BIGINT or DATE key with a
     * range from statistics that suits the estimate at all (the memory limit is checked per query).
     */
    static boolean directAddressable(AggregateNode node, AggregateLayout layout) {
        if (layout.keys != 1 || node.keySpan() <= 0) return false;
        return switch (layout.rows.types().getFirst().kind()) {
            case INTEGER, BIGINT, DATE -> DirectGroups.suits(node.keySpan(), node.expectedGroups(), 1, Long.MAX_VALUE);
            default -> false;
        };
    }

    public RowLayout layout() {
        return layout.rows;
    }

    @Override
    public void consume(Tuple in, PipelineCodegen gen) {
        CodeBuilder code = gen.code;
        String partitions = gen.state(GroupProbe.TABLE + "[]", local);
        if (gen.once("mergeRow")) MergeCode.emit(gen, layout, probe);
        PipelineCodegen.SourceLoop loop = gen.loop();
        if (layout.keys == 0 && loop != null) {
            new NoKeyAccumulators(gen, loop, partitions, layout, probe).consume(in);
            return;
        }
        boolean copies = layout.copiesStrings(); // the lookups that skip the probe keep no table for the store
        // every lookup of a key in range must go to the direct-address groups: no dictionary codes then
        List<DictionaryCode> codes = loop == null || copies || directs != null ? null
                : CodesProbe.dictionaryKeys(node.groupKeys(), in, code);
        String recorder = ranges == null ? null : gen.state(KeyRanges.Recorder.class.getCanonicalName(), recorders);
        GroupProbe.DirectKey direct = directs == null ? null
                : new GroupProbe.DirectKey(gen.state(DirectGroups.class.getName(), directs), node.keyMin(), node.keySpan());
        String r, store = null;
        if (codes == null && loop != null && !copies && layout.fixedWidthKeys()) {
            r = RunsProbe.lookup(probe, node.groupKeys(), in, gen, partitions, loop, recorder, direct);
        } else if (direct != null && codes == null) {
            List<ValueCode> keys = List.of(in.read(node.groupKeys()[0], code));
            GroupProbe.Found found = probe.lookup(keys, gen, partitions, direct);
            r = found.row();
            store = found.store();
            if (recorder != null) code.line(recorder + ".unrecorded(); // these lookups record no key ranges: the full merge");
        } else {
            if (recorder != null) code.line(recorder + ".unrecorded(); // these lookups record no key ranges: the full merge");
            if (codes == null) {
                GroupProbe.Found found = probe.lookup(in, gen, partitions);
                r = found.row();
                store = found.store();
            } else {
                r = CodesProbe.lookup(probe, in, gen, partitions, loop, codes);
            }
        }
        AggregateLayout.Arguments args = layout.readArguments(in, code);
        for (int j = 0; j < args.first().length; j++) layout.functions.get(j).update(gen, r, args.first()[j], args.second()[j], store);
        if (layout.ownTupleCount) Accumulators.increment(code, r + " + " + layout.rows.valueOffset(layout.tuples) + "L", "1L");
    }

    @Override
    public void finish(Pipeline last, QueryContext query) throws Exception {
        // No worker ran (e.g. a scan with every slice pruned): empty tables.
        if (tables.isEmpty()) local.get(new WorkerContext(query, 0, null));
        KeyRanges.Shared shared = ranges == null ? null : ranges.shared(tables.all().size());
        AggHashTable[] results = ParallelMerge.run(tables, last.instances(), query, describe(), shared);
        mergedDirect = ParallelMerge.runDirect(tables, last.instances(), query, describe());
        long n = 0;
        for (AggHashTable t : results) n += t.groupCount();
        long hashed = n;
        if (mergedDirect != null) n += mergedDirect.groupCount();
        if (directs != null) {
            String how = mergedDirect == null ? "hash tables (the key range does not suit this query's limits)"
                    : "direct-address groups, " + node.keySpan() + " slots from key " + node.keyMin() + ", " + (n - hashed)
                    + " groups, " + hashed + " by hash";
            String stat = describe() + ": " + how;
            query.addStatistics(() -> stat);
        }
        if (layout.keys == 0 && n == 0) {
            AggHashTable first = results[0];
            long h = Hash.finish(Hash.SEED);
            long row = first.insert(h, h & first.mask());
            long[] words = layout.initialNullWords();
            for (int w = 0; w < words.length; w++) Mem.putLong(row + 16 + 8L * w, words[w]);
            n = 1;
        }
        long[] rows = new long[Math.toIntExact(n)];
        int[] i = {0};
        for (AggHashTable t : results) t.forEachGroup(row -> rows[i[0]++] = row);
        if (mergedDirect != null) mergedDirect.forEachGroup(row -> rows[i[0]++] = row);
        groups = rows;
    }

    /** Addresses of the merged groups (after {@link #finish}). */
    public long[] groups() {
        return groups;
    }

    /** The aggregation's output tuple over the group row in field {@code row}: keys, then each call's final value. */
    public Tuple output(String row) {
        List<DataType> types = node.output().stream().map(OutputColumn::type).toList();
        return new Tuple(types, (c, code) -> c < layout.keys ? StoreCode.read(code, row, layout.rows, c)
                : layout.functions.get(c - layout.keys).output(code, row));
    }

    @Override
    public String describe() {
        StringBuilder sb = new StringBuilder("HashAggregate(keys ").append(Arrays.toString(node.groupKeys())).append(", ");
        if (node.hashedKeys().length > 0) sb.append("hashing keys ").append(Arrays.toString(node.hashedKeys())).append(", ");
        if (directs != null) sb.append("direct keys from ").append(node.keyMin()).append(", ");
        for (int j = 0; j < node.calls().size(); j++) {
            AggregateNode.Call c = node.calls().get(j);
            sb.append(j > 0 ? ", " : "").append(c.function()).append('(').append(c.arg() < 0 ? "*" : "$" + c.arg())
                    .append(c.arg2() < 0 ? "" : ", $" + c.arg2()).append(')');
        }
        return sb.append(')').toString();
    }

    @Override
    public void close() {
        tables.close();
    }

    @Override
    public List<StateSupplier> stateSuppliers() {
        // in the order consume registers them: the tables, then the key ranges' recorder (one integral key only),
        // then the direct-address groups (a key range that suits)
        List<StateSupplier> all = new java.util.ArrayList<>(List.of(local));
        if (ranges != null) all.add(recorders);
        if (directs != null) all.add(directs);
        return all;
    }
}
