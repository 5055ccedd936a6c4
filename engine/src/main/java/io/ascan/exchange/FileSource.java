package io.ascan.exchange;

import io.ascan.codegen.rt.SqlException;
import io.ascan.exec.SqlStates;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The files a query reads in place ({@code read_parquet('data/*.parquet')}): a path or a glob
 * (relative to the working directory, as in DuckDB) and what the file system said of each
 * match when it was resolved. A file written again, or a glob matching other files, makes the
 * source no longer {@link #current()}: plans made from it are made again.
 */
public record FileSource(String pattern, List<Stamp> files) {
    /** One file: its absolute path, size, modification time and identity (inode where there is one). */
    public record Stamp(Path path, long size, long modifiedNanos, Object fileKey) {
        static Stamp of(Path file) throws IOException {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return new Stamp(file, a.size(), a.lastModifiedTime().to(TimeUnit.NANOSECONDS), a.fileKey());
        }
    }

    /**
     * The files {@code pattern} names now, sorted by path. A missing or unreadable file, or a
     * glob that matches nothing, is an I/O error (58030) naming it.
     */
    public static FileSource resolve(String pattern) {
        Path path;
        try {
            path = Path.of(pattern).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new SqlException(SqlStates.IO_ERROR, "cannot read '" + pattern + "': " + e.getMessage());
        }
        try {
            if (!isGlob(pattern)) {
                checkReadable(path);
                return new FileSource(pattern, List.of(Stamp.of(path)));
            }
            List<Stamp> files = new ArrayList<>();
            for (Path p : matches(path)) {
                checkReadable(p);
                files.add(Stamp.of(p));
            }
            if (files.isEmpty()) throw new SqlException(SqlStates.IO_ERROR, "no file matches '" + pattern + "'");
            return new FileSource(pattern, List.copyOf(files));
        } catch (IOException e) {
            throw new SqlException(SqlStates.IO_ERROR, "cannot read '" + pattern + "': " + e);
        }
    }

    /** Whether {@link #pattern} still names exactly these files, unchanged. */
    public boolean current() {
        try {
            return resolve(pattern).files.equals(files);
        } catch (RuntimeException e) {
            return false; // gone or unreadable: planning again reports it
        }
    }

    static boolean isGlob(String pattern) {
        return pattern.indexOf('*') >= 0 || pattern.indexOf('?') >= 0 || pattern.indexOf('[') >= 0
                || pattern.indexOf('{') >= 0;
    }

    private static void checkReadable(Path file) {
        if (!Files.exists(file)) throw new SqlException(SqlStates.IO_ERROR, "cannot read " + file + ": no such file");
        if (!Files.isRegularFile(file)) throw new SqlException(SqlStates.IO_ERROR, "cannot read " + file + ": not a regular file");
        if (!Files.isReadable(file)) throw new SqlException(SqlStates.IO_ERROR, "cannot read " + file + ": permission denied");
    }

    /** The regular files under the glob's fixed leading directories that match the rest of it. */
    private static List<Path> matches(Path glob) throws IOException {
        Path base = glob.getRoot();
        int first = 0;
        while (first < glob.getNameCount() && !isGlob(glob.getName(first).toString())) {
            base = base.resolve(glob.getName(first));
            first++;
        }
        if (!Files.isDirectory(base)) return List.of();
        Path rest = glob.subpath(first, glob.getNameCount());
        PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + rest);
        int depth = rest.toString().contains("**") ? Integer.MAX_VALUE : rest.getNameCount();
        Path from = base;
        try (Stream<Path> s = Files.walk(base, depth)) {
            return s.filter(p -> Files.isRegularFile(p) && m.matches(from.relativize(p))).sorted().toList();
        }
    }
}
