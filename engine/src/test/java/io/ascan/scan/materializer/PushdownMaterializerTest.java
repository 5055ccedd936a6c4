package io.ascan.scan.materializer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.codegen.rt.Hash;
import io.ascan.scan.Rowset;
import io.ascan.exec.store.BloomFilter;
import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.format.SliceMeta;
import io.ascan.io.IoMode;
import io.ascan.scan.ScanMode;
import io.ascan.testing.AllTypesTable;
import io.ascan.testing.LeakCheck;
import io.ascan.topology.Interconnect;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pushdown near storage, checked against values computed per row in Java: every rowset holds
 * exactly the tuples that satisfy P (and pass R), in order, with every type, NULLs, plain and
 * dictionary-encoded strings compacted correctly; the columns only P reads are not shipped.
 */
class PushdownMaterializerTest {
    static final int ROWS = 5000;
    @RegisterExtension final LeakCheck memory = new LeakCheck();
    @TempDir Path dir;
    Table table;

    @BeforeEach
    void write() throws Exception {
        table = AllTypesTable.write(dir, ROWS, 700);
    }

    static ColumnRef col(Table t, String name) {
        int i = t.schema().indexOf(name);
        return new ColumnRef(i, t.schema().column(i).type());
    }

    /** Output: b, l, m, dt, ts, high, low; P additionally reads i and d. */
    static final String[] OUTPUT = {"b", "l", "m", "dt", "ts", "high", "low"};

    ScanInput input(int[] readColumns) {
        return new ScanInput(table, readColumns, OUTPUT.length, IoMode.URING, memory.pool(), memory.pool(), memory.allocator(),
                Interconnect.NONE, io.ascan.cache.SegmentCache.disabled(), new io.ascan.cache.CacheCounts());
    }

    int[] readColumns() {
        List<Integer> cols = new ArrayList<>();
        for (String n : OUTPUT) cols.add(table.schema().indexOf(n));
        cols.add(table.schema().indexOf("i"));
        cols.add(table.schema().indexOf("d"));
        return cols.stream().mapToInt(Integer::intValue).toArray();
    }

    int[] tableToBatch(int[] read) {
        int[] t = new int[table.schema().size()];
        Arrays.fill(t, -1);
        for (int i = 0; i < read.length; i++) t[read[i]] = i;
        return t;
    }

    /** Materializes every slice; checks each rowset against the rows {@code expected} accepts; returns the rows shipped. */
    long check(PushdownMaterializer m, IntPredicate expected) throws Exception {
        long shipped = 0;
        int[] out = Arrays.stream(OUTPUT).mapToInt(table.schema()::indexOf).toArray();
        try (Materializer.Session s = m.open()) {
            for (SliceMeta slice : table.manifest().slices()) {
                List<Integer> rows = new ArrayList<>();
                for (int j = 0; j < slice.rowCount(); j++) {
                    int r = (int) slice.firstRow() + j;
                    if (expected.test(r)) rows.add(r);
                }
                Materializer.Materialized result = s.materialize(slice);
                if (rows.isEmpty()) {
                    assertNull(result.rowset(), "slice " + slice.index() + ": no tuple passes, no rowset");
                    continue;
                }
                try (Rowset r = result.rowset()) {
                    assertEquals(ScanMode.PUSHDOWN, r.mode());
                    assertEquals(rows.size(), r.rowCount(), "slice " + slice.index());
                    assertEquals(OUTPUT.length, r.columns().size(), "the columns only P reads stay near storage");
                    for (int j = 0; j < rows.size(); j++) {
                        for (int k = 0; k < out.length; k++) {
                            assertEquals(AllTypesTable.expected(out[k], rows.get(j)), r.column(k).getObject(j),
                                    "slice " + slice.index() + ", tuple " + j + " (row " + rows.get(j) + "), column " + OUTPUT[k]);
                        }
                    }
                    assertTrue(result.bytesMoved() > 0);
                    shipped += r.rowCount();
                }
            }
        }
        return shipped;
    }

