package io.ascan.testutil;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** What the kernel says this process holds: open descriptors and memory mappings. */
public final class ProcSelf {
    private ProcSelf() {}

    /** Targets of every open descriptor (a file path, "anon_inode:[io_uring]", ...). */
    public static List<String> fdTargets() {
        return new ArrayList<>(fdTargetsByFd().values());
    }

    /** Descriptor number → target. */
    public static Map<String, String> fdTargetsByFd() {
        Map<String, String> out = new HashMap<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    out.put(fd.getFileName().toString(), Files.readSymbolicLink(fd).toString());
                } catch (IOException e) {
                    // gone meanwhile
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The open flags of descriptor {@code fd}, from /proc/self/fdinfo (printed in octal). */
    public static int openFlags(String fd) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/fdinfo", fd))) {
                if (line.startsWith("flags:")) return Integer.parseInt(line.substring(6).trim(), 8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("no flags for fd " + fd);
    }

    public static long countFds(String targetContains) {
        return fdTargets().stream().filter(t -> t.contains(targetContains)).count();
    }

    public static List<String> maps() {
        try {
            return Files.readAllLines(Path.of("/proc/self/maps"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static long countMaps(String contains) {
        return maps().stream().filter(l -> l.contains(contains)).count();
    }

    /** True if some mapping covers {@code address}. */
    public static boolean isMapped(long address) {
        for (String line : maps()) {
            int dash = line.indexOf('-');
            int space = line.indexOf(' ');
            long start = Long.parseUnsignedLong(line.substring(0, dash), 16);
            long end = Long.parseUnsignedLong(line.substring(dash + 1, space), 16);
            if (Long.compareUnsigned(address, start) >= 0 && Long.compareUnsigned(address, end) < 0) return true;
        }
        return false;
    }
}
