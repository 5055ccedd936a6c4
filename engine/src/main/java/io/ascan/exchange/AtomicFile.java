package io.ascan.exchange;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;

/**
 * An output file written under a hidden temporary name next to its target and renamed into place
 * by {@link #commit()}, so that a failed export never leaves a truncated file (nor destroys an
 * earlier one of the same name). Closing without commit deletes the temporary file.
 */
final class AtomicFile implements AutoCloseable {
    private final Path target;
    private final Path temp;
    private boolean committed;

    private AtomicFile(Path target, Path temp) {
        this.target = target;
        this.temp = temp;
    }

    /** Creates the target's parent directories if missing. */
    static AtomicFile create(Path target) throws IOException {
        Path abs = target.toAbsolutePath();
        Files.createDirectories(abs.getParent());
        return new AtomicFile(abs, abs.resolveSibling("." + abs.getFileName() + ".tmp-" + UUID.randomUUID()));
    }

    Path temp() {
        return temp;
    }

    void commit() throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        committed = true;
    }

    @Override
    public void close() throws IOException {
        if (!committed) Files.deleteIfExists(temp);
    }
}
