package io.ascan.exchange;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/** The formats {@code ascan import} reads: by extension, else by the file's first bytes, else CSV. */
public enum ImportFormat {
    CSV, PARQUET, ARROW;

    public static ImportFormat parse(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "csv" -> CSV;
            case "parquet" -> PARQUET;
            case "arrow", "ipc", "feather" -> ARROW;
            default -> throw new UserException("unknown format '" + name + "' (expected csv, parquet or arrow)");
        };
    }

    public static ImportFormat detect(Path file) throws IOException {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".csv")) return CSV;
        if (name.endsWith(".parquet") || name.endsWith(".pq")) return PARQUET;
        if (name.endsWith(".arrow") || name.endsWith(".arrows") || name.endsWith(".feather") || name.endsWith(".ipc")) {
            return ARROW;
        }
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(6);
        }
        if (startsWith(head, 'P', 'A', 'R', '1')) return PARQUET;
        if (startsWith(head, 'A', 'R', 'R', 'O', 'W', '1')) return ARROW;
        // An IPC stream starts with a continuation marker (0xFFFFFFFF) before its schema message.
        if (startsWith(head, 0xFF, 0xFF, 0xFF, 0xFF)) return ARROW;
        return CSV;
    }

    private static boolean startsWith(byte[] head, int... magic) {
        if (head.length < magic.length) return false;
        byte[] m = new byte[magic.length];
        for (int i = 0; i < magic.length; i++) m[i] = (byte) magic[i];
        return Arrays.equals(head, 0, m.length, m, 0, m.length);
    }
}
