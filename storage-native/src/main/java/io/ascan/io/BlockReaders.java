package io.ascan.io;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creates the configured {@link BlockReader}, falling back to the portable one where io_uring cannot run. */
public final class BlockReaders {
    private static final Logger LOG = LoggerFactory.getLogger(BlockReaders.class);
    /** Each distinct reason is logged once: a fallback is never silent, and never repeated per reader. */
    private static final Set<String> LOGGED_REASONS = ConcurrentHashMap.newKeySet();

    private BlockReaders() {}

    /**
     * A reader of the requested kind. {@link IoMode#URING} gives the io_uring reader unless io_uring
     * cannot be set up in this process (library missing, seccomp/EPERM, io_uring_disabled,
     * RLIMIT_MEMLOCK/ENOMEM), in which case the portable reader is returned and the reason logged.
     *
     * @throws IllegalArgumentException if depth is out of range
     */
    public static BlockReader open(IoMode mode, int depth) {
        if (mode == IoMode.URING) {
            try {
                return new UringBlockReader(depth);
            } catch (UringUnavailableException e) {
                if (LOGGED_REASONS.add(e.getMessage())) {
                    LOG.warn("io_uring unavailable ({}); using the portable FileChannel reader", e.getMessage());
                }
            }
        }
        return new PortableBlockReader(depth);
    }
}
