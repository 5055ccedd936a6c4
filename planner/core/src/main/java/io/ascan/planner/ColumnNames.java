package io.ascan.planner;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSetOperator;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.validate.SqlValidatorUtil;

/** A query's column names as the parser sees them, and DuckDB's names for a relation's repeated ones. */
final class ColumnNames {
    private ColumnNames() {}

    /**
     * The names of {@code query}'s columns (a set operation's are its first branch's), as Calcite
     * derives them ({@code EXPR$i} for an unnamed expression), or null where a {@code *} or a
     * VALUES leaves them unknown before validation.
     */
    static List<String> of(SqlNode query) {
        return switch (query) {
            case SqlSelect s -> {
                List<String> names = new ArrayList<>();
                for (SqlNode item : s.getSelectList()) {
                    if (item instanceof SqlIdentifier id && id.isStar()) yield null;
                    names.add(SqlValidatorUtil.alias(item, names.size()));
                }
                yield names;
            }
            case SqlOrderBy o -> of(o.query);
            case SqlWith w -> of(w.body);
            case SqlCall c when c.getOperator() instanceof SqlSetOperator -> of(c.operand(0));
            default -> null;
        };
    }

    static boolean repeats(List<String> names) {
        return new HashSet<>(names).size() < names.size();
    }

    /**
     * {@code names} with each repeated name numbered as DuckDB numbers a relation's columns:
     * {@code k, k, k} becomes {@code k, k_1, k_2} (a number a name already uses is skipped).
     */
    static List<String> unique(List<String> names) {
        Set<String> taken = new HashSet<>(names);
        Set<String> seen = new HashSet<>();
        List<String> out = new ArrayList<>(names.size());
        for (String name : names) {
            String n = name;
            if (!seen.add(name)) {
                for (int i = 1; !taken.add(n = name + "_" + i); i++) {
                    // the next number
                }
            }
            out.add(n);
        }
        return out;
    }
}
