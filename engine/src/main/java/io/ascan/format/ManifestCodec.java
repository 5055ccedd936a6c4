package io.ascan.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ascan.io.AlignedMemory;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Reads and writes {@code manifest.json}, validating everything a reader relies on.
 *
 * <p>Since format version 2 the manifest is sealed: the file is {@code {"crc32c":"xxxxxxxx","manifest":BODY}}
 * where BODY is the manifest's JSON and the checksum is the CRC32C of BODY's exact bytes, checked on every
 * read, so a damaged or hand-edited manifest (a zone map's bound changed by one byte) is refused rather than
 * trusted. Version 1 manifests (the bare BODY, written before checksums) are still read.
 */
public final class ManifestCodec {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ManifestCodec() {}

    private static final byte[] SEAL_PREFIX = "{\"crc32c\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SEAL_MIDDLE = "\",\"manifest\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SEAL_SUFFIX = "}\n".getBytes(StandardCharsets.US_ASCII);
    private static final int BODY_START = SEAL_PREFIX.length + 8 + SEAL_MIDDLE.length;

    static void write(TableManifest m, Path file) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("formatVersion", m.formatVersion());
        root.put("name", m.name());
        root.put("rowCount", m.rowCount());
        root.put("segmentCapBytes", m.segmentCapBytes());
        var cols = root.putArray("columns");
        for (int i = 0; i < m.columns().size(); i++) {
            ColumnSpec c = m.columns().get(i);
            var col = cols.addObject().put("name", c.name()).put("type", c.type().toString());
            if (m.distinctCount(i) >= 0) col.put("distinct", m.distinctCount(i));
        }
        root.set("slices", JSON.valueToTree(m.slices()));
        byte[] bytes = seal(JSON.writeValueAsBytes(root));
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(bytes));
            ch.force(true);
        }
    }

    /** The file bytes of a sealed manifest whose JSON is {@code body}. */
    public static byte[] seal(byte[] body) {
        CRC32C crc = new CRC32C();
        crc.update(body);
        byte[] hex = String.format("%08x", crc.getValue()).getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[BODY_START + body.length + SEAL_SUFFIX.length];
        ByteBuffer.wrap(out).put(SEAL_PREFIX).put(hex).put(SEAL_MIDDLE).put(body).put(SEAL_SUFFIX);
        return out;
    }

    /**
     * The JSON body of a manifest file: a sealed one's after checking its checksum, an unsealed
     * (version 1) one as it is; null when the file is not sealed.
     */
    static byte[] unseal(byte[] file, String table) throws DamagedTableException {
        if (!startsWith(file, SEAL_PREFIX, 0)) return null;
        int end = file.length - SEAL_SUFFIX.length;
        if (end < BODY_START || !startsWith(file, SEAL_MIDDLE, SEAL_PREFIX.length + 8) || !startsWith(file, SEAL_SUFFIX, end)) {
            throw new DamagedTableException(table, "manifest is truncated or its checksum envelope is damaged");
        }
        long stored;
        try {
            stored = Long.parseLong(new String(file, SEAL_PREFIX.length, 8, StandardCharsets.US_ASCII), 16);
        } catch (NumberFormatException e) {
            throw new DamagedTableException(table, "manifest checksum is not a hexadecimal number");
        }
        CRC32C crc = new CRC32C();
        crc.update(file, BODY_START, end - BODY_START);
        if (crc.getValue() != stored) {
            throw new DamagedTableException(table, String.format("manifest checksum mismatch: CRC32C %08x, "
                    + "expected %08x (the manifest was damaged or edited)", crc.getValue(), stored));
        }
        return java.util.Arrays.copyOfRange(file, BODY_START, end);
    }

    private static boolean startsWith(byte[] file, byte[] part, int at) {
        return file.length >= at + part.length && java.util.Arrays.equals(file, at, at + part.length, part, 0, part.length);
    }

    /** Loads and checks the manifest of table {@code table} held in {@code dir}. Errors name the table. */
    public static TableManifest read(Path dir, String table) throws IOException {
        Path file = dir.resolve(TableManifest.FILE_NAME);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new DamagedTableException(table, "manifest " + file + " is missing", e);
        } catch (IOException e) {
            throw new DamagedTableException(table, "cannot read manifest " + file + ": " + e, e);
        }
        byte[] body = unseal(bytes, table);
        JsonNode root;
        try {
            root = JSON.readTree(body != null ? body : bytes);
        } catch (JsonProcessingException e) {
            throw new DamagedTableException(table, "manifest is not valid JSON (" + e.getOriginalMessage() + ")");
        }
        if (root == null || !root.isObject()) throw new DamagedTableException(table, "manifest is empty or not a JSON object");
        int version = need(root, "formatVersion", table).asInt();
        if (body == null && version >= TableManifest.SEALED_VERSION) {
            throw new DamagedTableException(table, "manifest of format version " + version + " lacks its checksum");
        }
        if (version < 1 || version > TableManifest.FORMAT_VERSION) {
            throw new StorageException(table, "manifest format version " + version
                    + " is not supported (this build reads version " + TableManifest.FORMAT_VERSION + ")");
        }
        try {
            List<ColumnSpec> columns = new ArrayList<>();
            List<Long> distinct = new ArrayList<>();
            for (JsonNode c : need(root, "columns", table)) {
                columns.add(new ColumnSpec(need(c, "name", table).asText(), DataType.parse(need(c, "type", table).asText())));
                distinct.add(c.has("distinct") ? c.get("distinct").asLong() : -1L); // optional: estimates only
            }
            List<SliceMeta> slices = new ArrayList<>();
            long rows = 0;
            for (JsonNode s : need(root, "slices", table)) {
                SliceMeta slice = JSON.treeToValue(s, SliceMeta.class);
                slices.add(normalize(slice, columns, rows, table));
                rows += slice.rowCount();
            }
            long rowCount = need(root, "rowCount", table).asLong();
            if (rows != rowCount) {
                throw new DamagedTableException(table, "manifest row count " + rowCount + " differs from its slices' " + rows);
            }
            return new TableManifest(version, table, columns, rowCount, need(root, "segmentCapBytes", table).asInt(), slices,
                    distinct.stream().mapToLong(Long::longValue).toArray());
        } catch (JsonProcessingException | IllegalArgumentException | ClassCastException e) {
            throw new DamagedTableException(table, "malformed manifest: " + e.getMessage());
        }
    }

    private static JsonNode need(JsonNode node, String field, String table) throws StorageException {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) throw new DamagedTableException(table, "malformed manifest: missing '" + field + "'");
        return v;
    }

    /** Checks a slice against the schema and gives zone-map bounds their column's Java type. */
    private static SliceMeta normalize(SliceMeta s, List<ColumnSpec> columns, long firstRow, String table)
            throws StorageException {
        if (s.segments() == null || s.segments().size() != columns.size()) {
            throw new DamagedTableException(table, "malformed manifest: slice " + s.index() + " has "
                    + (s.segments() == null ? 0 : s.segments().size()) + " segments for " + columns.size() + " columns");
        }
        if (s.firstRow() != firstRow || s.rowCount() <= 0) {
            throw new DamagedTableException(table, "malformed manifest: slice " + s.index() + " covers rows "
                    + s.firstRow() + "+" + s.rowCount() + ", expected to start at " + firstRow);
        }
        List<SegmentMeta> segs = new ArrayList<>(columns.size());
        for (int c = 0; c < columns.size(); c++) {
            SegmentMeta m = s.segments().get(c);
            if (!AlignedMemory.isAligned(m.offset()) || m.length() < SegmentLayout.HEADER_BYTES || m.encoding() == null
                    || (m.decoded() != null) != (m.encoding() == Encoding.PACKED) || m.decodedLength() < m.length()) {
                throw new StorageException(table, columns.get(c).name(), s.index(),
                        "malformed manifest entry (offset " + m.offset() + ", length " + m.length() + ")");
            }
            TypeKind k = columns.get(c).type().kind();
            segs.add(new SegmentMeta(m.offset(), m.length(), m.crc32c(), m.encoding(), m.nullCount(),
                    bound(m.min(), k), bound(m.max(), k), m.decoded()));
        }
        return new SliceMeta(s.index(), s.firstRow(), s.rowCount(), segs);
    }

    private static Object bound(Object v, TypeKind k) {
        if (v == null) return null;
        return switch (k) {
            case BOOLEAN -> (Boolean) v;
            // Jackson writes non-finite doubles as the strings "Infinity", "-Infinity" (NaN never is a bound).
            case DOUBLE -> v instanceof String str ? Double.parseDouble(str) : ((Number) v).doubleValue();
            case VARCHAR -> (String) v;
            default -> ((Number) v).longValue();
        };
    }
}