    @Test
    void rowsetsHoldExactlyTheTuplesThatSatisfyP() throws Exception {
        // P: i > 1000 AND (low LIKE 'cat-1%' OR d IS NULL): a dictionary column, NULLs, three-valued logic.
        Expr p = Call.predicate(Operator.AND,
                Call.predicate(Operator.GT, col(table, "i"), Literal.of(1000)),
                Call.predicate(Operator.OR,
                        Call.predicate(Operator.LIKE, col(table, "low"), Literal.of("cat-1%")),
                        Call.predicate(Operator.IS_NULL, col(table, "d"))));
        int[] read = readColumns();
        PushdownMaterializer m = new PushdownMaterializer(input(read), p, tableToBatch(read), List.of(), 2);
        int iCol = table.schema().indexOf("i"), dCol = table.schema().indexOf("d"), lowCol = table.schema().indexOf("low");
        long shipped = check(m, r -> {
            Integer i = (Integer) AllTypesTable.expected(iCol, r);
            String low = (String) AllTypesTable.expected(lowCol, r);
            boolean like = low != null && low.startsWith("cat-1");
            return i != null && i > 1000 && (like || AllTypesTable.expected(dCol, r) == null);
        });
        assertTrue(shipped > 100 && shipped < ROWS / 2, "selective but not empty: " + shipped);
    }

    @Test
    void runtimeFiltersDropTuplesNoJoinCouldMatch() throws Exception {
        // R: a Bloom filter over the hashes of l for every tenth row, hashed as a join build hashes its keys.
        int lCol = table.schema().indexOf("l");
        Set<Long> keys = new HashSet<>();
        for (int r = 0; r < ROWS; r += 10) if (AllTypesTable.expected(lCol, r) instanceof Long l) keys.add(l);
        int[] read = readColumns();
        try (BloomFilter bloom = new BloomFilter(keys.size(), memory.allocator())) {
            for (long k : keys) bloom.add(Hash.finish(Hash.combine(Hash.SEED, k)));
            int lOut = Arrays.asList(OUTPUT).indexOf("l");
            var r = new RuntimeFilter(bloom, new int[] {lOut});
            PushdownMaterializer m = new PushdownMaterializer(input(read), null, tableToBatch(read), List.of(r), 1);
            List<Integer> passed = new ArrayList<>();
            // Which rows pass depends on false positives: collect them, then check the rowsets against that set.
            IntPredicate exact = row -> {
                Object l = AllTypesTable.expected(lCol, row);
                return l != null && bloom.mightContain(Hash.finish(Hash.combine(Hash.SEED, (Long) l)));
            };
            long shipped = check(m, row -> {
                boolean pass = exact.test(row);
                if (pass) passed.add(row);
                return pass;
            });
            for (int row = 0; row < ROWS; row += 10) {
                if (AllTypesTable.expected(lCol, row) != null) assertTrue(passed.contains(row), "no false negative: row " + row);
            }
            assertTrue(shipped < 2L * keys.size(), "R dropped most other tuples: " + shipped + " of " + ROWS);
        }
    }

    @Test
    void aKeyRangeRunsBeforeItsBloomFilterUnlessItKeepsNearlyEveryTuple() throws Exception {
        // Two builds on l, each with its keys' range: the lowest twentieth of l's values (the range
        // removes most tuples, so it stays) and every tenth row's values (spread over all of l's
        // range, which then keeps nearly every tuple and is dropped; the Bloom filter stays)
        int lCol = table.schema().indexOf("l");
        int lOut = Arrays.asList(OUTPUT).indexOf("l");
        List<Long> values = new ArrayList<>();
        for (int r = 0; r < ROWS; r++) if (AllTypesTable.expected(lCol, r) instanceof Long l) values.add(l);
        List<Long> sorted = values.stream().sorted().toList();
        long low = sorted.get(sorted.size() / 20);
        Set<Long> lowKeys = new HashSet<>(), spreadKeys = new HashSet<>();
        for (long v : values) if (v <= low) lowKeys.add(v);
        for (int r = 0; r < ROWS; r += 10) if (AllTypesTable.expected(lCol, r) instanceof Long l) spreadKeys.add(l);
        int[] read = readColumns();
        for (Set<Long> keys : List.of(lowKeys, spreadKeys)) {
            try (BloomFilter bloom = new BloomFilter(keys.size(), memory.allocator())) {
                for (long k : keys) bloom.add(Hash.finish(Hash.combine(Hash.SEED, k)));
                long min = keys.stream().mapToLong(Long::longValue).min().orElseThrow();
                long max = keys.stream().mapToLong(Long::longValue).max().orElseThrow();
                var r = new RuntimeFilter(bloom, new int[] {lOut}, min, max, null);
                PushdownMaterializer m = new PushdownMaterializer(input(read), null, tableToBatch(read), List.of(r), 1);
                long shipped = check(m, row -> AllTypesTable.expected(lCol, row) instanceof Long l && l >= min && l <= max
                        && bloom.mightContain(Hash.finish(Hash.combine(Hash.SEED, l))));
                assertEquals(List.of(bloom), m.appliedFilters().stream().map(RuntimeFilter::filter).toList());
                assertEquals(keys == lowKeys, m.appliedFilters().getFirst().ranged(), "the range is kept where it removes tuples");
                assertTrue(shipped < ROWS / 5, "R dropped most tuples: " + shipped);
            }
        }
    }

