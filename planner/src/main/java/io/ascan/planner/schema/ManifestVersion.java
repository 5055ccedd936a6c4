package io.ascan.planner.schema;

import io.ascan.format.TableManifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * Which manifest a table directory holds, as the file system tells it without reading the file:
 * the file's identity (device and inode where the file system has them), modification time and
 * size. A table written again publishes a new directory with a new manifest file, so any rewrite
 * changes the version; reading it is one {@code stat}, cheap enough for every statement.
 */
public record ManifestVersion(Object fileKey, long modifiedNanos, long size) {
    /** The version in {@code tableDir}, or null when it holds no manifest (the table is gone). */
    public static ManifestVersion of(Path tableDir) {
        try {
            BasicFileAttributes a = Files.readAttributes(tableDir.resolve(TableManifest.FILE_NAME), BasicFileAttributes.class);
            return new ManifestVersion(a.fileKey(), a.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS), a.size());
        } catch (IOException e) {
            return null;
        }
    }

    /** Whether {@code tableDir} still holds this manifest. */
    public boolean current(Path tableDir) {
        return Objects.equals(this, of(tableDir));
    }
}
