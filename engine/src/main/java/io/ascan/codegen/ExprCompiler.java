package io.ascan.codegen;

import io.ascan.codegen.rt.Batch;
import io.ascan.codegen.rt.BatchExpressions;
import io.ascan.codegen.rt.Constants;
import io.ascan.codegen.rt.Generated;
import io.ascan.codegen.rt.Results;
import io.ascan.codegen.rt.StringScratch;
import io.ascan.expr.Expr;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Compiles a list of expressions over typed input columns into one Janino class that evaluates
 * them tuple by tuple over a {@link Batch}: one method per expression (and per large
 * sub-expression), a row loop calling them. Classes are cached by source text, so the same
 * expressions with the same constants compile once. Used by tests and as the projection kernel;
 * the pipeline compiler uses {@link ExprCodegen} directly with its own {@link ColumnAccess}.
 */
public final class ExprCompiler {
    /** An input column: its type, whether it arrives dictionary-encoded (VARCHAR only), its name for messages. */
    public record Input(String name, DataType type, boolean dictionary) {
        public static Input of(String name, DataType type) {
            return new Input(name, type, false);
        }
    }

    /** Sub-expressions bigger than this many nodes get their own method. */
    static final int SPLIT_NODES = 200;
    private static final String CLASS = "GeneratedExprs";
    private static final JaninoClasses CLASSES = new JaninoClasses(CLASS, "generated code");

    private ExprCompiler() {}

    public static Compiled compile(List<? extends Expr> exprs, List<Input> inputs) {
        CodeBuilder code = new CodeBuilder();
        BatchColumns columns = new BatchColumns(inputs);
        ExprCodegen gen = new ExprCodegen(code, columns, i -> inputs.get(i).name()).splitAbove(SPLIT_NODES);
        StringBuilder methods = new StringBuilder();
        StringBuilder calls = new StringBuilder();
        for (int i = 0; i < exprs.size(); i++) {
            Expr e = exprs.get(i);
            int mark = code.mark();
            code.setIndent(2);
            ValueCode v = gen.compile(e);
            String body = code.cut(mark);
            String jt = ValueCode.javaType(e.type());
            boolean varchar = e.type().kind() == TypeKind.VARCHAR;
            methods.append("\n    /** ").append(ExprCodegen.brief(e, i2 -> inputs.get(i2).name()).replace("*/", "* /")).append(" */\n");
            methods.append("    private void e").append(i).append("(int row, boolean[] nulls, ").append(jt).append("[] values")
                    .append(varchar ? ", int[] lengths" : "").append(") {\n").append(body);
            methods.append("        nulls[row] = ").append(v.isNull()).append(";\n");
            methods.append("        values[row] = ").append(v.value()).append(";\n");
            if (varchar) methods.append("        lengths[row] = ").append(v.length()).append(";\n");
            methods.append("    }\n");
            calls.append("            e").append(i).append("(row, out.nulls[").append(i).append("], (").append(jt).append("[]) out.values[")
                    .append(i).append("]").append(varchar ? ", out.lengths[" + i + "]" : "").append(");\n");
        }
        String rt = "io.ascan.codegen.rt.";
        StringBuilder src = new StringBuilder();
        src.append("public final class ").append(CLASS).append(" extends ").append(Generated.class.getName())
                .append(" implements ").append(BatchExpressions.class.getName()).append(" {\n");
        for (String f : code.fieldDeclarations()) src.append("    ").append(f).append('\n');
        src.append("    private ").append(rt).append("StringScratch scratch;\n");
        for (int c : columns.used()) {
            src.append("    private long valid").append(c).append(", data").append(c).append(", offsets").append(c)
                    .append(", dictOffsets").append(c).append(", dictData").append(c).append(";\n");
            src.append("    private int dictSize").append(c).append(";\n");
        }
        for (String f : columns.perBatchFields) src.append("    ").append(f).append('\n');
        src.append("\n    public ").append(CLASS).append("(Object[] constants) {\n        super(constants);\n    }\n\n");
        src.append("    public void evaluate(").append(rt).append("Batch in, int from, int to, ").append(rt).append("Results out, ")
                .append(rt).append("StringScratch scratch) {\n");
        src.append("        this.scratch = scratch;\n");
        for (int c : columns.used()) {
            src.append("        valid").append(c).append(" = in.validity[").append(c).append("]; data").append(c).append(" = in.data[")
                    .append(c).append("]; offsets").append(c).append(" = in.offsets[").append(c).append("];\n");
            src.append("        dictOffsets").append(c).append(" = in.dictionaryOffsets[").append(c).append("]; dictData").append(c)
                    .append(" = in.dictionaryData[").append(c).append("]; dictSize").append(c).append(" = in.dictionarySize[")
                    .append(c).append("];\n");
        }
        src.append(columns.perBatch);
        src.append("        for (int row = from; row < to; row++) {\n").append(calls).append("        }\n    }\n");
        src.append(methods);
        for (String m : code.members()) src.append('\n').append(m);
        src.append("}\n");
        String source = src.toString();
        return new Compiled(CLASSES.load(source), source, code.constants(),
                exprs.stream().map(Expr::type).toList());
    }

