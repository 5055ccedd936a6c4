package io.ascan.exec.operator;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.CodegenConsumer;
import io.ascan.codegen.pipeline.DispatchShim;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.StoreCode;
import io.ascan.codegen.pipeline.Tuple;
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
 * the chain holds only rows with that key, so neither hashing nor comparing. NULL keys never
 * match. Variants: an outer probe side gets a NULL-padded tuple when nothing matched; SEMI emits
 * on the first match, ANTI when there was none; when the build side's unmatched (or, for a
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
    /** Build sides with at least this many rows get the bucket-head pre-pass: their buckets and rows outgrow the caches. */
    public static final long PRE_PASS_ROWS = 1 << 15;

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

        boolean direct = build.directKey();
        String[] heads = bucketHeadsPrePass(in, gen, table, direct);
        List<ValueCode> keys = new ArrayList<>();
        for (int k : probeKeys) keys.add(in.read(k, code));
        List<String> nonNull = new ArrayList<>();
        for (ValueCode k : keys) if (!k.isNull().equals("false")) nonNull.add("!" + k.isNull());
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
            if (heads != null) code.close();
        }
        // With unique keys a direct-address chain ends at its head: no load of the row's next pointer.
        String next = direct ? table + ".uniqueKeys() ? 0L : " + MEM + "getLong(" + m + ")" : MEM + "getLong(" + m + ")";
        code.open("for (" + m + " = " + first + "; " + m + " != 0L; " + m + " = " + next + ")");
        gen.checkCancelledInLoop();
        // A direct-address chain holds exactly the rows with the probe's key: nothing to compare.
        if (direct) code.open("if (!" + table + ".direct())");
        String same = sameKeys(code, m, h, keys);
        if (same != null) code.line("if (!(" + same + ")) continue;");
        if (direct) code.close();
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
        if (probeSideSemiAnti) {
            if (type == JoinType.SEMI) parent.consume(in, gen);
            code.line("break;");
        } else if (!buildSideSemiAnti) {
            parent.consume(joined(in, buildTuple), gen);
        }
        code.close(); // chain loop
        if (!nonNull.isEmpty()) code.close();
        if (preservesProbe()) {
            code.open("if (!" + matched + ")");
            parent.consume(joined(in, Tuple.nulls(build.types())), gen);
            code.close();
        } else if (type == JoinType.ANTI && buildRight) {
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
            same.add((build.keepsNullKeys() ? "!" + stored.isNull() + " && " : "") + StoreCode.equal(keys.get(i), stored));
        }
        return same.isEmpty() ? null : String.join(" && ", same);
    }

    private static String bucketHead(String table, String h) {
        return MEM + "getLong(" + table + ".headsAddress() + ((" + h + " & " + table + ".mask()) << 3))";
    }

    /** The direct-address chain head of a non-NULL integer key: a range check and one load. */
    private static String directHead(CodeBuilder code, String table, ValueCode key) {
        String d = code.fresh("slot");
        code.line("long " + d + " = (long) " + key.value() + " - " + table + ".keyMin();");
        return d + " >= 0L && " + d + " < " + table + ".slots() ? " + MEM + "getLong(" + table + ".headsAddress() + (" + d + " << 3)) : 0L";
    }

    /**
     * When every probe key is a plain rowset column: emits a per-rowset pass that hashes each
     * tuple's keys and loads its bucket head into arrays, so the cache misses on the bucket array
     * overlap instead of stalling the fused loop one tuple at a time. Returns the arrays' fields
     * (heads, hashes) and the flag that the pass ran, or null. Measured and left out: walking each
     * chain to its first match in the pass too (its branchy inner loop cost more than the overlap
     * of the row loads gained), and the pass for direct-address tables (slower, even for 16 MiB of
     * slots: their probe has no hash to compute, and the loop's own loads overlap).
     */
    private String[] bucketHeadsPrePass(Tuple in, PipelineCodegen gen, String table, boolean direct) {
        if (in.rowset() == null || probeKeys.length == 0) return null;
        for (int k : probeKeys) if (in.origin(k) < 0) return null;
        CodeBuilder code = gen.code;
        String heads = gen.field("long[]", "heads"), hashes = gen.field("long[]", "hashes");
        String on = gen.field("boolean", "prePass");
        int mark = code.mark(), indent = code.indent();
        code.setIndent(3);
        code.open("if (row == 0)");
        // A table that stays in cache gains nothing from the pass: the pipeline's loop probes it directly.
        // Nor does a direct-address table: without hashing, the loop's probes are short enough to overlap by themselves.
        code.line(on + " = " + (direct ? "!" + table + ".direct() && " : "") + table + ".rowCount() >= " + PRE_PASS_ROWS + "L;");
        code.open("if (" + on + " && (" + heads + " == null || " + heads + ".length < rows))");
        code.line(heads + " = new long[Math.max(rows, 1024)];");
        code.line(hashes + " = new long[Math.max(rows, 1024)];");
        code.close();
        code.close();
        code.line("if (!" + on + ") break;");
        List<ValueCode> keys = new ArrayList<>();
        for (int k : probeKeys) keys.add(in.rowset().read(in.origin(k), code));
        List<String> nonNull = new ArrayList<>();
        for (ValueCode k : keys) if (!k.isNull().equals("false")) nonNull.add("!" + k.isNull());
        if (!nonNull.isEmpty()) code.open("if (" + String.join(" && ", nonNull) + ")");
        String h = StoreCode.hash(code, keys);
        code.line(hashes + "[row] = " + h + ";");
        code.line(heads + "[row] = " + bucketHead(table, h) + ";");
        if (!nonNull.isEmpty()) code.close();
        String body = code.cut(mark);
        code.setIndent(indent);
        in.rowset().prePass(body);
        return new String[] {heads, hashes, on};
    }

    public List<DataType> probeTypes() {
        return probeTypes;
    }
}
