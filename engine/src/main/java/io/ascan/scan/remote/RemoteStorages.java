package io.ascan.scan.remote;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which catalog directories are the local copies of a remote storage node's catalog, and the node
 * behind each: an AdaptiveScan of a table in such a directory reads through the node (it offers
 * the remote modes) instead of reading the directory's column files, which it does not have.
 */
public final class RemoteStorages {
    private static final Map<Path, RemoteStorage> NODES = new ConcurrentHashMap<>();

    private RemoteStorages() {}

    public static void register(Path dir, RemoteStorage node) {
        if (NODES.putIfAbsent(key(dir), node) != null) throw new IllegalStateException(dir + " already has a storage node");
    }

    public static void unregister(Path dir) {
        NODES.remove(key(dir));
    }

    /**
     * The node serving {@code dir}, or null for a local catalog. Every scan asks, several times per
     * execution: with no node registered the answer needs no real path (system calls that took
     * some 6% of a small query's CPU time, TPC-H q02).
     */
    public static RemoteStorage of(Path dir) {
        if (NODES.isEmpty()) return null;
        return NODES.get(key(dir));
    }

    private static Path key(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            return dir.toAbsolutePath().normalize();
        }
    }
}
