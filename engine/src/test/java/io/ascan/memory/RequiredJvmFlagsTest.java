package io.ascan.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A JVM started without the flags gets an error naming each missing one, not a Netty stack trace. */
class RequiredJvmFlagsTest {
    /** Entry point of the child JVM: allocate through the engine and report. */
    public static final class Probe {
        public static void main(String[] args) {
            try (var allocator = Allocators.root()) {
                System.out.println("allocated " + allocator.getAllocatedMemory());
            } catch (IllegalStateException e) {
                System.out.println(e.getMessage());
                System.exit(3);
            }
        }
    }

    private static String[] runProbe(List<String> flags) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(flags);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Probe.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "probe JVM finished");
        return new String[] {String.valueOf(p.exitValue()), out};
    }

    @Test
    void missingFlagsAreNamed() throws Exception {
        String[] r = runProbe(List.of());
        assertEquals("3", r[0], r[1]);
        for (String flag : RequiredJvmFlags.ALL) assertTrue(r[1].contains(flag), r[1]);
        assertTrue(!r[1].contains("io.netty"), "no stack trace from inside Netty: " + r[1]);

        r = runProbe(List.of(RequiredJvmFlags.NATIVE_ACCESS, RequiredJvmFlags.UNSAFE));
        assertEquals("3", r[0], r[1]);
        assertTrue(r[1].contains("needs the JVM flag " + RequiredJvmFlags.OPEN_NIO + " ("), r[1]);
    }

    @Test
    void withAllFlagsTheEngineStarts() throws Exception {
        String[] r = runProbe(RequiredJvmFlags.ALL);
        assertNotEquals("3", r[0], r[1]);
        assertTrue(r[1].contains("allocated 0"), r[1]);
        assertTrue(RequiredJvmFlags.missing().isEmpty(), "surefire passes every flag: " + RequiredJvmFlags.missing());
    }
}
