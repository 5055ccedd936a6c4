package io.ascan.exec.operator;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.StateOwner;
import io.ascan.codegen.pipeline.StateSupplier;
import io.ascan.codegen.StoreCode;
import io.ascan.codegen.pipeline.Tuple;
import io.ascan.codegen.rt.Mem;
import io.ascan.exec.pipeline.Pipeline;
import io.ascan.exec.pipeline.PipelineSink;
import io.ascan.exec.QueryContext;
import io.ascan.exec.Workers;
import io.ascan.exec.store.JoinHashTable;
import io.ascan.exec.store.KeyBitmap;
import io.ascan.exec.store.KeyRange;
import io.ascan.exec.store.RowLayout;
import io.ascan.exec.store.TupleStore;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Hash-join build sink: each worker appends the build side's tuples, with their key hash, to its
 * own {@link TupleStore}; at the end one {@link JoinHashTable} chains all stores' rows and
 * builds the Bloom filter R, which is published to the probe-side scan. Rows with a NULL key
 * never match; they are dropped unless the build side's unmatched rows are emitted later. A
 * null-safe key ({@code IS NOT DISTINCT FROM}) is the exception: NULL matches NULL there, so a
 * NULL in it keeps the row, hashed with the other keys as the probe hashes its NULL. A join
 * on one integer key also tracks the key's range per worker ({@link KeyRange}), so the table can
 * take the direct-address layout when the keys turn out dense.
 */
public final class JoinBuildSink implements PipelineSink, StateOwner, AutoCloseable {
    private final List<DataType> types;
    private final int[] keys;
    /** Per key: NULL matches NULL ({@code IS NOT DISTINCT FROM}). */
    private final boolean[] nullSafe;
    private final boolean keepNullKeys;
    private final boolean directKey;
    /** The key (index into {@code keys}) whose range the build tracks, or -1: the direct key, or one R is published on. */
    private int rangeKey;
    private final RowLayout layout;
    private final List<TupleStore> locals = new ArrayList<>();
    private final List<KeyRange> ranges = new ArrayList<>();
    private final StateSupplier localRange;
    private final List<Runnable> publish = new ArrayList<>();
    private final StateSupplier local;
    private final StateSupplier global;
    private JoinHashTable table;
    /** The built keys' range (direct-key joins with at least one key), once finished: published with R. */
    private KeyRange keyRange;
    /** The exact set of those keys, where they are dense enough ({@link KeyBitmap#suits}): R without hashing. */
    private KeyBitmap keyBitmap;
    private boolean registered;

    /** A build sink whose table always has the hash layout. */
    public JoinBuildSink(List<DataType> types, int[] keys, boolean keepNullKeys) {
        this(types, keys, new boolean[keys.length], keepNullKeys, false);
    }

    /** A build sink of strict keys only ({@code =}). */
    public JoinBuildSink(List<DataType> types, int[] keys, boolean keepNullKeys, boolean directKey) {
        this(types, keys, new boolean[keys.length], keepNullKeys, directKey);
    }

    /**
     * @param nullSafe  per key, whether NULL matches NULL on it
     * @param directKey the probe may address rows by key ({@link #directAddressable}): the table
     *                  takes the direct-address layout if the keys turn out dense
     */
    public JoinBuildSink(List<DataType> types, int[] keys, boolean[] nullSafe, boolean keepNullKeys, boolean directKey) {
        this.types = List.copyOf(types);
        this.keys = keys.clone();
        this.nullSafe = nullSafe.clone();
        this.keepNullKeys = keepNullKeys;
        this.directKey = directKey;
        if (nullSafe.length != keys.length) throw new IllegalArgumentException("one null-safe flag per key");
        if (directKey && (keys.length != 1 || !integerKey(types.get(keys[0])))) {
            throw new IllegalArgumentException("a direct-address join needs one integer key, not " + Arrays.toString(keys));
        }
        // the direct layout chains no row with a NULL key
        if (directKey && nullSafe[0]) throw new IllegalArgumentException("a direct-address join's key cannot be null-safe");
        this.rangeKey = directKey ? 0 : -1;
        this.layout = new RowLayout(types);
        this.localRange = w -> {
            synchronized (this) {
                KeyRange r = new KeyRange();
                ranges.add(r);
                return r;
            }
        };
        this.local = w -> {
            synchronized (this) {
                register(w.query());
                TupleStore s = new TupleStore(layout, w.query().allocator(), "hash join build");
                locals.add(s);
                return s;
            }
        };
        this.global = w -> table;
    }

