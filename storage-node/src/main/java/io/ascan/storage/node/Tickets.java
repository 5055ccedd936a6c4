package io.ascan.storage.node;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ascan.catalog.Table;
import io.ascan.exec.store.BloomFilter;
import io.ascan.exec.store.KeyBitmap;
import io.ascan.scan.materializer.RuntimeFilter;
import io.ascan.scan.remote.RemoteStorage;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The storage node's requests, version {@link #VERSION}: small JSON objects (a ticket of
 * {@code DoGet}, the body of an action), never Java serialization. Every request names its
 * {@code kind}, the table and the table version the compute side planned with; a slice request
 * adds the slice and the table columns to read, a pushdown request the number of output columns,
 * P ({@link ExprCodec}) and the runtime filters R (Bloom filter words and key bitmaps in base64).
 */
final class Tickets {
    static final int VERSION = 1;
    static final String PULL = "pull";
    static final String PUSHDOWN = "pushdown";
    /** A selection bitmap from storage: P evaluated over the slice's {@code columns}, its bitmap returned. */
    static final String BITMAP = "bitmap";
    /** A selection bitmap from compute: only the tuples of {@code columns} the ticket's {@code bitmap} selects. */
    static final String SELECTED = "selected";
    static final ObjectMapper JSON = new ObjectMapper();

    private Tickets() {}

    /**
     * A decoded slice request. {@code predicate} and {@code filters} are for pushdown (null and empty for pull-up).
     *
     * @param decimal128 DECIMAL columns shipped as Arrow's decimal128(p, s), as other engines read a decimal (the
     *                   tickets of GetFlightInfo), rather than as ascan's scaled int64
     * @param pushback   the client takes a pushdown request pushed back (answered with raw segments, {@link #PUSHBACK})
     * @param pullupNanosPerByte the client's measured pull-up time per byte (0: none yet), for the pushback arbiter
     * @param bitmap the selection bitmap of a {@link #SELECTED} request (base64), else null
     */
    record Request(String kind, String table, String version, int slice, int count, int[] columns, int projected,
                   JsonNode predicate, JsonNode filters, boolean decimal128, boolean pushback, double pullupNanosPerByte,
                   JsonNode bitmap, String filterId) {}

    /** The ticket field naming runtime filters registered on the node (action {@link #FILTERS}) in place of {@code filters}. */
    static final String FILTER_ID = "filterId";
    /** The action registering a scan's runtime filters: body {@code {v, projected, filters}}, result {@code {id}}. */
    static final String FILTERS = "filters";
    /** The action releasing registered runtime filters: body {@code {v, id}}. */
    static final String RELEASE = "release";

    /** The ticket field saying the client takes pushback; also the schema metadata key marking a pushed-back answer. */
    static final String PUSHBACK = "pushback";
    /** The ticket field with the client's measured pull-up time per byte. */
    static final String PULLUP_RATE = "pullupNanosPerByte";

    /** The ticket field asking for DECIMAL as decimal128. */
    static final String DECIMAL128 = "decimal128";

    static ObjectNode base(String kind, Table table) {
        ObjectNode o = JSON.createObjectNode();
        o.put("v", VERSION);
        o.put("kind", kind);
        o.put("table", table.name());
        o.put("version", table.version());
        return o;
    }

    static ObjectNode pull(Table table, int[] columns) {
        ObjectNode o = base(PULL, table);
        ArrayNode cols = o.putArray("columns");
        for (int c : columns) cols.add(c);
        return o;
    }

    /** A request for the selection bitmap of P on one slice of {@code columns} (every column P reads). */
    static byte[] bitmap(Table table, int[] columns, io.ascan.expr.Expr predicate, int slice) {
        ObjectNode o = base(BITMAP, table);
        ArrayNode cols = o.putArray("columns");
        for (int c : columns) cols.add(c);
        o.set("predicate", ExprCodec.write(predicate));
        o.put("slice", slice);
        return bytes(o);
    }

    /** A request for the tuples of one slice of {@code columns} that {@code bitmap} selects. */
    static byte[] selected(Table table, int[] columns, int slice, byte[] bitmap) {
        ObjectNode o = base(SELECTED, table);
        ArrayNode cols = o.putArray("columns");
        for (int c : columns) cols.add(c);
        o.put("slice", slice);
        o.put("bitmap", Base64.getEncoder().encodeToString(bitmap));
        return bytes(o);
    }

