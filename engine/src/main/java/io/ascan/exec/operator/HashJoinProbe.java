package io.ascan.exec.operator;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.CodegenConsumer;
import io.ascan.scan.adaptive.DispatchShim;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.RowsetColumns;
import io.ascan.codegen.StoreCode;
import io.ascan.codegen.pipeline.Tuple;
import io.ascan.exec.store.BloomFilter;
import io.ascan.exec.store.JoinHashTable;
import io.ascan.expr.Expr;
import io.ascan.plan.JoinType;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.List;

/**
 * Hash-join probe, fused into the probe side's pipeline: hash the probe keys, walk the bucket's
 * chain inline comparing hash, keys and the residual, and run the parent's code per match (the
 * build row's address is in a field, so the parent reads build columns lazily). A join on one
 * integer key also carries the direct-address path: when the build chose that layout (a flag of
 * the table, the same for every tuple), the key minus the smallest key is the chain's slot and
 * the chain holds only rows with that key, so neither hashing nor comparing (in the clustered
 * variant, the difference shifted right is the slot and the chain's keys are compared). NULL keys never
 * match, except on a null-safe key ({@link JoinBuildSink#nullSafe}), where NULL matches NULL: the
 * tuple is hashed and looked up with it, and the chain's rows compared as grouping compares.
 * Variants: an outer probe side gets a NULL-padded tuple when nothing matched; SEMI emits on the
 * first match, ANTI when there was none; when the build side's unmatched (or, for a
 * build-side SEMI/ANTI, matched) rows matter, matches set the row's MATCHED bit for the final pass.
 */
public final class HashJoinProbe implements CodegenConsumer {
    private static final String MEM = "io.ascan.codegen.rt.Mem.";

    private final JoinType type;
    private final boolean buildRight;
    private final int[] probeKeys;
    private final int[] buildKeys;
    private final Expr residual;
    private final JoinBuildSink build;
    private final List<DataType> probeTypes;
    private final boolean markMatched;
    private final CodegenConsumer parent;
    /** Build sides with at least this many rows get the bucket-head pre-pass even without a Bloom filter that pays: their buckets and rows outgrow the caches. */
    public static final long PRE_PASS_ROWS = 1 << 15;
    /** Tuples a probe tests against the Bloom filter before it judges whether the filter pays. */
    static final long BLOOM_WARM_UP = 1 << 14;
    /**
     * The filter pays while it passes at most this share of the tuples: a test costs about as much
     * as a quarter of the bucket-head load it spares (the filter, an eighth of the bucket array or
     * less, stays in the core's cache).
     */
    static final long BLOOM_KEEPS_AT_MOST_PERCENT = 75;
    /** Once the filter stopped paying, one rowset in this many still tests it (a power of two). */
    static final int BLOOM_RESAMPLE = 64;

    public HashJoinProbe(JoinType type, boolean buildRight, int[] probeKeys, int[] buildKeys, Expr residual, JoinBuildSink build,
                         List<DataType> probeTypes, boolean markMatched, CodegenConsumer parent) {
        this.type = type;
        this.buildRight = buildRight;
        this.probeKeys = probeKeys.clone();
        this.buildKeys = buildKeys.clone();
        this.residual = residual;
        this.build = build;
        this.probeTypes = List.copyOf(probeTypes);
        this.markMatched = markMatched;
        this.parent = parent;
    }

    /** Whether probe tuples without a match still produce output (NULL-padded). */
    private boolean preservesProbe() {
        return type == JoinType.FULL || (type == JoinType.LEFT && buildRight) || (type == JoinType.RIGHT && !buildRight);
    }

    /** Left columns then right columns, from a probe tuple and a build tuple. */
    private Tuple joined(Tuple probe, Tuple buildSide) {
        return buildRight ? Tuple.concat(probe, buildSide) : Tuple.concat(buildSide, probe);
    }

