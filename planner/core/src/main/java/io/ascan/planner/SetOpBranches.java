package io.ascan.planner;

import java.util.HashSet;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSetOperator;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * A branch of UNION, INTERSECT or EXCEPT is cast to the operation's column types on top of the
 * whole branch, as DuckDB does. Where no common type is found without a cast (DECIMAL(18,6) and
 * DECIMAL(38,1) would need 43 digits), Calcite's implicit coercion casts the branch's select items
 * instead, which comes before the branch's DISTINCT, LIMIT and OFFSET, and before a nested set
 * operation's own comparisons: a cast that rounds -0.000001, 0 and 0.000001 to 0.0 then made three
 * distinct values one. Such a branch becomes {@code SELECT * FROM (branch)}, whose select items
 * the coercion casts after the branch. Other branches (a plain SELECT, with GROUP BY or not,
 * VALUES, UNION ALL) give the same rows either way and are kept as written, and so is a branch
 * whose columns share a name, which {@code SELECT *} could not tell apart.
 */
final class SetOpBranches extends SqlBasicVisitor<Void> {
    private SetOpBranches() {}

    static void rewrite(SqlNode statement) {
        statement.accept(new SetOpBranches());
    }

    @Override
    public Void visit(SqlCall call) {
        if (call.getOperator() instanceof SqlSetOperator) {
            for (int i = 0; i < call.operandCount(); i++) {
                SqlNode branch = call.operand(i);
                if (comparesBeforeCast(branch) && distinctNames(branch)) call.setOperand(i, wrap(branch));
            }
        }
        return super.visit(call);
    }

    /** Whether casting {@code branch}'s select items could change which rows it returns. */
    private static boolean comparesBeforeCast(SqlNode branch) {
        return switch (branch) {
            case SqlSelect s -> s.isDistinct() || s.getOffset() != null || s.getFetch() != null;
            case SqlOrderBy o -> o.offset != null || o.fetch != null || comparesBeforeCast(o.query);
            case SqlWith w -> comparesBeforeCast(w.body);
            case SqlCall c when c.getOperator() instanceof SqlSetOperator op ->
                    !(op.getKind() == SqlKind.UNION && op.isAll());
            default -> false;
        };
    }

    /**
     * Whether {@code branch}'s columns have distinct names, so that {@code SELECT *} over it can name
     * each (over {@code SELECT DISTINCT k, k} it is ambiguous): no star, no name given twice;
     * an unnamed expression gets a name of its own.
     */
    private static boolean distinctNames(SqlNode branch) {
        return switch (branch) {
            case SqlSelect s -> {
                Set<String> names = new HashSet<>();
                for (SqlNode item : s.getSelectList()) {
                    String name;
                    if (item instanceof SqlIdentifier id) {
                        if (id.isStar()) yield false;
                        name = id.names.getLast();
                    } else if (item instanceof SqlCall c && c.getKind() == SqlKind.AS) {
                        name = ((SqlIdentifier) c.operand(1)).getSimple();
                    } else {
                        continue;
                    }
                    if (!names.add(name)) yield false;
                }
                yield true;
            }
            case SqlOrderBy o -> distinctNames(o.query);
            case SqlWith w -> distinctNames(w.body);
            case SqlCall c when c.getOperator() instanceof SqlSetOperator -> distinctNames(c.operand(0));
            default -> false;
        };
    }

    private static SqlSelect wrap(SqlNode branch) {
        SqlParserPos pos = branch.getParserPosition();
        SqlNode from = SqlStdOperatorTable.AS.createCall(pos, branch, new SqlIdentifier("setop$branch", pos));
        return new SqlSelect(pos, null, SqlNodeList.of(SqlIdentifier.star(pos)), from,
                null, null, null, null, null, null, null, null, null);
    }
}
