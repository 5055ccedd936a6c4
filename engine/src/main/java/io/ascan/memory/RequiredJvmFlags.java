package io.ascan.memory;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Arrow 19 and the FFM bindings need three JVM flags on JDK 25. Without them the failure surfaces
 * deep inside Netty or as an IllegalCallerException, so the engine checks up front and names
 * what is missing.
 */
public final class RequiredJvmFlags {
    public static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";
    public static final String OPEN_NIO = "--add-opens=java.base/java.nio=ALL-UNNAMED";
    public static final String UNSAFE = "--sun-misc-unsafe-memory-access=allow";
    public static final List<String> ALL = List.of(NATIVE_ACCESS, OPEN_NIO, UNSAFE);

    private static volatile boolean verified;

    private RequiredJvmFlags() {}

    /** The required flags this JVM was started without. */
    public static List<String> missing() {
        List<String> missing = new ArrayList<>();
        Module self = RequiredJvmFlags.class.getModule();
        if (!self.isNativeAccessEnabled()) missing.add(NATIVE_ACCESS);
        if (!Object.class.getModule().isOpen("java.nio", self)) missing.add(OPEN_NIO);
        if (!unsafeAllowed()) missing.add(UNSAFE);
        return missing;
    }

    private static boolean unsafeAllowed() {
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.equals(UNSAFE)) return true;
        }
        return false;
    }

    /** Throws an {@link IllegalStateException} naming every missing flag. */
    public static void verify() {
        if (verified) return;
        List<String> missing = missing();
        if (!missing.isEmpty()) {
            throw new IllegalStateException("ascan needs the JVM flag" + (missing.size() > 1 ? "s " : " ")
                    + String.join(" ", missing) + " (start java with " + String.join(" ", ALL)
                    + "; the ./ascan launcher, the tests and the benchmarks pass them)");
        }
        verified = true;
    }
}