    /**
     * The build side of a matched tuple with its key columns read from the probe's keys instead,
     * where the two have one type whose equality is identity (integers, dates, timestamps,
     * decimals of one scale): the join condition makes them the same value, and a parent that
     * groups by a build key (q13's c_custkey) then finds its group without waiting on the load of
     * the build row. In the NULL-padded turn of an outer probe ({@code padded} true) they are NULL.
     */
    private Tuple keysFromProbe(Tuple probe, Tuple buildSide, String padded) {
        int[] from = new int[buildSide.width()], origins = new int[buildSide.width()];
        java.util.Arrays.fill(from, -1);
        for (int c = 0; c < origins.length; c++) origins[c] = buildSide.origin(c);
        for (int i = 0; i < buildKeys.length; i++) {
            DataType t = buildSide.type(buildKeys[i]);
            boolean identity = switch (t.kind()) {
                case INTEGER, BIGINT, DATE, TIMESTAMP, DECIMAL -> true;
                default -> false;
            };
            if (identity && t.equals(probe.type(probeKeys[i]))) {
                from[buildKeys[i]] = probeKeys[i];
                origins[buildKeys[i]] = probe.origin(probeKeys[i]);
            }
        }
        return buildSide.derive(buildSide.types(), (c, code) -> {
            if (from[c] < 0) return buildSide.read(c, code);
            ValueCode k = probe.read(from[c], code);
            return padded == null ? k : new ValueCode("(" + padded + " || " + k.isNull() + ")", k.value(), k.length(), k.type(),
                    k.hash(), k.stored(), k.interned());
        }, origins);
    }

