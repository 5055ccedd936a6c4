package io.ascan.testing;

import io.ascan.format.ManifestCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

/** Test helper: edits a sealed manifest's JSON and seals it again, as a deliberate rewrite (not damage) would. */
public final class ManifestFiles {
    private static final int BODY_START = "{\"crc32c\":\"01234567\",\"manifest\":".length();

    private ManifestFiles() {}

    /** The manifest's JSON, without its checksum envelope. */
    public static String body(Path manifest) throws IOException {
        byte[] file = Files.readAllBytes(manifest);
        return new String(file, BODY_START, file.length - BODY_START - 2, StandardCharsets.UTF_8);
    }

    /** Rewrites the manifest's JSON with {@code edit} and a checksum that matches it. */
    public static void edit(Path manifest, UnaryOperator<String> edit) throws IOException {
        String body = edit.apply(body(manifest));
        Files.write(manifest, ManifestCodec.seal(body.getBytes(StandardCharsets.UTF_8)));
    }
}