    /** The selection bitmap of a {@link #SELECTED} request. */
    static byte[] bitmap(Request r) {
        try {
            return Base64.getDecoder().decode(ExprCodec.text(r.bitmap(), "bitmap"));
        } catch (IllegalArgumentException e) {
            throw new ProtocolException("the selection bitmap is not base64");
        }
    }

    /** A pushdown scan's request without its slice and R (sent once, {@link #registerFilters}, and named by id). */
    static ObjectNode pushdown(RemoteStorage.Pushdown p) {
        ObjectNode o = base(PUSHDOWN, p.table());
        ArrayNode cols = o.putArray("columns");
        for (int c : p.readColumns()) cols.add(c);
        o.put("projected", p.projected());
        if (p.predicate() != null) o.set("predicate", ExprCodec.write(p.predicate()));
        o.put(PUSHBACK, true);
        return o;
    }

    /** The body of action {@link #FILTERS}: a pushdown scan's runtime filters R. */
    static byte[] registerFilters(RemoteStorage.Pushdown p) {
        ObjectNode o = JSON.createObjectNode();
        o.put("v", VERSION);
        o.put("projected", p.projected());
        ArrayNode filters = o.putArray("filters");
        for (RuntimeFilter f : p.filters()) filters.add(filter(f));
        return bytes(o);
    }

    /** The body of action {@link #RELEASE}. */
    static byte[] release(String id) {
        ObjectNode o = JSON.createObjectNode();
        o.put("v", VERSION);
        o.put("id", id);
        return bytes(o);
    }

    /** An action's body as a JSON object of this protocol's version, within the node's request limit. */
    static JsonNode actionBody(byte[] body, int maxBytes) {
        if (body.length > maxBytes) {
            throw new ProtocolException("request of " + body.length + " bytes exceeds the node's limit of " + maxBytes);
        }
        JsonNode n;
        try {
            n = JSON.readTree(body);
        } catch (IOException e) {
            throw new ProtocolException("malformed request: not JSON (" + e.getClass().getSimpleName() + ")");
        }
        if (n == null || !n.isObject()) throw new ProtocolException("malformed request: not a JSON object");
        int v = ExprCodec.integer(n.get("v"), "v");
        if (v != VERSION) throw new ProtocolException("request version " + v + " is not served (this node speaks " + VERSION + ")");
        return n;
    }

    static byte[] withSlice(ObjectNode request, int slice) {
        ObjectNode o = request.deepCopy();
        o.put("slice", slice);
        return bytes(o);
    }