    @Override
    public void consume(Tuple in, PipelineCodegen gen) {
        CodeBuilder code = gen.code;
        String table = gen.state(JoinHashTable.class.getName(), build.table());
        String m = gen.field("long", "match");
        Tuple buildTuple = build.tuple(m);
        boolean probeSideSemiAnti = (type == JoinType.SEMI || type == JoinType.ANTI) && buildRight;
        boolean buildSideSemiAnti = (type == JoinType.SEMI || type == JoinType.ANTI) && !buildRight;
        boolean track = preservesProbe() || (type == JoinType.ANTI && buildRight);
        String matched = code.fresh("matched");
        if (track) code.line("boolean " + matched + " = false;");
        // An outer probe emits its NULL-padded tuple from the chain loop's last turn, so the
        // parent's code appears once: emitted twice per outer join, it doubled with each one.
        boolean pad = preservesProbe();
        String padded = pad ? code.fresh("padded") : null, head = pad ? code.fresh("chainHead") : null;
        String hash = pad ? code.fresh("probeHash") : null;
        if (pad) code.line("boolean " + padded + " = false;").line("long " + head + " = 0L, " + hash + " = 0L;");

        boolean direct = build.directKey();
        String[] heads = bucketHeadsPrePass(in, gen, table, direct);
        String[] directHeads = direct ? directHeadsPrePass(in, gen, table) : null;
        List<ValueCode> keys = new ArrayList<>();
        for (int k : probeKeys) keys.add(in.read(k, code));
        List<String> nonNull = new ArrayList<>();
        strictNonNull(keys, nonNull);
        if (!nonNull.isEmpty()) code.open("if (" + String.join(" && ", nonNull) + ")");
        String h, first;
        if (heads == null && !direct) {
            h = StoreCode.hash(code, keys);
            first = bucketHead(table, h);
        } else {
            // The head comes from the pre-pass, or from the layout the build chose (a predicted branch per tuple).
            h = code.fresh("h");
            code.line("long " + h + ";");
            first = code.fresh("head");
            code.line("long " + first + ";");
            if (heads != null) {
                code.open("if (" + heads[2] + ")");
                code.line(h + " = " + heads[1] + "[row];");
                code.line(first + " = " + heads[0] + "[row];");
                code.close().open("else");
            }
            if (directHeads != null) {
                code.open("if (" + directHeads[1] + ")");
                code.line(h + " = 0L;");
                code.line(first + " = " + directHeads[0] + "[row];");
                code.close().open("else");
            }
            if (direct) {
                code.open("if (" + table + ".direct())");
                code.line(h + " = 0L;");
                code.line(first + " = " + directHead(code, table, keys.getFirst()) + ";");
                code.close().open("else");
            }
            String computed = StoreCode.hash(code, keys);
            code.line(h + " = " + computed + ";");
            code.line(first + " = " + bucketHead(table, h) + ";");
            if (direct) code.close();
            if (directHeads != null) code.close();
            if (heads != null) code.close();
        }
        // With unique keys a direct-address chain ends at its head: no load of the row's next pointer.
        String next = direct ? table + ".uniqueKeys() ? 0L : " + MEM + "getLong(" + m + ")" : MEM + "getLong(" + m + ")";
        if (pad) {
            code.line(head + " = " + first + ";").line(hash + " = " + h + ";");
            if (!nonNull.isEmpty()) code.close();
            code.open("for (" + m + " = " + head + "; " + m + " != 0L || !" + matched + " && !" + padded + "; " + m + " = " + m
                    + " == 0L ? 0L : (" + next + "))");
            gen.checkCancelledInLoop();
            code.open("if (" + m + " == 0L)").line(padded + " = true;").close().open("else");
            h = hash;
        } else {
            code.open("for (" + m + " = " + first + "; " + m + " != 0L; " + m + " = " + next + ")");
            gen.checkCancelledInLoop();
        }
        // A direct-address chain holds exactly the rows with the probe's key: nothing to compare;
        // a clustered one (a shift) also rows with neighbouring keys: compare keys, not hashes.
        if (direct) code.open("if (!" + table + ".direct())");
        String same = sameKeys(code, m, h, keys);
        if (same != null) code.line("if (!(" + same + ")) continue;");
        if (direct) {
            code.close().open("else if (" + table + ".shift() != 0)");
            ValueCode stored = StoreCode.read(code, m, build.layout(), buildKeys[0]);
            code.line("if (!(" + StoreCode.equal(keys.getFirst(), stored) + ")) continue;");
            code.close();
        }
        if (residual != null) {
            ValueCode r = gen.expr(residual, joined(in, buildTuple).access());
            code.line("if (!(" + DispatchShim.notNullAnd(r) + ")) continue;");
        }
        if (markMatched) {
            code.open("if ((" + MEM + "getLong(" + m + " + 8L) & " + JoinHashTable.MATCHED + "L) == 0L)");
            code.line(MEM + "putLong(" + m + " + 8L, " + MEM + "getLong(" + m + " + 8L) | " + JoinHashTable.MATCHED + "L);");
            code.close();
        }
        if (track) code.line(matched + " = true;");
        if (pad) {
            code.close(); // a row of the chain
            Tuple paddedBuild = build.tuple(m, padded);
            parent.consume(joined(in, keysFromProbe(in, paddedBuild, padded)), gen);
        } else if (probeSideSemiAnti) {
            if (type == JoinType.SEMI) parent.consume(in, gen);
            code.line("break;");
        } else if (!buildSideSemiAnti) {
            parent.consume(joined(in, keysFromProbe(in, buildTuple, null)), gen);
        }
        code.close(); // chain loop
        if (!nonNull.isEmpty() && !pad) code.close();
        if (type == JoinType.ANTI && buildRight) {
            code.open("if (!" + matched + ")");
            parent.consume(in, gen);
            code.close();
        }
    }

