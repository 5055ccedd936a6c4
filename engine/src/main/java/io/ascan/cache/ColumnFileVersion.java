package io.ascan.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.TimeUnit;

/**
 * One version of a column file: its path plus what changes when the file is replaced. A table
 * rewrite publishes new files (a new inode, a new modification time), so the same path with
 * other contents is another version.
 *
 * @param fileKey the file system's identity of the file (device and inode on Linux), null where there is none
 */
public record ColumnFileVersion(Path path, Object fileKey, long modifiedNanos, long size) {
    /** The version of {@code file} on disk now. */
    public static ColumnFileVersion of(Path file) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        return new ColumnFileVersion(file.toAbsolutePath(), a.fileKey(), a.lastModifiedTime().to(TimeUnit.NANOSECONDS), a.size());
    }
}