    static int cachedClasses() {
        return CLASSES.size();
    }

    /** A compiled class with the constants of this compilation; {@link #instantiate} gives an evaluator. */
    public static final class Compiled {
        private final Class<?> type;
        private final String source;
        private final Object[] constants;
        private final List<DataType> types;

        Compiled(Class<?> type, String source, Object[] constants, List<DataType> types) {
            this.type = type;
            this.source = source;
            this.constants = constants;
            this.types = types;
        }

        public String source() {
            return source;
        }

        public Class<?> generatedClass() {
            return type;
        }

        public List<DataType> types() {
            return types;
        }

        /** An evaluator whose string constants live in memory from {@code allocator}; close it to release them. */
        public Evaluator instantiate(BufferAllocator allocator) {
            Constants bound = Constants.bind(constants, allocator);
            try {
                BatchExpressions impl = (BatchExpressions) type.getConstructor(Object[].class).newInstance((Object) bound.values());
                return new Evaluator(impl, bound, types);
            } catch (ReflectiveOperationException e) {
                bound.close();
                throw new IllegalStateException("cannot instantiate generated expressions", e);
            }
        }

        @Override
        public String toString() {
            return source;
        }
    }

    /** One instance of the generated class (not thread-safe: one per worker). */
    public static final class Evaluator implements AutoCloseable {
        private final BatchExpressions impl;
        private final Constants constants;
        private final List<DataType> types;

        Evaluator(BatchExpressions impl, Constants constants, List<DataType> types) {
            this.impl = impl;
            this.constants = constants;
            this.types = types;
        }

        public Results newResults(int capacity) {
            return new Results(types, capacity);
        }

        /** Evaluates rows [from, to) of {@code in} into the same rows of {@code out}. */
        public void evaluate(Batch in, int from, int to, Results out, StringScratch scratch) {
            impl.evaluate(in, from, to, out, scratch);
        }

        @Override
        public void close() {
            constants.close();
        }
    }

    /** Reads input column c of {@code row} from the fields the evaluate method loads per batch. */
    static final class BatchColumns implements VectorColumnAccess {
        private final List<Input> inputs;
        private final java.util.BitSet used = new java.util.BitSet();

        BatchColumns(List<Input> inputs) {
            this.inputs = inputs;
        }

        int[] used() {
            return used.stream().toArray();
        }

        @Override
        public ValueCode read(int c, CodeBuilder code) {
            used.set(c);
            Input in = inputs.get(c);
            boolean dict = in.dictionary();
            return ArrowColumnCode.read(code, c, in.type(), dict ? "dictOffsets" + c : "offsets" + c,
                    dict ? "dictData" + c : "data" + c, dict ? ArrowColumnCode.dictionaryCode(c) : "row");
        }

        private final StringBuilder perBatch = new StringBuilder();
        private final List<String> perBatchFields = new java.util.ArrayList<>();

        /** Field declarations of the per-batch values ({@link #perBatch}). */
        List<String> perBatchFields() {
            return perBatchFields;
        }

        /** Statements assigning the per-batch values, to run after the column addresses are bound. */
        String perBatchStatements() {
            return perBatch.toString();
        }

        @Override
        public String perBatch(String javaType, String init) {
            String f = "perBatch" + perBatchFields.size();
            perBatchFields.add("private " + javaType + " " + f + ";");
            perBatch.append("        ").append(f).append(" = ").append(init).append(";\n");
            return f;
        }

        @Override
        public String validity(int c) {
            used.set(c);
            return "valid" + c;
        }

        @Override
        public void touchValidity(int c, CodeBuilder code) {
            used.set(c);
        }

        @Override
        public String value(int c, CodeBuilder code) {
            used.set(c);
            return ArrowColumnCode.fixedValue(c, inputs.get(c).type());
        }

        @Override
        public boolean mayBeDictionary(int c) {
            return inputs.get(c).dictionary();
        }

        @Override
        public DictionaryCode dictionary(int c, CodeBuilder code) {
            if (!inputs.get(c).dictionary()) return null;
            used.set(c);
            String n = code.fresh("c" + c + "Null");
            code.line("boolean " + n + " = valid" + c + " != 0L && !io.ascan.codegen.rt.Mem.bit(valid" + c + ", row);");
            return new DictionaryCode(n, "io.ascan.codegen.rt.Mem.getInt(data" + c + " + 4L * row)", "dictOffsets" + c,
                    "dictData" + c, "dictSize" + c, "true");
        }
    }

}