    /**
     * Whether a join of these key types can use the direct-address layout: one key on each side,
     * both INTEGER/BIGINT or both DATE, so that key equality is equality of the values widened to
     * long (as the hash path compares them) and a key minus the smallest key is a slot.
     */
    public static boolean directAddressable(List<DataType> buildKeyTypes, List<DataType> probeKeyTypes) {
        if (buildKeyTypes.size() != 1 || probeKeyTypes.size() != 1) return false;
        DataType b = buildKeyTypes.getFirst(), p = probeKeyTypes.getFirst();
        return integerKey(b) && integerKey(p) && (b.kind() == TypeKind.DATE) == (p.kind() == TypeKind.DATE);
    }

    private static boolean integerKey(DataType t) {
        return switch (t.kind()) {
            case INTEGER, BIGINT, DATE -> true;
            default -> false;
        };
    }

    public boolean directKey() {
        return directKey;
    }

    /**
     * Makes a join on several keys track the range of key {@code i} (one integer key, as
     * {@link #directAddressable} pairs it with {@code probeType}), so that {@link #keyRange} and
     * {@link #keyBitmap} describe that key: the probe-side scan then gets R as an exact bitmap of
     * one key, which pushdown tests with a load instead of hashing every key (TPC-H q02's second
     * partsupp scan against 460 (partkey, supplycost) pairs). Call it before the build's code is
     * generated. False, and nothing changes, where the key does not qualify or another is tracked.
     */
    public synchronized boolean trackKeyRange(int i, DataType probeType) {
        if (keys.length < 2 || !directAddressable(List.of(types.get(keys[i])), List.of(probeType))) return false;
        if (rangeKey < 0) rangeKey = i;
        return rangeKey == i;
    }

    private void register(QueryContext query) {
        if (!registered) {
            registered = true;
            query.defer(this);
        }
    }

    public RowLayout layout() {
        return layout;
    }

    public List<DataType> types() {
        return types;
    }

    public boolean keepsNullKeys() {
        return keepNullKeys;
    }

    /** Whether NULL matches NULL on key {@code i}. */
    public boolean nullSafe(int i) {
        return nullSafe[i];
    }

    /** The supplier of the finished table, for probe pipelines. */
    public StateSupplier table() {
        return global;
    }

    /**
     * The smallest and largest non-NULL key built, for a join on one integer key ({@link #directKey})
     * or the key {@link #trackKeyRange} chose, with at least one; else null. Set when the table exists (read it in {@link #onBuilt}): a probe
     * key outside it has no partner, which a scan tests with two compares before hashing for R.
     */
    public synchronized KeyRange keyRange() {
        return keyRange;
    }

    /** The built keys as a bitmap over {@link #keyRange}, where they suit one; else null. Set with the table. */
    public synchronized KeyBitmap keyBitmap() {
        return keyBitmap;
    }

    /** Runs when the table (and its Bloom filter) exists: how R reaches the probe-side scan. */
    public synchronized void onBuilt(java.util.function.Consumer<JoinHashTable> r) {
        publish.add(() -> r.accept(table));
    }

    @Override
    public void consume(Tuple in, PipelineCodegen gen) {
        CodeBuilder code = gen.code;
        String store = gen.state(TupleStore.class.getName(), local);
        List<ValueCode> k = new ArrayList<>();
        for (int key : keys) k.add(in.read(key, code));
        List<String> nonNull = new ArrayList<>();
        for (int i = 0; i < k.size(); i++) if (!nullSafe[i] && !k.get(i).isNull().equals("false")) nonNull.add("!" + k.get(i).isNull());
        boolean guard = !keepNullKeys && !nonNull.isEmpty();
        if (guard) code.open("if (" + String.join(" && ", nonNull) + ")");
        String h = StoreCode.hash(code, k);
        if (rangeKey >= 0) {
            String range = gen.state(KeyRange.class.getName(), localRange);
            ValueCode key = k.get(rangeKey);
            code.line((key.isNull().equals("false") ? "" : "if (!" + key.isNull() + ") ") + range + ".add((long) " + key.value() + ");");
        }
        String r = code.fresh("built");
        code.line("long " + r + " = " + store + ".appendRow();");
        code.line("io.ascan.codegen.rt.Mem.putLong(" + r + " + 8L, " + h + ");");
        for (int c = 0; c < types.size(); c++) {
            int at = Arrays.stream(keys).boxed().toList().indexOf(c);
            ValueCode v = at >= 0 ? k.get(at) : in.read(c, code);
            StoreCode.write(code, r, layout, c, v, store, true);
        }
        if (guard) code.close();
    }

