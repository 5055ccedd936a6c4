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
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/** Reads and writes {@code manifest.json}, validating everything a reader relies on. */
public final class ManifestCodec {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ManifestCodec() {}

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
        byte[] bytes = JSON.writeValueAsBytes(root);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap(bytes));
            ch.force(true);
        }
    }

    /** Loads and checks the manifest of the table in {@code tableDir}. Errors name the table. */
    public static TableManifest read(Path tableDir) throws IOException {
        String table = tableDir.getFileName().toString();
        Path file = tableDir.resolve(TableManifest.FILE_NAME);
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString(), null, "table '" + table + "' has no manifest");
        }
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new StorageException(table, "manifest is not valid JSON (" + e.getOriginalMessage() + ")");
        }
        if (root == null || !root.isObject()) throw new StorageException(table, "manifest is empty or not a JSON object");
        int version = need(root, "formatVersion", table).asInt();
        if (version != TableManifest.FORMAT_VERSION) {
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
                throw new StorageException(table, "manifest row count " + rowCount + " differs from its slices' " + rows);
            }
            return new TableManifest(version, table, columns, rowCount, need(root, "segmentCapBytes", table).asInt(), slices,
                    distinct.stream().mapToLong(Long::longValue).toArray());
        } catch (JsonProcessingException | IllegalArgumentException | ClassCastException e) {
            throw new StorageException(table, "malformed manifest: " + e.getMessage());
        }
    }

    private static JsonNode need(JsonNode node, String field, String table) throws StorageException {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) throw new StorageException(table, "malformed manifest: missing '" + field + "'");
        return v;
    }

    /** Checks a slice against the schema and gives zone-map bounds their column's Java type. */
    private static SliceMeta normalize(SliceMeta s, List<ColumnSpec> columns, long firstRow, String table)
            throws StorageException {
        if (s.segments() == null || s.segments().size() != columns.size()) {
            throw new StorageException(table, "malformed manifest: slice " + s.index() + " has "
                    + (s.segments() == null ? 0 : s.segments().size()) + " segments for " + columns.size() + " columns");
        }
        if (s.firstRow() != firstRow || s.rowCount() <= 0) {
            throw new StorageException(table, "malformed manifest: slice " + s.index() + " covers rows "
                    + s.firstRow() + "+" + s.rowCount() + ", expected to start at " + firstRow);
        }
        List<SegmentMeta> segs = new ArrayList<>(columns.size());
        for (int c = 0; c < columns.size(); c++) {
            SegmentMeta m = s.segments().get(c);
            if (!AlignedMemory.isAligned(m.offset()) || m.length() < SegmentLayout.HEADER_BYTES || m.encoding() == null) {
                throw new StorageException(table, columns.get(c).name(), s.index(),
                        "malformed manifest entry (offset " + m.offset() + ", length " + m.length() + ")");
            }
            TypeKind k = columns.get(c).type().kind();
            segs.add(new SegmentMeta(m.offset(), m.length(), m.crc32c(), m.encoding(), m.nullCount(),
                    bound(m.min(), k), bound(m.max(), k)));
        }
        return new SliceMeta(s.index(), s.firstRow(), s.rowCount(), segs);
    }

    private static Object bound(Object v, TypeKind k) {
        if (v == null) return null;
        return switch (k) {
            case BOOLEAN -> (Boolean) v;
            case DOUBLE -> ((Number) v).doubleValue();
            case VARCHAR -> (String) v;
            default -> ((Number) v).longValue();
        };
    }
}