    static byte[] bytes(JsonNode n) {
        try {
            return JSON.writeValueAsBytes(n);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static Request read(byte[] ticket, int maxBytes) {
        if (ticket.length > maxBytes) {
            throw new ProtocolException("request of " + ticket.length + " bytes exceeds the node's limit of " + maxBytes);
        }
        JsonNode n;
        try {
            n = JSON.readTree(ticket);
        } catch (IOException e) {
            throw new ProtocolException("malformed request: not JSON (" + e.getClass().getSimpleName() + ")");
        }
        if (n == null || !n.isObject()) throw new ProtocolException("malformed request: not a JSON object");
        int v = ExprCodec.integer(n.get("v"), "v");
        if (v != VERSION) throw new ProtocolException("request version " + v + " is not served (this node speaks " + VERSION + ")");
        String kind = ExprCodec.text(n.get("kind"), "kind");
        if (!kind.equals(PULL) && !kind.equals(PUSHDOWN) && !kind.equals(BITMAP) && !kind.equals(SELECTED)) throw new ProtocolException("unknown request kind '" + kind + "'");
        JsonNode cols = n.get("columns");
        if (cols == null || !cols.isArray() || cols.isEmpty()) throw new ProtocolException("columns must be a non-empty array");
        int[] columns = new int[cols.size()];
        for (int i = 0; i < columns.length; i++) columns[i] = ExprCodec.integer(cols.get(i), "a column");
        int projected = kind.equals(PUSHDOWN) ? ExprCodec.integer(n.get("projected"), "projected") : columns.length;
        JsonNode filters = n.get("filters");
        if (filters != null && !filters.isArray()) throw new ProtocolException("filters must be an array");
        return new Request(kind, ExprCodec.text(n.get("table"), "table"), ExprCodec.text(n.get("version"), "version"),
                ExprCodec.integer(n.get("slice"), "slice"), n.has("count") ? ExprCodec.integer(n.get("count"), "count") : 1,
                columns, projected, n.get("predicate"), filters, n.path(DECIMAL128).asBoolean(false),
                n.path(PUSHBACK).asBoolean(false), n.path(PULLUP_RATE).asDouble(0), n.get("bitmap"),
                n.hasNonNull(FILTER_ID) ? ExprCodec.text(n.get(FILTER_ID), FILTER_ID) : null);
    }

    @SuppressWarnings("restricted") // the filter's own memory, within its size
    private static ObjectNode filter(RuntimeFilter f) {
        ObjectNode o = JSON.createObjectNode();
        ArrayNode cols = o.putArray("columns");
        for (int c : f.columns()) cols.add(c);
        o.put("min", f.min());
        o.put("max", f.max());
        o.put("describe", f.describe());
        o.put("keys", f.keys());
        BloomFilter b = f.filter();
        o.put("bloom", Base64.getEncoder().encodeToString(MemorySegment.ofAddress(b.address()).reinterpret(b.sizeBytes())
                .toArray(ValueLayout.JAVA_BYTE)));
        if (f.bitmap() != null && f.bitmap().shippable()) { // a larger one stays here: the node tests the Bloom filter
            KeyBitmap k = f.bitmap();
            o.put("bitmap", Base64.getEncoder().encodeToString(MemorySegment.ofAddress(k.address()).reinterpret(k.sizeBytes())
                    .toArray(ValueLayout.JAVA_BYTE)));
        }
        return o;
    }

    /** The runtime filters of a request, in {@code allocator}; the caller closes their filters and bitmaps. */
    static List<RuntimeFilter> filters(JsonNode filters, int projected, BufferAllocator allocator) {
        List<RuntimeFilter> out = new ArrayList<>();
        if (filters == null) return out;
        try {
            for (JsonNode f : filters) {
                JsonNode cols = f.get("columns");
                if (cols == null || !cols.isArray() || cols.isEmpty()) throw new ProtocolException("a filter needs columns");
                int[] columns = new int[cols.size()];
                for (int i = 0; i < columns.length; i++) {
                    columns[i] = ExprCodec.integer(cols.get(i), "a filter column");
                    if (columns[i] < 0 || columns[i] >= projected) throw new ProtocolException("filter column " + columns[i]
                            + " is not an output column (0.." + (projected - 1) + ")");
                }
                long min = f.path("min").asLong(Long.MIN_VALUE);
                long max = f.path("max").asLong(Long.MAX_VALUE);
                BloomFilter bloom = BloomFilter.of(buffer(ExprCodec.text(f.get("bloom"), "bloom"), allocator));
                KeyBitmap bitmap = null;
                try {
                    if (f.hasNonNull("bitmap")) bitmap = KeyBitmap.of(buffer(ExprCodec.text(f.get("bitmap"), "bitmap"), allocator), min, max);
                    out.add(new RuntimeFilter(bloom, columns, min, max, bitmap, f.path("describe").asText("bloom"),
                            f.path("keys").asLong(-1)));
                } catch (RuntimeException e) {
                    bloom.close();
                    if (bitmap != null) bitmap.close();
                    throw e;
                }
            }
            return out;
        } catch (RuntimeException e) {
            close(out);
            if (e instanceof ProtocolException || e instanceof org.apache.arrow.memory.OutOfMemoryException) throw e;
            throw new ProtocolException("bad runtime filter: " + e.getMessage());
        }
    }

    static void close(List<RuntimeFilter> filters) {
        for (RuntimeFilter f : filters) {
            f.filter().close();
            if (f.bitmap() != null) f.bitmap().close();
        }
    }

    private static ArrowBuf buffer(String base64, BufferAllocator allocator) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new ProtocolException("a filter's words are not base64");
        }
        ArrowBuf buf = allocator.buffer(Math.max(8, bytes.length));
        buf.setBytes(0, bytes);
        buf.writerIndex(bytes.length);
        return buf.capacity() == bytes.length ? buf : slice(buf, bytes.length);
    }

    /** A buffer of exactly {@code n} bytes (the allocator may round up; the filters read capacity). */
    private static ArrowBuf slice(ArrowBuf buf, int n) {
        ArrowBuf s = buf.slice(0, n);
        s.getReferenceManager().retain();
        buf.close();
        return s;
    }

    static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
