package io.ascan.catalog;

import io.ascan.format.TableVersions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The views of a catalog: one file {@code .views/<name>.sql} each, holding the view's query. A
 * definition is written to a temporary file, synced and renamed over the old one, so a crash
 * leaves the old definition or the new one; dropping is one unlink. The planner expands a view
 * where a query names it.
 */
public final class Views {
    static final String DIR = ".views";
    private static final String SUFFIX = ".sql";
    private final Path dir;

    Views(Path catalogDir) {
        this.dir = catalogDir.resolve(DIR);
    }

    /** The query of view {@code name}, or null when there is no such view. */
    public String query(String name) throws IOException {
        try {
            return Files.readString(dir.resolve(name + SUFFIX), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    public boolean exists(String name) {
        return Files.isRegularFile(dir.resolve(name + SUFFIX));
    }

    /** Names of the views, sorted. */
    public List<String> names() throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        List<String> names = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                String f = p.getFileName().toString();
                if (f.endsWith(SUFFIX) && !f.startsWith(".")) names.add(f.substring(0, f.length() - SUFFIX.length()));
            }
        }
        return names;
    }

    /** Defines (or redefines) view {@code name} atomically. */
    public void put(String name, String query) throws IOException {
        Files.createDirectories(dir);
        Path tmp = dir.resolve("." + name + "-" + UUID.randomUUID());
        try {
            Files.writeString(tmp, query, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                    StandardOpenOption.SYNC);
            TableVersions.move(tmp, dir.resolve(name + SUFFIX));
        } finally {
            Files.deleteIfExists(tmp);
        }
        TableVersions.fsyncDir(dir);
    }

    /** Removes view {@code name}; false when there was none. */
    public boolean drop(String name) throws IOException {
        boolean dropped = Files.deleteIfExists(dir.resolve(name + SUFFIX));
        if (dropped) TableVersions.fsyncDir(dir);
        return dropped;
    }
}
