package io.ascan.format;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.ReadOnlyFileSystemException;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;

/**
 * Who holds which table version, across threads and processes. Each version has a lock file: a
 * reader pins the version with a shared OS lock on it, its writer holds an exclusive lock from
 * staging until the version is published, and a cleaner removes a version only while it holds
 * the exclusive lock itself.
 *
 * <p>OS file locks (fcntl) belong to the process, and closing any descriptor of a file drops all
 * the process's locks on it. So this JVM opens each lock file once, through this class only:
 * one shared lock per version however many queries pin it (counted here), and the writers'
 * exclusive locks are registered here too, keyed by file identity (which a rename keeps). One
 * instance per JVM: {@link #JVM}.
 */
public final class VersionLocks {
    public static final VersionLocks JVM = new VersionLocks();

    private final Map<Object, Held> held = new HashMap<>();

    private static final class Held {
        final FileChannel channel; // null: pinned without an OS lock (read-only catalog)
        final FileLock lock;
        final boolean exclusive;
        int pins;

        Held(FileChannel channel, FileLock lock, boolean exclusive) {
            this.channel = channel;
            this.lock = lock;
            this.exclusive = exclusive;
        }

        void release() {
            try {
                if (lock != null && lock.isValid()) lock.release();
                if (channel != null) channel.close();
            } catch (IOException ignored) {
                // closing the channel drops the lock in any case
            }
        }
    }

    /** A hold on a version (a reader's pin, or a writer's exclusive lock). Idempotent close. */
    public final class Hold implements AutoCloseable {
        private final Object key;
        private final Runnable onLastRelease;
        private boolean closed;

        private Hold(Object key, Runnable onLastRelease) {
            this.key = key;
            this.onLastRelease = onLastRelease;
        }

        @Override
        public void close() {
            synchronized (this) {
                if (closed) return;
                closed = true;
            }
            if (release(key) && onLastRelease != null) onLastRelease.run();
        }
    }

    VersionLocks() {}

    private static Object key(Path lockFile) throws IOException {
        return Files.readAttributes(lockFile, BasicFileAttributes.class).fileKey();
    }

