package io.ascan.planner.schema;

import io.ascan.format.TableVersions;
import io.ascan.format.TableManifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * Which version a table directory holds, as the file system tells it without reading a file: the
 * identity (device and inode where the file system has them), modification time and size of its
 * {@code CURRENT} file (of its manifest for a table from before versions). Publishing a version
 * renames a new {@code CURRENT} into place, so any rewrite changes the version; reading it is one
 * or two {@code stat}s, cheap enough for every statement.
 */
public record ManifestVersion(Object fileKey, long modifiedNanos, long size) {
    /** The version in {@code tableDir}, or null when it holds neither {@code CURRENT} nor a manifest. */
    public static ManifestVersion of(Path tableDir) {
        ManifestVersion v = of(tableDir, TableVersions.CURRENT);
        return v != null ? v : of(tableDir, TableManifest.FILE_NAME);
    }

    private static ManifestVersion of(Path tableDir, String file) {
        try {
            BasicFileAttributes a = Files.readAttributes(tableDir.resolve(file), BasicFileAttributes.class);
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
