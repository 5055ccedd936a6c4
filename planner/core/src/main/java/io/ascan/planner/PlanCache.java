package io.ascan.planner;

import io.ascan.exchange.FileSource;
import io.ascan.planner.rel.AdaptiveScan;
import io.ascan.planner.schema.ManifestVersion;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelVisitor;

/**
 * Prepared statements of one query service, by statement text, so that running the same SQL
 * again skips Calcite (parse, validate, optimise, Volcano) and the translation into the engine's
 * plan: planning costs tens of milliseconds, as much as a small query's execution.
 *
 * <p>An entry remembers the manifest version of every table its plan scans and is used only while
 * all of them are current: a table written again or dropped makes the next lookup plan afresh
 * (a table created cannot change a plan that was made, since names resolve in one schema and an
 * unknown table is an error, which is never cached). A file read in place is checked too: written
 * again, or a glob matching other files, it is planned (and imported) afresh. The key is the text with whitespace
 * outside quotes collapsed ({@link #normalize}); settings that affect planning are the
 * service's, fixed for its lifetime (none does today), so they need no place in the key.
 * Bounded: least recently used entries go first. Thread-safe.
 */
final class PlanCache<V> {
    private final int capacity;
    private final Map<String, Cached<V>> entries;
    private long hits;
    private long misses;

    private record Cached<V>(V value, List<TableVersion> tables) {
        boolean current() {
            for (TableVersion t : tables) {
                if (!t.version().current(t.dir()) || t.source() != null && !t.source().current()) return false;
            }
            return true;
        }
    }

    /** A table directory and the manifest version a plan was made from (and the files it was imported from, if any). */
    record TableVersion(Path dir, ManifestVersion version, FileSource source) {}

    /** {@code capacity} entries at most; 0 caches nothing. */
    PlanCache(int capacity) {
        if (capacity < 0) throw new IllegalArgumentException("plan cache capacity must not be negative");
        this.capacity = capacity;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Cached<V>> eldest) {
                return size() > PlanCache.this.capacity;
            }
        };
    }

    /** The value cached for {@code sql} while its tables are unchanged, else null. */
    V get(String sql) {
        if (capacity == 0) return null;
        String key = normalize(sql);
        Cached<V> e;
        synchronized (this) {
            e = entries.get(key);
        }
        // Checking versions reads the file system: outside the lock.
        if (e != null && e.current()) {
            synchronized (this) {
                hits++;
            }
            return e.value();
        }
        synchronized (this) {
            misses++;
            if (e != null) entries.remove(key, e);
        }
        return null;
    }

    /** Caches {@code value}, planned from {@code plan}, for {@code sql}. */
    void put(String sql, RelNode plan, V value) {
        if (capacity == 0) return;
        Cached<V> e = new Cached<>(value, tables(plan));
        synchronized (this) {
            entries.put(normalize(sql), e);
        }
    }

    /** Forgets every entry (the catalog changed in a way no table version records: a view). */
    synchronized void clear() {
        entries.clear();
    }

    synchronized int size() {
        return entries.size();
    }

    synchronized long hits() {
        return hits;
    }

    synchronized long misses() {
        return misses;
    }

    /** The tables the AdaptiveScans of {@code plan} read, with the versions they were planned from. */
    static List<TableVersion> tables(RelNode plan) {
        Set<TableVersion> out = new LinkedHashSet<>();
        new RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                if (node instanceof AdaptiveScan s) out.add(new TableVersion(s.ascanTable().table().tableDir(), s.ascanTable().version(),
                        s.ascanTable().source()));
                super.visit(node, ordinal, parent);
            }
        }.go(plan);
        return List.copyOf(out);
    }

    /**
     * The statement text as a key: leading and trailing whitespace dropped, every other run of
     * whitespace outside quotes ('string', "identifier") and line comments made one space (a line
     * comment keeps its end of line, which ends it). Case is kept: it is meaningful in quotes, and
     * the same statement is usually sent with the same text. A text with a backslash (escapes in
     * some string forms) is taken as it is.
     */
    static String normalize(String sql) {
        if (sql.indexOf('\\') >= 0) return sql;
        StringBuilder sb = new StringBuilder(sql.length());
        char quote = 0;
        boolean space = false;
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (quote != 0) {
                sb.append(c);
                if (c == quote) quote = 0; // a doubled quote closes and reopens: same text either way
            } else if (c == '-' && i + 1 < sql.length() && sql.charAt(i + 1) == '-') {
                if (space && !sb.isEmpty()) sb.append(' ');
                space = false;
                int end = sql.indexOf('\n', i);
                end = end < 0 ? sql.length() : end + 1;
                sb.append(sql, i, end);
                i = end - 1;
            } else if (Character.isWhitespace(c)) {
                space = true;
            } else {
                if (space && !sb.isEmpty()) sb.append(' ');
                space = false;
                if (c == '\'' || c == '"') quote = c;
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
