package io.ascan.planner;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * A ROLLUP or CUBE whose grouping sets repeat ({@code ROLLUP (s, s)}: the sets (s, s), (s) and ()):
 * each set gives its groups once per occurrence, as in the standard, DuckDB and PostgreSQL, but
 * Calcite's validator merges equal sets (14 rows where DuckDB gives 22). Spelled as the GROUPING
 * SETS they stand for, whose repeats Calcite keeps. ROLLUP and CUBE without repeats stay as written.
 */
final class RepeatedGroupingSets extends SqlBasicVisitor<Void> {
    /** Beyond this many CUBE operands (2^n sets) the CUBE is left alone. */
    private static final int MAX_CUBE = 8;

    private RepeatedGroupingSets() {}

    static void rewrite(SqlNode statement) {
        statement.accept(new RepeatedGroupingSets());
    }

    @Override
    public Void visit(SqlCall call) {
        if (call instanceof SqlSelect select && select.getGroup() != null) {
            SqlNodeList group = select.getGroup();
            for (int i = 0; i < group.size(); i++) {
                if (group.get(i) instanceof SqlCall c && (c.getKind() == SqlKind.ROLLUP || c.getKind() == SqlKind.CUBE)) {
                    List<List<SqlNode>> sets = sets(c);
                    if (sets != null && repeats(sets)) group.set(i, groupingSets(sets, c.getParserPosition()));
                }
            }
        }
        return super.visit(call);
    }

    /** The sets a ROLLUP or CUBE stands for, each the expressions of its operands (a tuple's each); null for a CUBE too large. */
    private static List<List<SqlNode>> sets(SqlCall c) {
        List<List<SqlNode>> operands = new ArrayList<>();
        for (SqlNode o : c.getOperandList()) {
            if (o instanceof SqlCall row && row.getKind() == SqlKind.ROW) operands.add(row.getOperandList());
            else operands.add(List.of(o));
        }
        int n = operands.size();
        List<List<SqlNode>> sets = new ArrayList<>();
        if (c.getKind() == SqlKind.ROLLUP) {
            for (int k = n; k >= 0; k--) sets.add(concat(operands.subList(0, k)));
        } else {
            if (n > MAX_CUBE) return null;
            for (int mask = (1 << n) - 1; mask >= 0; mask--) {
                List<List<SqlNode>> chosen = new ArrayList<>();
                for (int j = 0; j < n; j++) if ((mask & (1 << j)) != 0) chosen.add(operands.get(j));
                sets.add(concat(chosen));
            }
        }
        return sets;
    }

    private static List<SqlNode> concat(List<List<SqlNode>> lists) {
        List<SqlNode> out = new ArrayList<>();
        lists.forEach(out::addAll);
        return out;
    }

    /** Whether two sets hold the same expressions (compared as written, order and repeats aside). */
    private static boolean repeats(List<List<SqlNode>> sets) {
        Set<Set<String>> seen = new HashSet<>();
        for (List<SqlNode> s : sets) {
            Set<String> keys = new HashSet<>();
            for (SqlNode e : s) keys.add(e.toString());
            if (!seen.add(keys)) return true;
        }
        return false;
    }

    private static SqlNode groupingSets(List<List<SqlNode>> sets, SqlParserPos pos) {
        List<SqlNode> elements = new ArrayList<>();
        for (List<SqlNode> s : sets) {
            elements.add(s.isEmpty() ? new SqlNodeList(pos) : SqlStdOperatorTable.ROW.createCall(pos, s));
        }
        return SqlStdOperatorTable.GROUPING_SETS.createCall(pos, elements);
    }
}
