package io.ascan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.exec.QueryContext;
import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.constantpool.ClassEntry;
import java.lang.classfile.constantpool.PoolEntry;
import java.lang.classfile.constantpool.Utf8Entry;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The engine's packages depend on each other one way (docs/architecture.md draws the layers), and
 * the engine knows nothing of the front ends. Reads the engine's compiled classes with the JDK's
 * class-file API: a class depends on every class its constant pool names, in class entries and in
 * descriptors and signatures.
 */
class PackageDependenciesTest {
    /** A class name in a descriptor or signature ({@code Lio/ascan/exec/QueryContext;}) or a class entry. */
    private static final Pattern NAME = Pattern.compile("io/ascan/[\\w/$]+");

    /** Package to the packages its classes depend on, with one class-level edge each as the evidence. */
    private static final Map<String, Map<String, String>> DEPENDENCIES = new TreeMap<>();

    @BeforeAll
    static void readClasses() throws IOException, URISyntaxException {
        Path root = Path.of(QueryContext.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                ClassModel model = ClassFile.of().parse(f);
                String self = model.thisClass().asInternalName();
                String from = packageOf(self);
                Map<String, String> to = DEPENDENCIES.computeIfAbsent(from, k -> new TreeMap<>());
                for (PoolEntry e : model.constantPool()) {
                    String text = e instanceof ClassEntry c ? c.asInternalName() : e instanceof Utf8Entry u ? u.stringValue() : null;
                    if (text == null) continue;
                    Matcher m = NAME.matcher(text);
                    while (m.find()) {
                        String target = packageOf(m.group());
                        if (!target.equals(from)) to.putIfAbsent(target, self.replace('/', '.') + " -> " + m.group().replace('/', '.'));
                    }
                }
            }
        }
    }

    private static String packageOf(String internalName) {
        return internalName.substring(0, internalName.lastIndexOf('/')).replace('/', '.');
    }

    @Test
    void readsTheEngine() {
        assertTrue(DEPENDENCIES.containsKey("io.ascan.exec") && DEPENDENCIES.containsKey("io.ascan.scan.adaptive"), DEPENDENCIES.keySet()::toString);
    }

    @Test
    void noPackageCycles() {
        List<List<String>> cycles = new ArrayList<>();
        for (Set<String> component : stronglyConnected()) {
            if (component.size() > 1) cycles.add(describe(component));
        }
        assertEquals(List.of(), cycles, "packages of the engine that depend on each other, with one dependency of each");
    }

    @Test
    void noFrontEnds() {
        List<String> found = new ArrayList<>();
        for (var e : DEPENDENCIES.entrySet()) {
            if (frontEnd(e.getKey())) continue; // leaving the engine for modules of their own
            for (var d : e.getValue().entrySet()) if (frontEnd(d.getKey())) found.add(d.getValue());
        }
        assertEquals(List.of(), found, "the engine uses no CLI or generator classes");
    }

    private static boolean frontEnd(String pkg) {
        return pkg.equals("io.ascan.cli") || pkg.startsWith("io.ascan.cli.") || pkg.equals("io.ascan.gen") || pkg.startsWith("io.ascan.gen.");
    }

    /** For each package of a cycle: the evidence of its dependencies on the others. */
    private static List<String> describe(Set<String> component) {
        List<String> out = new ArrayList<>();
        for (String p : component) {
            for (var d : DEPENDENCIES.getOrDefault(p, Map.of()).entrySet()) if (component.contains(d.getKey())) out.add(d.getValue());
        }
        return out;
    }

    /** Tarjan's strongly connected components of the package graph, iteratively. */
    private static List<Set<String>> stronglyConnected() {
        Map<String, Integer> index = new HashMap<>(), low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<Set<String>> out = new ArrayList<>();
        int[] next = {0};
        for (String start : DEPENDENCIES.keySet()) {
            if (index.containsKey(start)) continue;
            Deque<Object[]> work = new ArrayDeque<>(); // {package, its successors' iterator}
            visit(start, index, low, stack, onStack, next, work);
            while (!work.isEmpty()) {
                Object[] top = work.peek();
                String v = (String) top[0];
                @SuppressWarnings("unchecked") var it = (java.util.Iterator<String>) top[1];
                if (it.hasNext()) {
                    String w = it.next();
                    if (!index.containsKey(w)) {
                        visit(w, index, low, stack, onStack, next, work);
                    } else if (onStack.contains(w)) {
                        low.put(v, Math.min(low.get(v), index.get(w)));
                    }
                    continue;
                }
                work.pop();
                if (!work.isEmpty()) {
                    String parent = (String) work.peek()[0];
                    low.put(parent, Math.min(low.get(parent), low.get(v)));
                }
                if (low.get(v).equals(index.get(v))) {
                    Set<String> component = new TreeSet<>();
                    String w;
                    do {
                        w = stack.pop();
                        onStack.remove(w);
                        component.add(w);
                    } while (!w.equals(v));
                    out.add(component);
                }
            }
        }
        return out;
    }

    private static void visit(String v, Map<String, Integer> index, Map<String, Integer> low, Deque<String> stack, Set<String> onStack,
                              int[] next, Deque<Object[]> work) {
        index.put(v, next[0]);
        low.put(v, next[0]++);
        stack.push(v);
        onStack.add(v);
        work.push(new Object[] {v, DEPENDENCIES.getOrDefault(v, Map.of()).keySet().iterator()});
    }
}