    /** Below this many build rows one thread chains them: starting threads would cost more. */
    static final long PARALLEL_BUILD_ROWS = 100_000;

    @Override
    public synchronized void finish(Pipeline last, QueryContext query) throws Exception {
        register(query);
        KeyRange range = rangeKey >= 0 ? KeyRange.merge(ranges) : null;
        keyRange = range != null && range.keys() > 0 ? range : null;
        long rows = 0;
        for (TupleStore s : locals) rows += s.rowCount();
        int parts = rows < PARALLEL_BUILD_ROWS ? 1 : Math.min(JoinHashTable.SHARES, query.options().computeThreads());
        JoinHashTable.DirectKey direct = directKey ? new JoinHashTable.DirectKey(keys[0], range) : null;
        JoinHashTable t = parts == 1
                ? JoinHashTable.allocate(locals, query.allocator(), true, direct)
                : JoinHashTable.allocateUnzeroed(locals, query.allocator(), true, direct);
        table = t; // owns the stores from here on, whatever happens next
        locals.clear();
        ranges.clear();
        if (parts == 1) {
            t.insert();
        } else {
            Workers.run(query, "join-zero", parts, w -> describe(), w -> t.zeroShare(w, parts));
            JoinHashTable.HashShares[] hashes = new JoinHashTable.HashShares[parts];
            Workers.run(query, "join-build", parts, w -> describe(), w -> hashes[w] = t.chainRuns(w, parts));
            t.chained(List.of(hashes));
            Workers.run(query, "join-bloom", parts, w -> describe(), w -> t.addToBloomFilter(w, parts, List.of(hashes)));
        }
        if (!publish.isEmpty() && keyRange != null) {
            // A clustered table already keeps these keys' bits from the same minimum: share them (also where
            // the keys are too sparse for a bitmap of their own), not a second pass.
            keyBitmap = directKey && t.keyBitsAddress() != 0 && t.keyMin() == keyRange.min()
                    ? KeyBitmap.over(t.keyBitsAddress(), keyRange)
                    : null;
            if (keyBitmap == null) keyBitmap = KeyBitmap.of(t.stores(), layout, keys[rangeKey], keyRange, query.allocator());
        }
        String built = describe() + ": " + t.describe();
        query.addStatistics(() -> built);
        for (Runnable r : publish) r.run();
    }

    /** Build rows whose MATCHED bit equals {@code matched} (a join's final pass). */
    public long[] rows(boolean matched) {
        long n = 0;
        for (TupleStore s : table.stores()) n += s.rowCount();
        long[] out = new long[(int) n];
        int[] i = {0};
        for (TupleStore s : table.stores()) {
            s.forEachRow(row -> {
                if (((Mem.getLong(row + RowLayout.HASH) & JoinHashTable.MATCHED) != 0) == matched) out[i[0]++] = row;
            });
        }
        return Arrays.copyOf(out, i[0]);
    }

    /** The build side's columns over the row whose address is in {@code row}. */
    public Tuple tuple(String row) {
        return new Tuple(types, (c, code) -> StoreCode.read(code, row, layout, c));
    }

    /** {@link #tuple}, all NULL where the Java expression {@code padded} is true (then {@code row} is 0 and not read). */
    public Tuple tuple(String row, String padded) {
        return new Tuple(types, (c, code) -> StoreCode.read(code, row, layout, c, padded));
    }

    @Override
    public String describe() {
        return "HashJoinBuild(keys " + Arrays.toString(keys) + ")";
    }

    @Override
    public synchronized void close() {
        if (keyBitmap != null) keyBitmap.close();
        keyBitmap = null;
        if (table != null) table.close();
        else for (TupleStore s : locals) s.close();
        table = null;
        locals.clear();
    }

    @Override
    public List<StateSupplier> stateSuppliers() {
        return List.of(local, localRange, global);
    }
}
