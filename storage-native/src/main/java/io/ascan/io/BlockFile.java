package io.ascan.io;

import java.io.IOException;
import java.nio.file.Path;

/** A file opened for direct reads by a {@link BlockReader}. */
public interface BlockFile extends AutoCloseable {
    Path path();

    /** Size in bytes when opened. */
    long size();

    @Override
    void close() throws IOException;
}
