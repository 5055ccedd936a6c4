package io.ascan.planner;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserImplFactory;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImpl;
import org.apache.calcite.sql.parser.impl.SqlParserImpl;
import org.apache.calcite.sql.validate.SqlConformance;

/**
 * ascan's parser ({@link QueryPlanner#PARSER}), for every statement and every view's query that
 * Calcite expands: DuckDB's FROM-first and GROUP BY ALL recognised on the text ({@link FromFirst},
 * {@link GroupByAll#mark}), then Calcite's Babel grammar, a superset of the core one (PostgreSQL's
 * and DuckDB's {@code x::TYPE}, most keywords free as names, {@code SELECT * EXCLUDE/REPLACE});
 * DATEDIFF and DATEPART calls are quoted first ({@link #functionNames}), as {@code range} where
 * called ({@link #rangeNames}); DuckDB's literals ({@link DuckDbLiterals}) and DISTINCT ON
 * ({@link DistinctOn}) are rewritten. A statement Babel's
 * grammar refuses is parsed by the core grammar with the same settings, whose error is reported
 * if it refuses it too. The statement
 * then gets {@link BabelForms}' and GROUP BY ALL's rewrites ({@link GroupByAll#expand}; one it
 * refuses keeps its mark for the planner to refuse with the reason), and those that must precede
 * validation: {@link FileFunctionArguments}, {@link PercentileTypes}, {@link GroupByConstants},
 * {@link SetOpBranches}, {@link DerivedTableNames}, {@link SetOpOrderBy}.
 */
public final class AscanParserImpl extends SqlBabelParserImpl {
    public static final SqlParserImplFactory FACTORY = reader -> new AscanParserImpl(read(reader));

    private final String text;
    private int tabSize = 1;
    private Casing quotedCasing = Casing.UNCHANGED, unquotedCasing = Casing.TO_UPPER;
    private int identifierMaxLength = 128;
    private SqlConformance conformance;
    private LexicalState lexicalState;

    private AscanParserImpl(String text) {
        super(new StringReader(text));
        this.text = text;
    }

    private static String read(Reader reader) {
        StringBuilder sb = new StringBuilder();
        char[] buf = new char[4096];
        try {
            for (int n; (n = reader.read(buf)) >= 0; ) sb.append(buf, 0, n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return DistinctOn.rewrite(DuckDbLiterals.rewrite(rangeNames(functionNames(GroupByAll.mark(FromFirst.rewrite(sb.toString()))))));
    }

    /**
     * DATEDIFF, DATEPART and DATE_DIFF called as functions, quoted: Babel's grammar takes the first
     * two only in SQL Server's form (a unit keyword), DATE_DIFF only in BigQuery's, a quoted name is a plain function call, and the operator
     * table finds ours in any case ({@code datediff('month', a, b)}). Positions after one move by two.
     */
    private static String functionNames(String sql) {
        String upper = sql.toUpperCase(java.util.Locale.ROOT);
        if (!upper.contains("DATEDIFF") && !upper.contains("DATEPART") && !upper.contains("DATE_DIFF")) return sql;
        java.util.List<int[]> tokens = SqlTokens.of(sql);
        StringBuilder out = new StringBuilder(sql);
        for (int t = tokens.size() - 2; t >= 0; t--) {
            int[] token = tokens.get(t);
            if ((SqlTokens.is(sql, token, "DATEDIFF") || SqlTokens.is(sql, token, "DATEPART") || SqlTokens.is(sql, token, "DATE_DIFF"))
                    && SqlTokens.is(sql, tokens.get(t + 1), "(")) {
                out.replace(token[0], token[1], '"' + SqlTokens.upper(sql, token) + '"');
            }
        }
        return out.toString();
    }

    /**
     * DuckDB's table function {@code range(...)} and its column {@code range}, quoted where the
     * statement calls it: RANGE is a reserved word (window frames). A RANGE before BETWEEN,
     * UNBOUNDED, CURRENT, INTERVAL or a number stays the frame's keyword. Positions after one move by two.
     */
    private static String rangeNames(String sql) {
        if (!sql.toUpperCase(java.util.Locale.ROOT).contains("RANGE")) return sql;
        java.util.List<int[]> tokens = SqlTokens.of(sql);
        boolean called = false;
        for (int t = 0; t + 1 < tokens.size() && !called; t++) {
            called = SqlTokens.is(sql, tokens.get(t), "RANGE") && SqlTokens.is(sql, tokens.get(t + 1), "(");
        }
        if (!called) return sql;
        StringBuilder out = new StringBuilder(sql);
        for (int t = tokens.size() - 1; t >= 0; t--) {
            int[] token = tokens.get(t);
            if (!SqlTokens.is(sql, token, "RANGE")) continue;
            if (t + 1 < tokens.size()) {
                int[] next = tokens.get(t + 1);
                if (SqlTokens.is(sql, next, "BETWEEN") || SqlTokens.is(sql, next, "UNBOUNDED") || SqlTokens.is(sql, next, "CURRENT")
                        || SqlTokens.is(sql, next, "INTERVAL") || Character.isDigit(sql.charAt(next[0]))) {
                    continue;
                }
            }
            out.replace(token[0], token[1], "\"range\"");
        }
        return out.toString();
    }

    @Override
    public SqlNode parseSqlStmtEof() throws Exception {
        SqlNode statement;
        try {
            statement = super.parseSqlStmtEof();
        } catch (Exception | Error babel) {
            SqlParserImpl core = new SqlParserImpl(new StringReader(text));
            core.setTabSize(tabSize);
            core.setQuotedCasing(quotedCasing);
            core.setUnquotedCasing(unquotedCasing);
            core.setIdentifierMaxLength(identifierMaxLength);
            if (conformance != null) core.setConformance(conformance);
            if (lexicalState != null) core.switchTo(lexicalState);
            try {
                statement = core.parseSqlStmtEof();
            } catch (Exception | Error e) {
                throw core.normalizeException(e);
            }
        }
        BabelForms.rewrite(statement);
        try {
            GroupByAll.expand(statement);
        } catch (PlanningException refused) {
            // the planner's own expand refuses it again, with the reason and SQLSTATE
        }
        // Here, not in the planner, so that a view's query, which Calcite parses, validates and
        // converts on its own where a query names it, gets them too.
        FileFunctionArguments.rewrite(statement);
        PercentileTypes.rewrite(statement);
        GroupByConstants.rewrite(statement);
        RepeatedGroupingSets.rewrite(statement);
        SetOpBranches.rewrite(statement);
        DerivedTableNames.rewrite(statement);
        return SetOpOrderBy.rewrite(statement);
    }

    @Override
    public void setTabSize(int tabSize) {
        super.setTabSize(tabSize);
        this.tabSize = tabSize;
    }

    @Override
    public void setQuotedCasing(Casing casing) {
        super.setQuotedCasing(casing);
        this.quotedCasing = casing;
    }

    @Override
    public void setUnquotedCasing(Casing casing) {
        super.setUnquotedCasing(casing);
        this.unquotedCasing = casing;
    }

    @Override
    public void setIdentifierMaxLength(int length) {
        super.setIdentifierMaxLength(length);
        this.identifierMaxLength = length;
    }

    @Override
    public void setConformance(SqlConformance conformance) {
        super.setConformance(conformance);
        this.conformance = conformance;
    }

    @Override
    public void switchTo(LexicalState state) {
        super.switchTo(state);
        this.lexicalState = state;
    }
}
