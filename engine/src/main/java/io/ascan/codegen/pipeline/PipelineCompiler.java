package io.ascan.codegen.pipeline;

import io.ascan.codegen.JaninoClasses;
import io.ascan.codegen.rt.Constants;
import io.ascan.codegen.rt.PipelineCode;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Compiles one pipeline (a source, the operators above it, a sink) into one Janino class: the
 * source emits the loop, each operator fuses its code into the loop body, the sink ends it.
 * Runtime state is bound per worker through {@code open}, constants through the constructor,
 * so the source text depends only on the plan's shape and literals; classes are cached by it.
 */
public final class PipelineCompiler {
    static final String CLASS = "GeneratedPipeline";
    private static final JaninoClasses CLASSES = new JaninoClasses(CLASS, "generated pipeline");
    private static final java.util.regex.Pattern CONSTANT_FIELD =
            java.util.regex.Pattern.compile("private final (\\S+) ([\\w$]+) = (\\(\\S+\\) constants\\[\\d+\\]);");
    private static final int INIT_CHUNK = 1000;

    private PipelineCompiler() {}

    public static Compiled compile(SourceCodegen source, CodegenConsumer parent) {
        long t0 = System.nanoTime();
        PipelineCodegen gen = new PipelineCodegen();
        source.produce(parent, gen);
        String text = assemble(gen);
        long t1 = System.nanoTime();
        JaninoClasses.Loaded loaded = CLASSES.loadTracked(text);
        long t2 = System.nanoTime();
        return new Compiled(loaded.type(), text, gen.code.constants(), gen.suppliers(),
                new Times(t1 - t0, t2 - t1, loaded.compiled()));
    }

    /** What compiling one pipeline cost: generating its source, and finding (or Janino-compiling) its class. */
    public record Times(long generateNanos, long loadNanos, boolean janino) {}

    private static String assemble(PipelineCodegen gen) {
        String rt = "io.ascan.codegen.rt.";
        StringBuilder src = new StringBuilder();
        src.append("public final class ").append(CLASS).append(" extends ").append(rt).append("PipelineCode {\n");
        // Constant fields are assigned in chunked init methods, not by initialisers: thousands of
        // them (one per error message of a huge expression) would overflow the constructor's 64 KB.
        List<String> inits = new java.util.ArrayList<>();
        for (String f : gen.code.fieldDeclarations()) {
            java.util.regex.Matcher m = CONSTANT_FIELD.matcher(f);
            if (!m.matches()) throw new IllegalStateException("unexpected constant field: " + f);
            src.append("    private ").append(m.group(1)).append(' ').append(m.group(2)).append(";\n");
            inits.add(m.group(2) + " = " + m.group(3) + ";");
        }
        src.append("    private ").append(rt).append("StringScratch scratch;\n");
        for (int i = 0; i < gen.stateFields().size(); i++) {
            src.append("    private ").append(gen.stateTypes().get(i)).append(' ').append(gen.stateFields().get(i)).append(";\n");
        }
        for (String f : gen.fields()) src.append("    ").append(f).append('\n');
        src.append("\n    public ").append(CLASS).append("(Object[] constants) {\n        super(constants);\n");
        int chunks = (inits.size() + INIT_CHUNK - 1) / INIT_CHUNK;
        for (int c = 0; c < chunks; c++) src.append("        constants").append(c).append("();\n");
        src.append("    }\n\n");
        for (int c = 0; c < chunks; c++) {
            src.append("    private void constants").append(c).append("() {\n");
            for (String i : inits.subList(c * INIT_CHUNK, Math.min(inits.size(), (c + 1) * INIT_CHUNK))) src.append("        ").append(i).append('\n');
            src.append("    }\n\n");
        }
        src.append("    public void open(Object[] state, ").append(rt).append("StringScratch scratch) {\n");
        src.append("        this.scratch = scratch;\n");
        src.append("        this.emitted = new long[").append(gen.countSlots()).append("];\n");
        for (int i = 0; i < gen.stateFields().size(); i++) {
            src.append("        ").append(gen.stateFields().get(i)).append(" = (").append(gen.stateTypes().get(i))
                    .append(") state[").append(i).append("];\n");
        }
        src.append("    }\n");
        for (String m : gen.code.members()) src.append('\n').append(m);
        src.append("}\n");
        return src.toString();
    }

    static int cachedClasses() {
        return CLASSES.size();
    }

    /** A compiled pipeline class with its constants and the state each worker binds. */
    public record Compiled(Class<?> type, String source, Object[] constants, List<StateSupplier> state, Times times) {
        /** The same class bound to {@code other} state (another execution's operators); nothing generated or loaded. */
        public Compiled withState(List<StateSupplier> other) {
            if (other.size() != state.size()) throw new IllegalArgumentException("a pipeline class binds " + state.size()
                    + " state objects, not " + other.size());
            return new Compiled(type, source, constants, List.copyOf(other), new Times(0, 0, false));
        }

        /** A new instance whose string constants live in memory from {@code allocator}. */
        public Instance instantiate(BufferAllocator allocator) {
            Constants bound = Constants.bind(constants, allocator);
            try {
                PipelineCode code = (PipelineCode) type.getConstructor(Object[].class).newInstance((Object) bound.values());
                return new Instance(code, bound);
            } catch (ReflectiveOperationException e) {
                bound.close();
                throw new IllegalStateException("cannot instantiate a generated pipeline", e);
            }
        }
    }

    /** One worker's instance; closing it releases its constants' memory. */
    public record Instance(PipelineCode code, Constants constants) implements AutoCloseable {
        @Override
        public void close() {
            constants.close();
        }
    }
}
