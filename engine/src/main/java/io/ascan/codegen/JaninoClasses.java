package io.ascan.codegen;

import io.ascan.exec.SqlStates;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.codehaus.janino.SimpleCompiler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compiles generated source with Janino and caches the class by its source text, so a plan shape
 * seen before costs a map lookup. A compile error names the problem only: the source (which can
 * be megabytes) goes to the debug log, and {@code --dump-code} shows what compiles.
 */
public final class JaninoClasses {
    private static final Logger LOG = LoggerFactory.getLogger(JaninoClasses.class);
    private final Map<String, Class<?>> cache = new ConcurrentHashMap<>();
    private final String className;
    private final String what;

    /** @param className the generated class's name; @param what names the code in errors */
    public JaninoClasses(String className, String what) {
        this.className = className;
        this.what = what;
    }

    public Class<?> load(String source) {
        return cache.computeIfAbsent(source, this::compile);
    }

    /** A class and whether this call compiled it (false: it was cached). */
    public record Loaded(Class<?> type, boolean compiled) {}

    public Loaded loadTracked(String source) {
        Class<?> cached = cache.get(source);
        if (cached != null) return new Loaded(cached, false);
        boolean[] compiled = new boolean[1];
        Class<?> type = cache.computeIfAbsent(source, s -> {
            compiled[0] = true;
            return compile(s);
        });
        return new Loaded(type, compiled[0]);
    }

    private Class<?> compile(String source) {
        SimpleCompiler compiler = new SimpleCompiler();
        compiler.setParentClassLoader(JaninoClasses.class.getClassLoader());
        // Line numbers (into the source --dump-code shows) in stack traces and profiles; no runtime cost.
        compiler.setDebuggingInformation(true, true, false);
        try {
            compiler.cook(source);
            return compiler.getClassLoader().loadClass(className);
        } catch (Exception e) {
            if (LOG.isDebugEnabled()) LOG.debug("{} does not compile: {}\n{}", what, e.getMessage(), numbered(source));
            throw new IllegalStateException(what + " does not compile: " + SqlStates.chainMessage(e), e);
        }
    }

    public int size() {
        return cache.size();
    }

    static String numbered(String source) {
        StringBuilder sb = new StringBuilder();
        String[] lines = source.split("\n");
        for (int i = 0; i < lines.length; i++) sb.append(String.format("%4d  %s%n", i + 1, lines[i]));
        return sb.toString();
    }
}