    /**
     * Emits, inside a loop over a chain, a {@code continue} past rows whose hash is not {@code h},
     * then the reads of the row's keys; returns the condition that they equal the probe's keys, or
     * null when there are none (a cross product with, e.g., a one-row aggregate: every row matches).
     */
    private String sameKeys(CodeBuilder code, String row, String h, List<ValueCode> keys) {
        code.line("if ((" + MEM + "getLong(" + row + " + 8L) & io.ascan.codegen.rt.Hash.MASK) != " + h + ") continue;");
        List<String> same = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            ValueCode stored = StoreCode.read(code, row, build.layout(), buildKeys[i]);
            if (build.nullSafe(i)) same.add(StoreCode.sameGroup(keys.get(i), stored));
            else same.add((build.keepsNullKeys() ? "!" + stored.isNull() + " && " : "") + StoreCode.equal(keys.get(i), stored));
        }
        return same.isEmpty() ? null : String.join(" && ", same);
    }

    private static String bucketHead(String table, String h) {
        return MEM + "getLong(" + table + ".headsAddress() + ((" + h + " & " + table + ".mask()) << 3))";
    }

    /**
     * The direct-address chain head of a non-NULL integer key: a range check and one load; for a
     * clustered table with a key bitmap, 0 unless the key's bit is set (a chain of neighbours only
     * would cost a cache miss on a row to reject).
     */
    private static String directHead(CodeBuilder code, String table, ValueCode key) {
        String d = code.fresh("offset"), slot = code.fresh("slot"), bits = code.fresh("keyBits");
        code.line("long " + d + " = (long) " + key.value() + " - " + table + ".keyMin();");
        code.line("long " + slot + " = " + d + " >>> " + table + ".shift();");
        code.line("long " + bits + " = " + table + ".keyBitsAddress();");
        // A key below the smallest leaves a negative difference, shifted unsigned past any slot count.
        return slot + " < " + table + ".slots() && " + slot + " >= 0L && (" + bits + " == 0L || (" + MEM + "getLong(" + bits
                + " + ((" + d + " >>> 6) << 3)) & 1L << " + d + ") != 0L) ? " + MEM + "getLong(" + table + ".headsAddress() + (" + slot
                + " << 3)) : 0L";
    }

    /**
     * When every probe key is a plain rowset column: emits a per-rowset pass over the selected
     * tuples that hashes their keys and loads their bucket heads into arrays, so the cache misses
     * on the bucket array overlap instead of stalling the fused loop one tuple at a time. Where
     * the build's Bloom filter (the runtime filter R) rules a tuple out, the pass skips its bucket:
     * a join that emits nothing for a probe tuple without a match drops it from the selection,
     * an outer or anti join keeps it with an empty chain. Returns the arrays' fields (heads,
     * hashes) and the flag that the pass ran, or null.
     *
     * <p>Only for the hash layout, of a build big enough that its buckets and rows outgrow the
     * caches ({@link #PRE_PASS_ROWS}), or of any size while its Bloom filter pays: a small selective
     * build (q17's 204 parts against 6 M lineitems) otherwise sends every third tuple into the
     * chain loop's mispredicted compare of a hash that does not match. The Bloom filter is tested while it rejects enough of the
     * tuples it sees to pay for itself ({@link #BLOOM_KEEPS_AT_MOST_PERCENT}); after that only on one
     * rowset in {@value #BLOOM_RESAMPLE}, so a probe side whose keys nearly all match pays one
     * Bloom test per tuple on a few rowsets only.
     *
     * <p>Measured and left out: walking each chain to its first match in the pass too (its branchy
     * inner loop cost more than the overlap of the row loads gained), and this pass for
     * direct-address tables (slower, even for 16 MiB of slots: their probe has no hash to compute,
     * and the loop's own loads overlap); theirs also touches the rows ({@link #directHeadsPrePass}).
     */
    private String[] bucketHeadsPrePass(Tuple in, PipelineCodegen gen, String table, boolean direct) {
        if (in.rowset() == null || probeKeys.length == 0) return null;
        for (int k : probeKeys) if (in.origin(k) < 0) return null;
        CodeBuilder code = gen.code;
        String heads = gen.field("long[]", "heads"), hashes = gen.field("long[]", "hashes");
        String on = gen.field("boolean", "prePass");
        String tested = gen.field("long", "bloomTested"), passed = gen.field("long", "bloomPassed");
        String rowsets = gen.field("int", "bloomRowsets");
        // Only tuples that find a partner lead to output: the others may leave the selection.
        boolean drop = !preservesProbe() && !(type == JoinType.ANTI && buildRight);
        int mark = code.mark(), indent = code.indent();
        code.setIndent(2);
        code.line("// " + type + " join probe: hash the selected tuples' keys, test them against the build's Bloom filter, load their bucket heads");
        String bloom = code.fresh("bloom"), useBloom = code.fresh("useBloom");
        code.line(BloomFilter.class.getName() + " " + bloom + " = " + table + ".bloomFilter();");
        code.line("boolean " + useBloom + " = " + bloom + " != null && (" + tested + " < " + BLOOM_WARM_UP + "L || " + passed + " < "
                + tested + " * " + BLOOM_KEEPS_AT_MOST_PERCENT + "L / 100L || (++" + rowsets + " & " + (BLOOM_RESAMPLE - 1) + ") == 0);");
        // A small build's buckets stay in the cache, but while its filter rejects most tuples the
        // pass still pays: a branch-free test drops them before the fused loop's branchy chain walk.
        code.line(on + " = " + (direct ? "!" + table + ".direct() && " : "") + "(" + useBloom + " || " + table + ".rowCount() >= "
                + PRE_PASS_ROWS + "L);");
        code.open("if (" + on + ")");
        rowArrays(code, heads, hashes);
        code.open("if (" + useBloom + ")");
        String words = code.fresh("bloomWords"), wordMask = code.fresh("bloomMask");
        code.line("long " + words + " = " + bloom + ".address(), " + wordMask + " = " + bloom + ".mask();");
        if (drop) {
            String kept = code.fresh("kept");
            code.line("int " + kept + " = 0;");
            openSelectedLoop(code);
            List<String> nonNull = new ArrayList<>();
            String h = hashKeys(in, code, nonNull);
            code.line(hashes + "[row] = " + h + ";");
            code.line("sel[" + kept + "] = row;");
            String hit = BloomFilter.class.getName() + ".test(" + words + ", " + wordMask + ", " + h + ")";
            nonNull.add(hit);
            code.line(kept + " += " + String.join(" && ", nonNull) + " ? 1 : 0;");
            code.close();
            code.line(tested + " += selected;");
            code.line(passed + " += " + kept + ";");
            code.line("selected = " + kept + ";");
            code.line("identity = false;");
            String at = code.fresh("headsAt"), mask = code.fresh("mask");
            code.line("long " + at + " = " + table + ".headsAddress(), " + mask + " = " + table + ".mask();");
            openSelectedLoop(code);
            code.line(heads + "[row] = " + MEM + "getLong(" + at + " + ((" + hashes + "[row] & " + mask + ") << 3));");
            code.close();
        } else {
            String hits = code.fresh("hits");
            code.line("int " + hits + " = 0;");
            openSelectedLoop(code);
            List<String> nonNull = new ArrayList<>();
            String h = hashKeys(in, code, nonNull);
            if (!nonNull.isEmpty()) code.open("if (" + String.join(" && ", nonNull) + ")");
            code.line(hashes + "[row] = " + h + ";");
            // A tuple the filter rules out has no partner: an empty chain, so the loop emits it unmatched.
            code.open("if (" + BloomFilter.class.getName() + ".test(" + words + ", " + wordMask + ", " + h + "))");
            code.line(heads + "[row] = " + bucketHead(table, h) + ";");
            code.line(hits + "++;");
            code.close().open("else");
            code.line(heads + "[row] = 0L;");
            code.close();
            if (!nonNull.isEmpty()) code.close();
            code.close();
            code.line(tested + " += selected;");
            code.line(passed + " += " + hits + ";");
        }
        code.close().open("else");
        openSelectedLoop(code);
        List<String> nonNull = new ArrayList<>();
        String h = hashKeys(in, code, nonNull);
        if (!nonNull.isEmpty()) code.open("if (" + String.join(" && ", nonNull) + ")");
        code.line(hashes + "[row] = " + h + ";");
        code.line(heads + "[row] = " + bucketHead(table, h) + ";");
        if (!nonNull.isEmpty()) code.close();
        code.close();
        code.close(); // Bloom filter or not
        code.close(); // on
        String body = code.cut(mark);
        code.setIndent(indent);
        in.rowset().pass(body);
        return new String[] {heads, hashes, on};
    }

    /**
     * For a direct-address build big enough to outgrow the caches: a per-rowset pass that loads the
     * selected tuples' chain heads into an array, then touches the build row each points at, so
     * the misses on the slots and on the rows overlap instead of stalling the fused loop, which
     * reads the row's payload (SSB SF 10 q3.1: c_nation of 300,000 customers, every probe a match
     * after R; 0.63 to 0.49 s a query). A heads-only pass was measured slower: the rows' misses are
     * the ones the fused loop cannot overlap. Returns the heads array's field and the flag that the
     * pass ran, or null.
     */
    private String[] directHeadsPrePass(Tuple in, PipelineCodegen gen, String table) {
        // Behind another join too: the pass only computes for every selected tuple, it drops none.
        RowsetColumns cols = in.rowset() != null ? in.rowset() : in.scan();
        if (cols == null || probeKeys.length != 1 || in.origin(probeKeys[0]) < 0) return null;
        CodeBuilder code = gen.code;
        String heads = gen.field("long[]", "directHeads"), on = gen.field("boolean", "directPass");
        String touched = gen.field("long", "touched");
        int mark = code.mark(), indent = code.indent();
        code.setIndent(2);
        code.line("// " + type + " join probe: load the selected tuples' direct-address chain heads, then touch their rows");
        code.line(on + " = " + table + ".direct() && " + table + ".rowCount() >= " + PRE_PASS_ROWS + "L;");
        code.open("if (" + on + ")");
        rowArrays(code, heads);
        openSelectedLoop(code);
        ValueCode key = cols.read(in.origin(probeKeys[0]), code);
        String head = directHead(code, table, key);
        code.line(heads + "[row] = " + (key.isNull().equals("false") ? "" : key.isNull() + " ? 0L : ") + head + ";");
        code.close();
        String sum = code.fresh("touch");
        code.line("long " + sum + " = 0L;");
        openSelectedLoop(code);
        code.line("long at$ = " + heads + "[row];");
        code.line(sum + " += at$ == 0L ? 0L : " + MEM + "getLong(at$ + " + build.layout().nullWordOffset(0) + "L);");
        code.close();
        code.line(touched + " += " + sum + ";");
        code.close();
        String body = code.cut(mark);
        code.setIndent(indent);
        cols.pass(body);
        return new String[] {heads, on};
    }

    /** Emits: the per-rowset {@code long[]} fields {@code arrays}, indexed by row, grown to hold the rowset's rows. */
    private static void rowArrays(CodeBuilder code, String... arrays) {
        code.open("if (" + arrays[0] + " == null || " + arrays[0] + ".length < rows)");
        for (String a : arrays) code.line(a + " = new long[Math.max(rows, 1024)];");
        code.close();
    }

    private static void openSelectedLoop(CodeBuilder code) {
        code.open("for (int at = 0; at < selected; at++)");
        code.line("int row = " + RowsetColumns.selectedRow("at") + ";");
    }

    /** Reads the probe keys from the rowset at {@code row}, adds their non-NULL conditions to {@code nonNull}, returns their hash. */
    private String hashKeys(Tuple in, CodeBuilder code, List<String> nonNull) {
        List<ValueCode> keys = new ArrayList<>();
        for (int k : probeKeys) keys.add(in.rowset().read(in.origin(k), code));
        strictNonNull(keys, nonNull);
        return StoreCode.hash(code, keys);
    }

    /** Adds to {@code nonNull} the conditions that the strict keys are not NULL: a NULL there never matches. */
    private void strictNonNull(List<ValueCode> keys, List<String> nonNull) {
        for (int i = 0; i < keys.size(); i++) {
            if (!build.nullSafe(i) && !keys.get(i).isNull().equals("false")) nonNull.add("!" + keys.get(i).isNull());
        }
    }

    public List<DataType> probeTypes() {
        return probeTypes;
    }
}
