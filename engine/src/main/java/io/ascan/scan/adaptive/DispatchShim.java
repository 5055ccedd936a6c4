package io.ascan.scan.adaptive;

import io.ascan.codegen.pipeline.CodegenConsumer;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.RowsetColumns;
import io.ascan.codegen.pipeline.SourceCodegen;
import io.ascan.codegen.pipeline.StateSupplier;
import io.ascan.codegen.pipeline.Tuple;
import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.SelectionCodegen;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.VectorColumnAccess;
import io.ascan.expr.Expr;
import io.ascan.scan.ScanMode;
import io.ascan.types.DataType;
import java.util.BitSet;
import java.util.List;

/**
 * The dispatch shim of the A-Scan paper (IV-A): for a pipeline fed by an AdaptiveScan it emits
 * one loop per mode over a rowset's tuples and asks the parent operators for their code once
 * per loop. DIRECT and STAGING evaluate the pushed predicate P inline and skip failing tuples;
 * PUSHDOWN rowsets already satisfy P, so that loop has no P. {@code consume} routes each rowset
 * to its variant by the mode tag. Parent operators never see the mode.
 *
 * <p>Inside DIRECT and STAGING, P's simple conjuncts run first, batch at a time and without
 * branches, into the worker's selection vector ({@link SelectionCodegen}); the loop then visits
 * the selected tuples, evaluates the rest of P per tuple and hands those that pass to the parents.
 * Between the two, operators' per-rowset passes run over the selection ({@link RowsetColumns#pass}):
 * a join probe loads bucket heads there, and may drop tuples its Bloom filter rules out.
 *
 * <p>Rowset layout: the scan's projected columns first, then the columns only P reads; a
 * pushdown rowset carries just the projection, so both layouts agree on the parent's columns.
 *
 * <p>With a line-tracker supplier (the interconnect is emulated), the STAGING variant also marks
 * every 64-byte line it reads in the worker's {@code LineTracker}, which the scan then charges
 * to the link; without one, STAGING is the same loop as DIRECT and counting costs nothing.
 */
public final class DispatchShim implements SourceCodegen {
    private final List<DataType> batchTypes;
    private final int projected;
    private final Expr predicate;
    private final int[] tableToBatch;
    private final StateSupplier lineTrackers;

    /**
     * @param batchTypes   types of the rowset columns (projection, then P-only columns)
     * @param projected    how many of them are the scan's output
     * @param predicate    P over the table's column indexes, or null
     * @param tableToBatch rowset position of each table column P reads
     * @param lineTrackers each worker's {@code LineTracker} for the STAGING variant to count lines in, or null
     */
    public DispatchShim(List<DataType> batchTypes, int projected, Expr predicate, int[] tableToBatch,
                        StateSupplier lineTrackers) {
        this.batchTypes = List.copyOf(batchTypes);
        this.projected = projected;
        this.predicate = predicate;
        this.tableToBatch = tableToBatch.clone();
        this.lineTrackers = lineTrackers;
    }

    public DispatchShim(List<DataType> batchTypes, int projected, Expr predicate, int[] tableToBatch) {
        this(batchTypes, projected, predicate, tableToBatch, null);
    }

    @Override
    public void produce(CodegenConsumer parent, PipelineCodegen gen) {
        BitSet all = new BitSet();
        StringBuilder dispatch = new StringBuilder();
        dispatch.append("    public void consume(io.ascan.codegen.rt.Batch in, int rows, int mode) {\n");
        dispatch.append("        switch (mode) {\n");
        for (ScanMode m : ScanMode.values()) {
            String method = m.name().toLowerCase(java.util.Locale.ROOT);
            dispatch.append("            case ").append(m.ordinal()).append(": ").append(method).append("(in, rows); return;\n");
            all.or(variant(DataMovement.of(m), method, parent, gen));
        }
        dispatch.append("            default: throw new IllegalArgumentException(\"unknown scan mode \" + mode);\n");
        dispatch.append("        }\n    }\n");
        gen.code.member(dispatch.toString());
        for (int c = all.nextSetBit(0); c >= 0; c = all.nextSetBit(c + 1)) gen.rawField(RowsetColumns.fields(c, batchTypes.get(c)));
    }