    static BloomFilter bloomOfEvery(int step, int lCol, LeakCheck memory) {
        Set<Long> keys = new HashSet<>();
        for (int r = 0; r < ROWS; r += step) if (AllTypesTable.expected(lCol, r) instanceof Long l) keys.add(l);
        BloomFilter bloom = new BloomFilter(keys.size(), memory.allocator());
        for (long k : keys) bloom.add(Hash.finish(Hash.combine(Hash.SEED, k)));
        if (step == 1) bloom.add(Hash.finish(Hash.combine(Hash.SEED, Hash.NULL_VALUE))); // every row passes, NULLs too
        return bloom;
    }

    @Test
    void runtimeFiltersRunMostSelectiveFirstAndOnesKeepingNearlyEveryTupleAreLeftOut() throws Exception {
        // Published in the worst order: every row's key (keeps all), every 2nd row's, every 10th row's.
        // (Each filter is a few KiB: the order is by selectivity alone.)
        int lCol = table.schema().indexOf("l");
        int lOut = Arrays.asList(OUTPUT).indexOf("l");
        int[] read = readColumns();
        try (BloomFilter all = bloomOfEvery(1, lCol, memory); BloomFilter half = bloomOfEvery(2, lCol, memory);
             BloomFilter tenth = bloomOfEvery(10, lCol, memory)) {
            List<RuntimeFilter> published = List.of(
                    new RuntimeFilter(all, new int[] {lOut}),
                    new RuntimeFilter(half, new int[] {lOut}),
                    new RuntimeFilter(tenth, new int[] {lOut}));
            PushdownMaterializer m = new PushdownMaterializer(input(read), null, tableToBatch(read), published, 1);
            assertTrue(!m.measured(), "which filters to apply is measured on the first slice");
            long shipped = check(m, row -> {
                Object l = AllTypesTable.expected(lCol, row);
                if (l == null) return false;
                long h = Hash.finish(Hash.combine(Hash.SEED, (Long) l));
                return half.mightContain(h) && tenth.mightContain(h); // the rows the two applied filters pass
            });
            assertEquals(List.of(tenth, half), m.appliedFilters().stream().map(RuntimeFilter::filter).toList());
            assertTrue(shipped < ROWS / 5, "R dropped most tuples: " + shipped);
        }
    }

    @Test
    void aOneSliceScanAppliesItsOneRuntimeFilterUnmeasured() throws Exception {
        // A filter that keeps every tuple, which a measurement would leave out: over one slice there is
        // nothing after it to save, so it is applied as published; several filters are still measured.
        int lCol = table.schema().indexOf("l");
        int lOut = Arrays.asList(OUTPUT).indexOf("l");
        int[] read = readColumns();
        try (BloomFilter all = bloomOfEvery(1, lCol, memory); BloomFilter tenth = bloomOfEvery(10, lCol, memory)) {
            PushdownMaterializer one = new PushdownMaterializer(input(read), null, tableToBatch(read),
                    List.of(new RuntimeFilter(all, new int[] {lOut})), 1, 1);
            assertTrue(one.measured(), "a one-slice scan fixes its one filter without measuring it");
            long shipped = check(one, row -> true); // the filter holds every key and NULL's hash
            assertEquals(List.of(all), one.appliedFilters().stream().map(RuntimeFilter::filter).toList());
            assertEquals(ROWS, shipped, "every tuple passes");
            PushdownMaterializer two = new PushdownMaterializer(input(read), null, tableToBatch(read),
                    List.of(new RuntimeFilter(all, new int[] {lOut}), new RuntimeFilter(tenth, new int[] {lOut})), 1, 1);
            assertTrue(!two.measured(), "two filters are measured, as on a scan of many slices");
        }
    }
}
