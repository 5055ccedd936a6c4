package io.ascan.io;

import io.ascan.ffi.libc.LibC;
import io.ascan.ffi.libc.libc_h;
import io.ascan.ffi.uring.io_uring;
import io.ascan.ffi.uring.liburing_h;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Decides once whether io_uring works in this process, and explains setup failures in words. */
final class UringProbe {
    private UringProbe() {}

    private static final Path DISABLED_SYSCTL = Path.of("/proc/sys/kernel/io_uring_disabled");

    private static final class Once {
        static final String REASON = probe();
    }

    /** Null when io_uring is usable. */
    static String reason() {
        return Once.REASON;
    }

    private static String probe() {
        String os = System.getProperty("os.name", "");
        if (!os.toLowerCase(Locale.ROOT).startsWith("linux")) return "io_uring needs Linux (this is " + os + ")";
        // The struct bindings assume LP64; struct stat is read only at st_size, which x86_64 and
        // aarch64 share.
        String arch = System.getProperty("os.arch", "");
        if (ValueLayout.ADDRESS.byteSize() != 8 || !(arch.equals("amd64") || arch.equals("aarch64"))) {
            return "the liburing bindings are written for x86_64/aarch64, not " + arch;
        }
        String missing = liburing_h.loadFailure();
        if (missing != null) return missing;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ring = arena.allocate(io_uring.layout());
            int r = liburing_h.io_uring_queue_init(2, ring, 0);
            if (r < 0) return explainSetupFailure(-r, 2);
            liburing_h.io_uring_queue_exit(ring);
            return null;
        } catch (IllegalCallerException e) {
            return "native access is not enabled (run with --enable-native-access=ALL-UNNAMED): " + e.getMessage();
        } catch (LinkageError e) {
            return "liburing is unusable: " + e;
        }
    }

    /** Turns a failed io_uring_queue_init (-errno) into the reason an operator can act on. */
    static String explainSetupFailure(int errno, int entries) {
        String what = "io_uring_queue_init(" + entries + ") failed with " + LibC.describe(errno);
        return switch (errno) {
            case libc_h.EPERM -> what + ": blocked by seccomp (e.g. a container's default profile) or by the"
                    + " io_uring_disabled sysctl (kernel.io_uring_disabled=" + disabledSysctl() + ")";
            case libc_h.ENOMEM -> what + ": the ring does not fit the locked-memory limit RLIMIT_MEMLOCK ("
                    + memlockLimit() + "; raise `ulimit -l`) or the kernel is out of memory";
            case libc_h.ENOSYS -> what + ": the kernel has no io_uring, or a seccomp filter hides it";
            case libc_h.EMFILE, libc_h.ENFILE -> what + ": out of file descriptors";
            case libc_h.EINVAL -> what + ": the kernel rejected the ring parameters";
            default -> what;
        };
    }

    private static String disabledSysctl() {
        try {
            return Files.readString(DISABLED_SYSCTL).trim();
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String memlockLimit() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
                if (line.startsWith("Max locked memory")) {
                    String[] f = line.substring("Max locked memory".length()).trim().split("\\s+");
                    return "soft " + f[0] + " " + f[2] + ", hard " + f[1];
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through
        }
        return "unknown";
    }
}