    /** Emits one variant method; returns the rowset columns it reads. */
    private BitSet variant(DataMovement movement, String method, CodegenConsumer parent, PipelineCodegen gen) {
        ScanMode mode = movement.mode();
        CodeBuilder code = gen.code;
        int mark = code.mark(), indent = code.indent();
        String lines = movement.readsInPlace() && lineTrackers != null
                ? gen.state(io.ascan.topology.LineTracker.class.getName(), lineTrackers) : null;
        RowsetColumns columns = new RowsetColumns(batchTypes, gen, lines);
        VectorColumnAccess tableColumns = VectorColumnAccess.remapped(columns, tableToBatch);
        int[] identity = new int[projected];
        for (int c = 0; c < projected; c++) identity[c] = c;
        Expr inline = movement.predicateOnCompute() ? predicate : null;
        SelectionCodegen selection = SelectionCodegen.of(inline, tableColumns, c -> "$" + c);
        boolean vector = !selection.steps().isEmpty();
        // A per-rowset pass (a join's bucket heads and Bloom filter) runs over the tuples P's
        // vectorised conjuncts selected. Where P has no such conjunct, it would also work for the
        // tuples P then rejects, which STAGING, reading only the values a tuple needs, must not.
        boolean passes = inline == null || vector || !movement.readsInPlace();
        Tuple out = new Tuple(batchTypes.subList(0, projected), columns, identity, passes ? columns : null, columns);
        String select = "";
        if (vector) {
            // P's simple conjuncts, batch at a time into the worker's selection vector
            code.setIndent(2);
            code.line("// P, evaluated inline (" + mode.name() + "): " + selection.steps().size() + " loop(s) into a selection vector");
            gen.rawField("private int[] selection = new int[0];");
            code.line("if (selection.length < rows) selection = new int[rows];");
            code.line("int[] sel = selection;");
            SelectionCodegen.emit(code, selection.steps(), "sel", "selected", "0", "rows");
            select = code.cut(mark);
            inline = selection.restPredicate();
        }
        code.setIndent(3);
        int opened = 0;
        if (inline != null) {
            code.line(vector ? "// the rest of P, per selected tuple" : "// P, evaluated inline (" + mode.name() + ")");
            ValueCode p = gen.expr(inline, tableColumns);
            code.open("if (" + SelectionCodegen.isTrue(p) + ")");
            opened++;
        }
        PipelineCodegen.SourceLoop loop = gen.openLoop();
        parent.consume(out, gen);
        gen.closeLoop();
        for (int i = 0; i < opened; i++) code.close();
        String body = code.cut(mark);
        code.setIndent(2);
        StringBuilder m = new StringBuilder();
        m.append("\n    /** ").append(mode.name()).append(" rowsets").append(!movement.predicateOnCompute() ? ": P already applied near storage"
                        : lines != null ? ": values read in place, lines counted for the emulated interconnect" : "")
                .append(". */\n");
        m.append("    private void ").append(method).append("(io.ascan.codegen.rt.Batch in, int rows) {\n");
        int bindMark = code.mark();
        BitSet used = columns.used();
        if (lines != null) {
            code.line(lines + ".reset(); // counts the distinct lines this rowset's loop reads");
            for (int c = used.nextSetBit(0); c >= 0; c = used.nextSetBit(c + 1)) gen.rawField(RowsetColumns.countingFields(c));
        }
        for (int c = used.nextSetBit(0); c >= 0; c = used.nextSetBit(c + 1)) columns.bind(c, code);
        m.append(code.cut(bindMark));
        m.append(columns.perBatchStatements());
        m.append("        ").append(PipelineCodegen.LOOP_STEPS_DECLARATION).append('\n');
        if (vector) {
            m.append(select);
            if (columns.hasPasses()) m.append("        boolean identity = false;\n");
        } else if (columns.hasPasses()) {
            // Every tuple is selected: sel holds nothing until a pass drops some (and clears identity).
            gen.rawField("private int[] selection = new int[0];");
            m.append("        if (selection.length < rows) selection = new int[rows];\n");
            m.append("        int[] sel = selection;\n");
            m.append("        int selected = rows;\n");
            m.append("        boolean identity = true;\n");
        }
        m.append(columns.passStatements());
        m.append(loop.before());
        if (vector || columns.hasPasses()) {
            m.append("        for (int selectedAt = 0; selectedAt < selected; selectedAt++) {\n");
            m.append("            int row = ").append(columns.hasPasses() ? RowsetColumns.selectedRow("selectedAt") : "sel[selectedAt]").append(";\n");
        } else {
            m.append("        for (int row = 0; row < rows; row++) {\n");
        }
        m.append(body).append("        }\n").append(loop.after()).append("    }\n");
        code.setIndent(indent);
        gen.code.member(m.toString());
        return used;
    }


    /** The Java condition "p is TRUE". */
    public static String notNullAnd(ValueCode p) {
        return SelectionCodegen.isTrue(p);
    }
}
