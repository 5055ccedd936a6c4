package io.ascan.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.memory.RequiredJvmFlags;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Keeps the JMH suites from rotting: JMH itself runs every benchmark of this package in this JVM
 * (no fork) on tiny parameters, one trial per combination left open: set-up (which checks the
 * benchmark's own result against the data), one invocation, tear-down (which fails on a leaked
 * byte). A benchmark that throws fails the run. Also checks that JMH's annotation processor
 * listed every {@code @Benchmark} method and that every suite forks with the engine's JVM flags.
 */
class JmhSuitesTest {
    @Test
    void everyBenchmarkRunsOnceOnTinyParameters() throws RunnerException, IOException, URISyntaxException {
        // Timings are not the point here, so a JMH run elsewhere on the machine (its lock file) must not fail the build.
        System.setProperty("jmh.ignoreLock", "true");
        Options options = new OptionsBuilder()
                .include(JmhSuitesTest.class.getPackageName().replace(".", "\\.") + "\\..*")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .mode(Mode.SingleShotTime)
                .param("selectivity", "0.5")
                .param("buildRows", "1000")
                .param("hitRate", "0.5")
                .param("groups", "10000")
                .param("sf", "0.01")
                .param("tableMiB", "8")
                .param("depth", "4")
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT)
                .build();
        Collection<RunResult> results = new Runner(options).run();

        Set<String> ran = results.stream().map(r -> r.getParams().getBenchmark()).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(benchmarkMethods(), ran, "benchmarks JMH ran vs @Benchmark methods compiled");
        // Parameters not fixed above run over all their values: 7 column types twice, 4 modes, 2 readers, 2 join layouts.
        assertEquals(7, trials(results, "FilterKernelBenchmark.filter"));
        assertEquals(7, trials(results, "PushdownCompactionBenchmark.compact"));
        assertEquals(4, trials(results, "SsbQueryBenchmark.run"));
        assertEquals(2, trials(results, "SegmentLoadBenchmark.loadTable"));
        assertEquals(2, trials(results, "JoinProbeBenchmark.probe"));
        assertEquals(2, trials(results, "JoinBuildBenchmark.build"));
        for (RunResult r : results) {
            assertTrue(r.getPrimaryResult().getSampleCount() >= 1, r.getParams().id());
        }
    }

    @Test
    void everySuiteForksWithTheEnginesJvmFlags() throws IOException, URISyntaxException {
        for (String name : benchmarkClasses()) {
            Fork fork = load(name).getAnnotation(Fork.class);
            assertNotNull(fork, name + " has no @Fork");
            assertTrue(fork.value() >= 1, name + " must fork");
            assertTrue(Arrays.asList(fork.jvmArgsAppend()).containsAll(RequiredJvmFlags.ALL),
                    name + " forks without " + RequiredJvmFlags.ALL + ": " + Arrays.toString(fork.jvmArgsAppend()));
        }
    }

    private static long trials(Collection<RunResult> results, String benchmark) {
        return results.stream().filter(r -> r.getParams().getBenchmark().endsWith("." + benchmark)).count();
    }

    /** Fully qualified {@code class.method} of every {@code @Benchmark} method compiled into this package. */
    private static Set<String> benchmarkMethods() throws IOException, URISyntaxException {
        Set<String> out = new TreeSet<>();
        for (String name : benchmarkClasses()) {
            for (Method m : load(name).getDeclaredMethods()) {
                if (m.isAnnotationPresent(Benchmark.class)) out.add(name + "." + m.getName());
            }
        }
        assertFalse(out.isEmpty(), "no @Benchmark methods found");
        return out;
    }

    /** Classes of this package (in the module's compiled classes) that declare a {@code @Benchmark} method. */
    private static Set<String> benchmarkClasses() throws IOException, URISyntaxException {
        Path classes = Path.of(FilterKernelBenchmark.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String pkg = FilterKernelBenchmark.class.getPackageName();
        Set<String> out = new TreeSet<>();
        try (Stream<Path> files = Files.list(classes.resolve(pkg.replace('.', '/')))) {
            for (Path f : files.toList()) {
                String file = f.getFileName().toString();
                if (!file.endsWith(".class") || file.contains("$")) continue;
                String name = pkg + "." + file.substring(0, file.length() - ".class".length());
                if (Arrays.stream(load(name).getDeclaredMethods()).anyMatch(m -> m.isAnnotationPresent(Benchmark.class))) out.add(name);
            }
        }
        return out;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, JmhSuitesTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new AssertionError(name, e);
        }
    }
}
