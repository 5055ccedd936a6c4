package io.ascan.exec.operator;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.StateOwner;
import io.ascan.codegen.pipeline.StateSupplier;
import io.ascan.codegen.StoreCode;
import io.ascan.codegen.pipeline.Tuple;
import io.ascan.codegen.rt.PipelineCode;
import io.ascan.exec.pipeline.Pipeline;
import io.ascan.exec.pipeline.PipelineSink;
import io.ascan.exec.QueryContext;
import io.ascan.exec.store.RowLayout;
import io.ascan.exec.store.TupleStore;
import io.ascan.plan.OutputColumn;
import io.ascan.plan.SortNode;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.List;

/**
 * Sort sink: workers append whole tuples to their own store; at the end the row addresses are
 * ordered by a generated comparator ({@code compareRows}: keys in order, ASC/DESC, NULLS
 * FIRST/LAST, strings by code point). With a fetch (top-k) each worker keeps only its first
 * offset + fetch rows as it goes ({@link TopKRows}); at the end the first offset + fetch of all
 * are selected through a bounded heap, then sorted.
 */
public final class SortSink implements PipelineSink, StateOwner, AutoCloseable {
    private final SortNode node;
    private final List<DataType> types;
    private final RowLayout layout;
    private final List<TupleStore> locals = new ArrayList<>();
    private final List<TopKRows> topLocals = new ArrayList<>();
    private final StateSupplier local;
    private long[] sorted = new long[0];
    private boolean registered;

    public SortSink(SortNode node) {
        this.node = node;
        this.types = node.input().output().stream().map(OutputColumn::type).toList();
        this.layout = new RowLayout(types);
        this.local = w -> {
            synchronized (this) {
                if (!registered) {
                    registered = true;
                    w.query().defer(this);
                }
                if (topK()) {
                    TopKRows t = new TopKRows(layout, w.query().allocator(), Math.toIntExact(node.offset() + node.fetch()));
                    topLocals.add(t);
                    return t;
                }
                TupleStore s = new TupleStore(layout, w.query().allocator(), "sort");
                locals.add(s);
                return s;
            }
        };
    }

    @Override
    public void consume(Tuple in, PipelineCodegen gen) {
        CodeBuilder code = gen.code;
        String store = gen.state(topK() ? TopKRows.class.getName() : TupleStore.class.getName(), local);
        if (gen.once("compareRows")) comparator(gen);
        String r = code.fresh("sorted");
        code.line("long " + r + " = " + store + ".appendRow();");
        for (int c = 0; c < types.size(); c++) StoreCode.write(code, r, layout, c, in.read(c, code), store);
        if (topK()) code.line(store + ".added(this);");
    }

    /** ORDER BY with a fetch: each worker keeps only its first offset + fetch rows (bounded memory). */
    private boolean topK() {
        return node.fetch() >= 0 && node.offset() + node.fetch() <= Integer.MAX_VALUE / 4;
    }

    private void comparator(PipelineCodegen gen) {
        RowComparatorCode.member(gen.code, "compareRows", code -> RowComparatorCode.compare(code, layout, node.keys(), null), "0");
    }

    @Override
    public synchronized void finish(Pipeline last, QueryContext query) {
        List<TupleStore> stores = new ArrayList<>(locals);
        for (TopKRows t : topLocals) stores.add(t.store());
        long n = 0;
        for (TupleStore s : stores) n += s.rowCount();
        long[] rows = new long[Math.toIntExact(n)];
        int[] i = {0};
        for (TupleStore s : stores) s.forEachRow(r -> rows[i[0]++] = r);
        if (rows.length == 0) return;
        PipelineCode cmp = last.instances().getFirst().code();
        long from = Math.min(node.offset(), rows.length);
        long to = node.fetch() < 0 ? rows.length : Math.min(rows.length, from + node.fetch());
        long[] ordered = to < rows.length ? RowSort.topK(rows, (int) to, cmp) : RowSort.sort(rows, cmp);
        sorted = java.util.Arrays.copyOfRange(ordered, (int) from, (int) to);
    }

    /** Row addresses in order, after offset and fetch. */
    public long[] rows() {
        return sorted;
    }

    public Tuple tuple(String row) {
        return new Tuple(types, (c, code) -> StoreCode.read(code, row, layout, c));
    }

    @Override
    public String describe() {
        StringBuilder sb = new StringBuilder(node.fetch() >= 0 ? "TopK(" : "Sort(");
        for (int i = 0; i < node.keys().size(); i++) {
            SortNode.Key k = node.keys().get(i);
            sb.append(i > 0 ? ", " : "").append('$').append(k.column()).append(k.descending() ? " DESC" : "")
                    .append(k.nullsFirst() ? " NULLS FIRST" : " NULLS LAST");
        }
        if (node.fetch() >= 0) sb.append(", offset ").append(node.offset()).append(", fetch ").append(node.fetch());
        return sb.append(')').toString();
    }

    @Override
    public synchronized void close() {
        for (TupleStore s : locals) s.close();
        for (TopKRows t : topLocals) t.close();
        locals.clear();
        topLocals.clear();
    }

    @Override
    public List<StateSupplier> stateSuppliers() {
        return List.of(local);
    }
}
