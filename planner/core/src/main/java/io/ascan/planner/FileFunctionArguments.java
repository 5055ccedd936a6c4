package io.ascan.planner;

import java.util.Locale;
import java.util.Set;
import io.ascan.planner.schema.FileTableMacro;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * DuckDB's option syntax in the file functions, {@code read_csv('f.csv', delim=';')}: Calcite
 * parses {@code delim=';'} as a comparison with a column {@code delim}; this rewrites it, in the
 * parsed statement, to the named argument {@code delim => ';'} that Calcite binds by name.
 */
final class FileFunctionArguments extends SqlBasicVisitor<Void> {
    private static final Set<String> FUNCTIONS = Set.of("read_csv", "read_csv_auto", "read_parquet", "parquet_scan", "read_arrow");

    static void rewrite(SqlNode statement) {
        statement.accept(new FileFunctionArguments());
    }

    @Override
    public Void visit(SqlCall call) {
        if (call instanceof SqlBasicCall b && call.getOperator().getNameAsId().names.size() == 1
                && FUNCTIONS.contains(call.getOperator().getName().toLowerCase(Locale.ROOT))) {
            boolean named = false;
            for (int i = 1; i < b.operandCount(); i++) {
                if (b.operand(i) instanceof SqlCall eq && eq.getKind() == SqlKind.EQUALS
                        && eq.operand(0) instanceof SqlIdentifier name && name.isSimple()) {
                    b.setOperand(i, SqlStdOperatorTable.ARGUMENT_ASSIGNMENT.createCall(eq.getParserPosition(),
                            eq.operand(1), name));
                }
                named |= b.operand(i).getKind() == SqlKind.ARGUMENT_ASSIGNMENT;
            }
            // Calcite binds by name only when every argument is named: name the leading positional ones.
            for (int i = 0; named && i < b.operandCount() && i < FileTableMacro.PARAMETERS.size()
                    && b.operand(i).getKind() != SqlKind.ARGUMENT_ASSIGNMENT; i++) {
                SqlNode value = b.operand(i);
                b.setOperand(i, SqlStdOperatorTable.ARGUMENT_ASSIGNMENT.createCall(value.getParserPosition(), value,
                        new SqlIdentifier(FileTableMacro.PARAMETERS.get(i), value.getParserPosition())));
            }
        }
        return super.visit(call);
    }
}