    /**
     * Creates {@code lockFile} and holds it exclusively: the version being written there is
     * neither removed as abandoned nor pinned until the hold is closed.
     */
    public synchronized Hold createExclusive(Path lockFile) throws IOException {
        FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        try {
            FileLock lock = ch.lock();
            Object key = key(lockFile);
            held.put(key, new Held(ch, lock, true));
            return new Hold(key, null);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /**
     * Creates directory {@code dir} holding {@code dir/}{@link TableVersions#LOCK}, held
     * exclusively ({@link #createExclusive}): a writer's staging. Atomic for this JVM's
     * {@link #lockless} (both hold this monitor), so that recovery, which removes staging without a
     * lock file as its dead writer's, never takes a live writer's staging in the instant between
     * the directory and its lock.
     */
    public synchronized Hold createLockedDirectory(Path dir) throws IOException {
        Files.createDirectory(dir);
        try {
            return createExclusive(dir.resolve(TableVersions.LOCK));
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(dir);
            throw e;
        }
    }

    /**
     * Creates directory {@code dir} and moves {@code from} into it as {@code to} (a new table
     * assembled around its staged version), atomically for this JVM's {@link #lockless}.
     */
    public synchronized void createDirectoryAround(Path dir, Path from, Path to) throws IOException {
        Files.createDirectory(dir);
        try {
            TableVersions.move(from, to);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(dir);
            throw e;
        }
    }

    /**
     * The lock files in {@code staging} and the directories below it (two levels), or null when it
     * is gone. Under this monitor: a directory this JVM's writers are still creating is never seen
     * without its lock.
     */
    public synchronized java.util.List<Path> locksIn(Path staging) throws IOException {
        try (java.util.stream.Stream<Path> s = Files.walk(staging, 2)) {
            return s.filter(p -> p.getFileName().toString().equals(TableVersions.LOCK)).toList();
        } catch (NoSuchFileException | java.io.UncheckedIOException e) {
            return null;
        }
    }

    /**
     * Pins a version: {@code lockFile} is its lock file, {@code marker} a file that exists exactly as
     * long as the version does (a cleaner removes it under the exclusive lock). Null when the version
     * is gone. Waits while a writer or cleaner holds the version. With {@code create} a missing lock
     * file is made (a legacy table's); where it cannot be (read-only catalog) the pin takes no OS lock.
     * {@code onLastRelease} runs when this JVM's last pin of the version goes.
     */
    public synchronized Hold pin(Path lockFile, Path marker, boolean create, Runnable onLastRelease) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Object key;
            FileChannel ch = null;
            try {
                key = key(lockFile);
            } catch (NoSuchFileException e) {
                if (!create) return null;
                try {
                    ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
                } catch (AccessDeniedException | ReadOnlyFileSystemException denied) {
                    return Files.exists(marker) ? unlocked(marker) : null;
                }
                key = key(lockFile);
            }
            Held h = held.get(key);
            if (h != null && !h.exclusive) {
                if (ch != null) ch.close(); // not reached: a held file exists
                h.pins++;
                return new Hold(key, onLastRelease);
            }
            if (h != null) {
                // Its writer (in this JVM) lets go right after publishing it.
                if (ch != null) ch.close();
                if (attempt > 60_000) throw new IOException("version " + lockFile.getParent() + " stays locked by its writer");
                try {
                    wait(1);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new java.io.InterruptedIOException("interrupted while pinning " + lockFile.getParent());
                }
                continue;
            }
            if (ch == null) {
                try {
                    ch = FileChannel.open(lockFile, StandardOpenOption.READ);
                } catch (NoSuchFileException e) {
                    return null;
                }
            }
            FileLock lock;
            try {
                lock = ch.lock(0, Long.MAX_VALUE, true); // waits for another process's writer or cleaner
            } catch (IOException | RuntimeException e) {
                ch.close();
                throw e;
            }
            if (!Files.exists(marker) || !key.equals(key(lockFile))) {
                lock.release();
                ch.close();
                return null;
            }
            Held n = new Held(ch, lock, false);
            n.pins = 1;
            held.put(key, n);
            return new Hold(key, onLastRelease);
        }
    }

    private Hold unlocked(Path marker) {
        Object key = marker.toAbsolutePath();
        Held h = held.computeIfAbsent(key, k -> new Held(null, null, false));
        h.pins++;
        return new Hold(key, null);
    }

    /** True when this was the JVM's last hold of the version (its OS lock is then released). */
    private synchronized boolean release(Object key) {
        Held h = held.get(key);
        if (h == null || --h.pins > 0) return false;
        held.remove(key);
        h.release();
        notifyAll();
        return true;
    }

    /** Pins this JVM holds on the version whose lock file is {@code lockFile} (for tests and diagnostics). */
    public synchronized int pins(Path lockFile) {
        try {
            Held h = held.get(key(lockFile));
            return h == null ? 0 : h.pins;
        } catch (IOException e) {
            return 0;
        }
    }

    /** What a cleaner does to a version while it holds it exclusively. */
    public interface Removal {
        void run() throws IOException;
    }

    /**
     * Runs {@code removal} while holding the version exclusively, unless anyone (this JVM or
     * another process) pins or writes it. True if it ran or the version was already gone. With
     * {@code create} a missing lock file is made (a legacy table's, which pinners make too).
     */
    public synchronized boolean removeIfUnheld(Path lockFile, boolean create, Removal removal) throws IOException {
        FileChannel opened;
        try {
            if (held.containsKey(key(lockFile))) return false;
            opened = FileChannel.open(lockFile, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (NoSuchFileException e) {
            if (!create) return true;
            opened = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        }
        try (FileChannel ch = opened) {
            FileLock lock = ch.tryLock();
            if (lock == null) return false;
            try {
                removal.run();
                return true;
            } finally {
                if (lock.isValid()) lock.release();
            }
        }
    }

    /** True when nobody holds {@code lockFile}: neither this JVM nor, as the OS tells, another process. */
    public synchronized boolean unheld(Path lockFile) throws IOException {
        return removeIfUnheld(lockFile, false, () -> { });
    }
}
