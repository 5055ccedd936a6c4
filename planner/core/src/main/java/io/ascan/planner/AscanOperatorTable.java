package io.ascan.planner;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.validate.SqlNameMatcher;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Calcite's standard operators, except that {@code MOD(a, b)} has the type of the wider operand
 * (as DuckDB and PostgreSQL): Calcite types it by {@code b} alone, so {@code MOD(bigint_col, 7)}
 * was an INTEGER and failed for every BIGINT beyond INTEGER's range.
 */
final class AscanOperatorTable implements SqlOperatorTable {
    static final AscanOperatorTable INSTANCE = new AscanOperatorTable();

    static final SqlFunction MOD = new SqlFunction("MOD", SqlKind.MOD,
            ReturnTypes.LEAST_RESTRICTIVE.andThen(SqlTypeTransforms.TO_NULLABLE), null,
            OperandTypes.EXACT_NUMERIC_EXACT_NUMERIC, SqlFunctionCategory.NUMERIC);

    private static final SqlOperatorTable STANDARD = SqlStdOperatorTable.instance();

    private AscanOperatorTable() {}

    @Override
    public void lookupOperatorOverloads(SqlIdentifier name, @Nullable SqlFunctionCategory category, SqlSyntax syntax,
            List<SqlOperator> found, SqlNameMatcher matcher) {
        int from = found.size();
        STANDARD.lookupOperatorOverloads(name, category, syntax, found, matcher);
        for (int i = from; i < found.size(); i++) if (found.get(i) == SqlStdOperatorTable.MOD) found.set(i, MOD);
    }

    @Override
    public List<SqlOperator> getOperatorList() {
        List<SqlOperator> ops = new ArrayList<>(STANDARD.getOperatorList());
        ops.replaceAll(op -> op == SqlStdOperatorTable.MOD ? MOD : op);
        return ops;
    }
}
