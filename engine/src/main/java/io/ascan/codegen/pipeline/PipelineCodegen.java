package io.ascan.codegen.pipeline;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ColumnAccess;
import io.ascan.codegen.ExprCodegen;
import io.ascan.codegen.ValueCode;
import io.ascan.expr.Expr;
import java.util.ArrayList;
import java.util.List;

/**
 * What the operators of one pipeline share while generating its class: the code builder, the
 * runtime state fields bound per worker (hash tables, stores, writers; never baked into the
 * source, so the class is reusable and cached by its text), and plain fields.
 */
public final class PipelineCodegen {
    /** Sub-expressions bigger than this become methods of their own (the JVM's 64 KB method limit). */
    static final int SPLIT_NODES = 200;

    public final CodeBuilder code = new CodeBuilder();
    private final List<String> fields = new ArrayList<>();
    private final List<String> stateTypes = new ArrayList<>();
    private final List<String> stateFields = new ArrayList<>();
    private final List<StateSupplier> suppliers = new ArrayList<>();

    /**
     * A field of type {@code javaType} holding the object {@code supplier} gives each worker;
     * the same supplier object registered twice gives the same field.
     */
    public String state(String javaType, StateSupplier supplier) {
        int i = suppliers.indexOf(supplier);
        if (i >= 0) return stateFields.get(i);
        String name = code.fresh("state");
        stateTypes.add(javaType);
        stateFields.add(name);
        suppliers.add(supplier);
        return name;
    }

    /** Declares a mutable field of the generated class; returns its name. */
    public String field(String javaType, String prefix) {
        String name = code.fresh(prefix);
        fields.add("private " + javaType + " " + name + ";");
        return name;
    }

    private final java.util.Set<String> once = new java.util.HashSet<>();

    /** True the first time {@code key} is asked: for members an operator adds once per class, not per shim variant. */
    public boolean once(String key) {
        return once.add(key);
    }

    /** Adds a field declaration as written, once. */
    public void rawField(String declaration) {
        if (!fields.contains(declaration)) fields.add(declaration);
    }

    private SourceLoop loop;

    /**
     * Starts the loop a source is about to generate (one per generated method that runs the
     * parents' code over many tuples); the parents may then place statements before and after
     * it through {@link #loop}. The source emits {@link SourceLoop#before} and
     * {@link SourceLoop#after} around its loop once the parents' code is generated.
     */
    public SourceLoop openLoop() {
        loop = new SourceLoop();
        return loop;
    }

    /** Ends the loop {@link #openLoop} started. */
    public void closeLoop() {
        loop = null;
    }

    /** The loop whose body is being generated, or null where the source gives none. */
    public SourceLoop loop() {
        return loop;
    }

    /**
     * Statements the parents run once around a source's loop (per rowset for a scan, per chunk of
     * rows for a breaker's rows): a sink keeps running state in locals for the whole loop, which
     * lets the JIT hold it in registers, and writes it to memory once after the loop.
     */
    public static final class SourceLoop {
        private final StringBuilder before = new StringBuilder();
        private final StringBuilder after = new StringBuilder();
        private final java.util.Set<String> locals = new java.util.HashSet<>();

        /** True the first time {@code local} is declared in this loop. */
        boolean declare(String local) {
            return locals.add(local);
        }

        /** Adds statements (indented for the method level) to run before the loop's first tuple. */
        public void before(String statements) {
            before.append(statements);
        }

        /** Adds statements (indented for the method level) to run after the loop's last tuple. */
        public void after(String statements) {
            after.insert(0, statements); // undone in reverse order of set-up
        }

        public String before() {
            return before.toString();
        }

        public String after() {
            return after.toString();
        }
    }

    /** Steps of a long inner loop between two looks at the query's cancellation flag. */
    static final int CANCEL_CHECK_STEPS = 1 << 14;
    private static final StateSupplier QUERY = io.ascan.exec.WorkerContext::query;

    /**
     * The declaration every method hosting a source's loop starts with: the step counter of
     * {@link #checkCancelledInLoop}, a local so that counting stays in a register.
     */
    public static final String LOOP_STEPS_DECLARATION = "int loopSteps = 0;";

    /**
     * Emits a cancellation check for a loop that may run long within one tuple (a join's match
     * chain): a counter, and every {@value #CANCEL_CHECK_STEPS} steps one volatile read. The
     * per-rowset check of the source cannot stop a rowset whose tuples fan out by millions.
     */
    public void checkCancelledInLoop() {
        String query = state(io.ascan.exec.QueryContext.class.getName(), QUERY);
        code.open("if (++loopSteps == " + CANCEL_CHECK_STEPS + ")");
        code.line("loopSteps = 0;");
        code.line("if (" + query + ".cancelled()) throw new java.util.concurrent.CancellationException(\"query stopped\");");
        code.close();
    }

    private int countSlots;

    /**
     * Emits the count of one tuple in slot {@code slot} of {@code emitted}: a local of the
     * source's loop (kept in a register), added to the field after the loop.
     */
    public void countTuple(int slot) {
        countSlots = Math.max(countSlots, slot + 1);
        if (loop == null) {
            code.line("emitted[" + slot + "]++;");
            return;
        }
        String local = "emitted$" + slot;
        if (loop.declare(local)) {
            loop.before("        long " + local + " = 0L;\n");
            loop.after("        emitted[" + slot + "] += " + local + ";\n");
        }
        code.line(local + "++;");
    }

    /** The number of tuple-count slots the generated code uses. */
    int countSlots() {
        return countSlots;
    }

    /** Emits the statements computing {@code e} over {@code columns}; returns where its value is. */
    public ValueCode expr(Expr e, ColumnAccess columns) {
        return new ExprCodegen(code, columns).splitAbove(SPLIT_NODES).compile(e);
    }

    List<String> fields() {
        return fields;
    }

    List<String> stateTypes() {
        return stateTypes;
    }

    List<String> stateFields() {
        return stateFields;
    }

    public List<StateSupplier> suppliers() {
        return List.copyOf(suppliers);
    }
}
