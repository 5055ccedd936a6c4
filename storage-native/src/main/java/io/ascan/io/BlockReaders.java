package io.ascan.io;

import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creates the configured {@link BlockReader}, falling back to the portable one where io_uring cannot run. */
public final class BlockReaders {
    private static final Logger LOG = LoggerFactory.getLogger(BlockReaders.class);
    private static final AtomicBoolean FALLBACK_LOGGED = new AtomicBoolean();

    private BlockReaders() {}

    public static BlockReader open(IoMode mode, int depth) {
        if (mode == IoMode.URING) {
            String why = "the io_uring reader is not part of this build yet";
            if (FALLBACK_LOGGED.compareAndSet(false, true)) {
                LOG.warn("io_uring unavailable ({}); using the portable FileChannel reader", why);
            }
        }
        return new PortableBlockReader(depth);
    }
}
