package io.ascan.e2e;

import io.ascan.planner.BenchmarkQueries;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;

/**
 * One benchmark query file (from the planner's {@code queries} resources; formerly a test resource of
 * this module) with what the comparison needs to know about its outermost ORDER BY: the sort
 * keys (by output column name or ordinal), whether each spells its NULL ordering, and the LIMIT.
 */
public record QueryFile(String suite, String name, String sql, List<SortKey> orderBy, Long limit) {
    /** A sort key: an output column, given by name (lower case, as ascan labels it) or 1-based ordinal. */
    public record SortKey(String column, int ordinal, boolean descending, boolean nullsSpelled) {}

    /** The planner's parser (ORDER BY ALL comes out as ordinals with NULLS LAST). */
    private static final SqlParser.Config PARSER = SqlParser.config()
            .withQuoting(Quoting.DOUBLE_QUOTE)
            .withUnquotedCasing(Casing.TO_LOWER)
            .withQuotedCasing(Casing.UNCHANGED)
            .withCaseSensitive(true)
            .withConformance(io.ascan.planner.AscanConformance.INSTANCE)
            .withParserFactory(io.ascan.planner.AscanParserImpl.FACTORY);

    public boolean ordered() {
        return !orderBy.isEmpty();
    }

    @Override
    public String toString() {
        return suite + "/" + name;
    }

    /** The queries of a suite (ssb, taxi, tpch) in their usual order, from the planner's resources. */
    static List<QueryFile> suite(String suite) {
        List<QueryFile> out = new ArrayList<>();
        for (String name : BenchmarkQueries.names(suite)) {
            out.add(parse(suite, name + ".sql", BenchmarkQueries.text(suite, name)));
        }
        return out;
    }

    public static QueryFile parse(String suite, String name, String sql) {
        String text = sql.strip();
        if (text.endsWith(";")) text = text.substring(0, text.length() - 1);
        SqlNode node;
        try {
            node = parseOnDeepStack(text);
        } catch (SqlParseException e) {
            throw new IllegalArgumentException(suite + "/" + name + " does not parse: " + e.getMessage(), e);
        }
        if (node instanceof SqlWith w) node = w.body;
        List<SortKey> keys = new ArrayList<>();
        Long limit = null;
        if (node instanceof SqlOrderBy o) {
            for (SqlNode item : o.orderList) keys.add(sortKey(suite + "/" + name, item));
            if (o.fetch instanceof SqlNumericLiteral n) limit = n.longValue(true);
        }
        return new QueryFile(suite, name, text, List.copyOf(keys), limit);
    }

    /** Parses on a thread with a 1 GiB stack: the parser recurses once per nesting level (3,000 parentheses). */
    private static SqlNode parseOnDeepStack(String text) throws SqlParseException {
        SqlNode[] node = new SqlNode[1];
        Throwable[] failure = new Throwable[1];
        Thread t = new Thread(null, () -> {
            try {
                node[0] = SqlParser.create(text, PARSER).parseQuery();
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, "query-file-parse", 1L << 30);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while parsing", e);
        }
        if (failure[0] instanceof SqlParseException e) throw e;
        if (failure[0] instanceof RuntimeException e) throw e;
        if (failure[0] instanceof Error e) throw e;
        return node[0];
    }

    private static SortKey sortKey(String query, SqlNode item) {
        boolean descending = false, nullsSpelled = false;
        while (item instanceof SqlBasicCall c && (c.getKind() == SqlKind.DESCENDING
                || c.getKind() == SqlKind.NULLS_FIRST || c.getKind() == SqlKind.NULLS_LAST)) {
            if (c.getKind() == SqlKind.DESCENDING) descending = true;
            else nullsSpelled = true;
            item = c.operand(0);
        }
        if (item instanceof SqlIdentifier id) {
            return new SortKey(id.names.getLast(), 0, descending, nullsSpelled);
        }
        if (item instanceof SqlNumericLiteral n) return new SortKey(null, n.intValue(true), descending, nullsSpelled);
        throw new IllegalArgumentException(query + ": the comparison can only group ties of ORDER BY keys that are "
                + "output columns (a name or an ordinal), not " + item);
    }
}
