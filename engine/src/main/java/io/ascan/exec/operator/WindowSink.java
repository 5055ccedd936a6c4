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
import io.ascan.exec.Workers;
import io.ascan.exec.store.RowLayout;
import io.ascan.exec.store.TupleStore;
import io.ascan.exec.window.WindowEvaluator;
import io.ascan.plan.OutputColumn;
import io.ascan.plan.SortNode;
import io.ascan.plan.WindowNode;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Window sink: workers append whole tuples to their own store, each row with room for the window
 * functions' results after its columns. At the end the row addresses are sorted by partition keys,
 * then order keys (the generated {@code compareRows}), the generated {@code windowBreak} marks
 * partition and peer boundaries, and the {@link WindowEvaluator} writes every function's result
 * into the rows, partitions spread over the compute threads. The rows then feed the next pipeline
 * in no particular order. Rows and results live in the query's allocator ({@code query.memory}).
 */
public final class WindowSink implements PipelineSink, StateOwner, AutoCloseable {
    /** Rows per task when partitions are handed to the compute threads. */
    private static final int TASK_ROWS = 1 << 16;

    private final WindowNode node;
    private final List<DataType> inputTypes;
    private final RowLayout layout;
    private final List<TupleStore> locals = new ArrayList<>();
    private final StateSupplier local;
    private long[] rows = new long[0];
    private boolean registered;

    public WindowSink(WindowNode node) {
        this.node = node;
        this.inputTypes = node.input().output().stream().map(OutputColumn::type).toList();
        this.layout = new RowLayout(node.output().stream().map(OutputColumn::type).toList());
        this.local = w -> {
            synchronized (this) {
                if (!registered) {
                    registered = true;
                    w.query().defer(this);
                }
                TupleStore s = new TupleStore(layout, w.query().allocator(), "window");
                locals.add(s);
                return s;
            }
        };
    }

    @Override
    public void consume(Tuple in, PipelineCodegen gen) {
        CodeBuilder code = gen.code;
        String store = gen.state(TupleStore.class.getName(), local);
        if (gen.once("compareRows")) {
            List<SortNode.Key> sortKeys = sortKeys();
            RowComparatorCode.member(code, "compareRows", c -> RowComparatorCode.compare(c, layout, sortKeys, null), "0");
            List<SortNode.Key> partition = sortKeys.subList(0, node.partitionKeys().length);
            RowComparatorCode.member(code, "windowBreak", c -> {
                RowComparatorCode.compare(c, layout, partition, "2");
                RowComparatorCode.compare(c, layout, node.orderKeys(), "1");
            }, "0");
        }
        String r = code.fresh("windowRow");
        code.line("long " + r + " = " + store + ".appendRow();");
        for (int c = 0; c < inputTypes.size(); c++) StoreCode.write(code, r, layout, c, in.read(c, code), store);
    }

    /** Partition keys (in any fixed order: ascending, NULLs first), then the order keys. */
    private List<SortNode.Key> sortKeys() {
        List<SortNode.Key> keys = new ArrayList<>();
        for (int k : node.partitionKeys()) keys.add(new SortNode.Key(k, false, true));
        keys.addAll(node.orderKeys());
        return keys;
    }

    @Override
    public synchronized void finish(Pipeline last, QueryContext query) throws Exception {
        long n = 0;
        for (TupleStore s : locals) n += s.rowCount();
        if (n > Integer.MAX_VALUE - 8) throw new IllegalStateException("a window over more than 2^31 rows");
        long[] all = new long[(int) n];
        int[] i = {0};
        for (TupleStore s : locals) s.forEachRow(r -> all[i[0]++] = r);
        if (all.length == 0) return;
        PipelineCode code = last.instances().getFirst().code();
        if (!sortKeys().isEmpty()) RowSort.sort(all, code);
        byte[] breaks = new byte[all.length];
        for (int j = 1; j < all.length; j++) breaks[j] = (byte) code.windowBreak(all[j - 1], all[j]);
        evaluate(all, breaks, query);
        rows = all;
    }

    /** Cuts the sorted rows into tasks of whole partitions and evaluates them on the compute threads. */
    private void evaluate(long[] all, byte[] breaks, QueryContext query) throws Exception {
        List<int[]> tasks = new ArrayList<>();
        int start = 0;
        for (int j = 1; j <= all.length; j++) {
            if (j == all.length || (breaks[j] == 2 && j - start >= TASK_ROWS)) {
                tasks.add(new int[] {start, j});
                start = j;
            }
        }
        WindowEvaluator evaluator = new WindowEvaluator(node, layout);
        AtomicInteger next = new AtomicInteger();
        int workers = Math.max(1, Math.min(query.options().computeThreads(), tasks.size()));
        // each worker's strings (STRING_AGG's results) in a store of its own, closed with the rows
        List<TupleStore> strings = new ArrayList<>();
        for (int w = 0; w < workers; w++) strings.add(new TupleStore(layout, query.allocator(), "window"));
        locals.addAll(strings);
        Workers.run(query, "window", workers, w -> {
            for (int t; (t = next.getAndIncrement()) < tasks.size(); ) {
                query.checkCancelled();
                int[] task = tasks.get(t);
                evaluator.evaluate(all, breaks, task[0], task[1], strings.get(w));
            }
        });
    }

    /** Row addresses, after {@link #finish}. */
    public long[] rows() {
        return rows;
    }

    public Tuple tuple(String row) {
        return new Tuple(layout.types(), (c, code) -> StoreCode.read(code, row, layout, c));
    }

    @Override
    public String describe() {
        StringBuilder sb = new StringBuilder("Window(partition [");
        for (int i = 0; i < node.partitionKeys().length; i++) sb.append(i > 0 ? ", " : "").append('$').append(node.partitionKeys()[i]);
        sb.append("], order [");
        for (int i = 0; i < node.orderKeys().size(); i++) {
            SortNode.Key k = node.orderKeys().get(i);
            sb.append(i > 0 ? ", " : "").append('$').append(k.column()).append(k.descending() ? " DESC" : "")
                    .append(k.nullsFirst() ? " NULLS FIRST" : " NULLS LAST");
        }
        sb.append("], ");
        for (int i = 0; i < node.functions().size(); i++) sb.append(i > 0 ? ", " : "").append(node.functions().get(i));
        return sb.append(')').toString();
    }

    @Override
    public synchronized void close() {
        for (TupleStore s : locals) s.close();
        locals.clear();
    }

    @Override
    public List<StateSupplier> stateSuppliers() {
        return List.of(local);
    }
}
