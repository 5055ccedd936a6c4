package io.ascan.exec;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Caps a thread setting to {@link QueryOptions#MAX_THREADS}, warning once per setting and value. */
final class ThreadCap {
    private static final Logger LOG = LoggerFactory.getLogger(ThreadCap.class);
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    private ThreadCap() {}

    static int cap(String setting, int threads) {
        if (threads <= QueryOptions.MAX_THREADS) return threads;
        if (WARNED.add(setting + "=" + threads)) {
            LOG.warn("{}={} is more than this machine can use: capped to {} (4 per available processor, at least 8)",
                    setting, threads, QueryOptions.MAX_THREADS);
        }
        return QueryOptions.MAX_THREADS;
    }
}
