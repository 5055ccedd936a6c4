package io.ascan.planner;

import io.ascan.planner.rules.HolisticAggregates;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlCoalesceFunction;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.SqlBasicFunction;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlNameMatcher;
import org.apache.calcite.sql.validate.SqlNameMatchers;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The functions SQL may call: Calcite's standard table, the PostgreSQL and BigQuery library
 * functions that DuckDB users write under the same names with the same meaning, and a few of
 * our own where no library function has DuckDB's signature ({@code date_trunc('month', d)},
 * {@code regexp_matches}, two-argument {@code ltrim}), and DuckDB's second names of some of them
 * ({@code instr} for {@code strpos}). Names are looked up case-insensitively,
 * as unquoted names are folded to lower case. Every function here has an engine expression
 * ({@code ExprTranslator}); docs/sql.md lists them.
 */
final class AscanOperatorTable {
    private AscanOperatorTable() {}

    /**
     * ROUND(x [, n]) and TRUNC(x [, n]) (TRUNCATE under DuckDB's and PostgreSQL's name): of a
     * DECIMAL(p, s) and a constant n, a DECIMAL(p, n) for n between 0 and s, as DuckDB, so that
     * rounding 9999999999.99 up to 10000000000 fits; Calcite's ROUND keeps DECIMAL(p, s), which cannot.
     */
    static final SqlFunction ROUND = rounding("ROUND");
    static final SqlFunction TRUNC = rounding("TRUNC");

    private static SqlFunction rounding(String name) {
        SqlReturnTypeInference type = binding -> {
            RelDataType x = binding.getOperandType(0);
            if (x.getSqlTypeName() != SqlTypeName.DECIMAL) return x;
            int digits = 0;
            if (binding.getOperandCount() > 1) {
                if (!binding.isOperandLiteral(1, false)) return x;
                Integer n = binding.getOperandLiteralValue(1, Integer.class);
                if (n == null) return x;
                digits = n;
            }
            int scale = Math.max(0, Math.min(digits, x.getScale()));
            RelDataTypeFactory f = binding.getTypeFactory();
            return f.createTypeWithNullability(f.createSqlType(SqlTypeName.DECIMAL, x.getPrecision(), scale), x.isNullable());
        };
        return SqlBasicFunction.create(name, type.andThen(SqlTypeTransforms.TO_NULLABLE),
                OperandTypes.NUMERIC.or(OperandTypes.NUMERIC_INT32), SqlFunctionCategory.NUMERIC);
    }

    /** LTRIM(s [, characters]), RTRIM: the characters (default a space) removed from the start (end). */
    static final SqlFunction LTRIM = trim("LTRIM");
    static final SqlFunction RTRIM = trim("RTRIM");

    /** REGEXP_MATCHES(s, pattern [, options]): whether the pattern matches part of s (DuckDB's scalar form). */
    static final SqlFunction REGEXP_MATCHES = SqlBasicFunction.create("REGEXP_MATCHES", ReturnTypes.BOOLEAN_NULLABLE,
            OperandTypes.STRING_STRING_OPTIONAL_STRING, SqlFunctionCategory.STRING);

    /** DATE_TRUNC(part, datetime): the TIMESTAMP at the start of the part ('month', 'day', ...), as DuckDB. */
    static final SqlFunction DATE_TRUNC = SqlBasicFunction.create("DATE_TRUNC",
            ReturnTypes.explicit(SqlTypeName.TIMESTAMP).andThen(SqlTypeTransforms.TO_NULLABLE),
            OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.DATETIME), SqlFunctionCategory.TIMEDATE);

    /** DATE_PART(part, datetime): EXTRACT with the part as text. */
    static final SqlFunction DATE_PART = SqlBasicFunction.create("DATE_PART",
            ReturnTypes.BIGINT_NULLABLE,
            OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.DATETIME), SqlFunctionCategory.TIMEDATE);

    /** MAKE_DATE(year, month, day). */
    static final SqlFunction MAKE_DATE = SqlBasicFunction.create("MAKE_DATE",
            ReturnTypes.DATE_NULLABLE,
            OperandTypes.family(SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER), SqlFunctionCategory.TIMEDATE);

    /**
     * MOD(a, b) with the type of the wider operand (as DuckDB and PostgreSQL): Calcite types it by
     * {@code b} alone, so {@code MOD(bigint_col, 7)} was an INTEGER and failed for every BIGINT
     * beyond INTEGER's range.
     */
    static final SqlFunction MOD = new SqlFunction("MOD", SqlKind.MOD,
            ReturnTypes.LEAST_RESTRICTIVE.andThen(SqlTypeTransforms.TO_NULLABLE), null,
            OperandTypes.EXACT_NUMERIC_EXACT_NUMERIC, SqlFunctionCategory.NUMERIC);

    /**
     * COALESCE as one call, typed by Calcite's COALESCE (NOT NULL when one operand is NOT NULL),
     * not rewritten by the validator into {@code CASE WHEN a IS NOT NULL THEN a ELSE b END}: that
     * CASE is nullable when its last operand is, so {@code 1 - COALESCE(100, k)} was typed nullable
     * over operands that simplification finds NOT NULL, which Calcite's simplifier rejects.
     */
    static final SqlFunction COALESCE = new SqlCoalesceFunction() {
        @Override
        public SqlNode rewriteCall(SqlValidator validator, SqlCall call) {
            return call;
        }
    };

    /** STRLEN(s): the length in UTF-8 bytes, as DuckDB. */
    static final SqlFunction STRLEN = SqlBasicFunction.create("STRLEN", ReturnTypes.BIGINT_NULLABLE,
            OperandTypes.STRING, SqlFunctionCategory.STRING);

    /** CHR(code point): DuckDB's VARCHAR (Calcite's CHR is a blank-padded CHAR(1)). */
    static final SqlFunction CHR = SqlBasicFunction.create("CHR", ReturnTypes.VARCHAR_NULLABLE,
            OperandTypes.INTEGER, SqlFunctionCategory.STRING);

    /** REGEXP_EXTRACT(s, pattern [, group]): DuckDB's form (BigQuery's, Calcite's, takes a position and an occurrence). */
    static final SqlFunction REGEXP_EXTRACT = SqlBasicFunction.create("REGEXP_EXTRACT", ReturnTypes.VARCHAR_NULLABLE,
            OperandTypes.STRING_STRING.or(OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.CHARACTER, SqlTypeFamily.INTEGER)),
            SqlFunctionCategory.STRING);

    /** DATEDIFF(part, from, to): DuckDB's DATE_DIFF, the part's boundaries crossed (DATE_DIFF itself parses as BigQuery's form). */
    static final SqlFunction DATEDIFF = SqlBasicFunction.create("DATEDIFF", ReturnTypes.BIGINT_NULLABLE,
            OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.DATETIME, SqlTypeFamily.DATETIME), SqlFunctionCategory.TIMEDATE);

    /** DATE_ADD(datetime, interval): the TIMESTAMP {@code datetime + interval}, as DuckDB (also for a DATE); {@link AscanConvertletTable} converts it. */
    static final SqlFunction DATE_ADD = SqlBasicFunction.create("DATE_ADD",
            ReturnTypes.explicit(SqlTypeName.TIMESTAMP).andThen(SqlTypeTransforms.TO_NULLABLE),
            OperandTypes.family(SqlTypeFamily.DATETIME, SqlTypeFamily.DATETIME_INTERVAL), SqlFunctionCategory.TIMEDATE);

    /** NOW(): CURRENT_TIMESTAMP (a TIMESTAMP in the JVM's time zone, not DuckDB's TIMESTAMP WITH TIME ZONE). */
    static final SqlFunction NOW = SqlBasicFunction.create("NOW",
            ReturnTypes.explicit(SqlTypeName.TIMESTAMP), OperandTypes.NILADIC, SqlFunctionCategory.TIMEDATE)
            .withDeterministic(false).withDynamic(true);

    /** EPOCH(datetime): seconds since 1970-01-01 as a DOUBLE, with the fraction. */
    static final SqlFunction EPOCH = SqlBasicFunction.create("EPOCH", ReturnTypes.DOUBLE_NULLABLE,
            OperandTypes.DATETIME, SqlFunctionCategory.TIMEDATE);

    /** MAKE_TIMESTAMP(year, month, day, hour, minute, seconds). */
    static final SqlFunction MAKE_TIMESTAMP = SqlBasicFunction.create("MAKE_TIMESTAMP",
            ReturnTypes.explicit(SqlTypeName.TIMESTAMP).andThen(SqlTypeTransforms.TO_NULLABLE),
            OperandTypes.family(SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER,
                    SqlTypeFamily.INTEGER, SqlTypeFamily.NUMERIC), SqlFunctionCategory.TIMEDATE);

    /** MONTHNAME(datetime), DAYNAME(datetime): English names, as DuckDB (Calcite's follow the JVM's locale). */
    static final SqlFunction MONTHNAME = SqlBasicFunction.create("MONTHNAME", ReturnTypes.VARCHAR_NULLABLE,
            OperandTypes.DATETIME, SqlFunctionCategory.TIMEDATE);
    static final SqlFunction DAYNAME = SqlBasicFunction.create("DAYNAME", ReturnTypes.VARCHAR_NULLABLE,
            OperandTypes.DATETIME, SqlFunctionCategory.TIMEDATE);

    /** STRFTIME(datetime, format), STRPTIME(text, format): DuckDB's format specifiers ({@code %Y-%m-%d}). */
    static final SqlFunction STRFTIME = SqlBasicFunction.create("STRFTIME", ReturnTypes.VARCHAR_NULLABLE,
            OperandTypes.family(SqlTypeFamily.DATETIME, SqlTypeFamily.CHARACTER), SqlFunctionCategory.TIMEDATE);
    static final SqlFunction STRPTIME = SqlBasicFunction.create("STRPTIME",
            ReturnTypes.explicit(SqlTypeName.TIMESTAMP).andThen(SqlTypeTransforms.TO_NULLABLE),
            OperandTypes.STRING_STRING, SqlFunctionCategory.TIMEDATE);

    /** LAST_DAY(datetime): the DATE of the month's last day (DATE or TIMESTAMP, as DuckDB). */
    static final SqlFunction LAST_DAY = SqlBasicFunction.create("LAST_DAY", ReturnTypes.DATE_NULLABLE,
            OperandTypes.DATETIME, SqlFunctionCategory.TIMEDATE);

    /** TYPEOF(x): the name of x's type, as DuckDB prints it (a constant, the planner's type). */
    static final SqlFunction TYPEOF = SqlBasicFunction.create("TYPEOF", ReturnTypes.explicit(SqlTypeName.VARCHAR),
            OperandTypes.ANY, SqlFunctionCategory.SYSTEM);

    /** CONTAINS(s, part): whether part occurs in s, as DuckDB; {@link AscanConvertletTable} makes it {@code STRPOS(s, part) > 0}. */
    static final SqlFunction CONTAINS = SqlBasicFunction.create("CONTAINS", ReturnTypes.BOOLEAN_NULLABLE,
            OperandTypes.STRING_STRING, SqlFunctionCategory.STRING);

    /**
     * FORMAT(format, args...): DuckDB's fmt-style {@code {}} placeholders filled with the arguments
     * as text, {@code {{}} and {@code }}} for braces; the format a constant. {@code ExprTranslator}
     * makes it a concatenation.
     */
    static final SqlFunction FORMAT = SqlBasicFunction.create("FORMAT", ReturnTypes.VARCHAR_NULLABLE,
            OperandTypes.ONE_OR_MORE, SqlFunctionCategory.STRING);

    /** HASH(value, ...): a BIGINT, never NULL (DuckDB's is a UBIGINT of other values). */
    static final SqlFunction HASH = SqlBasicFunction.create("HASH", ReturnTypes.BIGINT, OperandTypes.ONE_OR_MORE,
            SqlFunctionCategory.SYSTEM);

    /** VERSION(): ascan's version. */
    static final SqlFunction VERSION = SqlBasicFunction.create("VERSION", ReturnTypes.explicit(SqlTypeName.VARCHAR),
            OperandTypes.NILADIC, SqlFunctionCategory.SYSTEM);

    private static SqlFunction trim(String name) {
        return SqlBasicFunction.create(name, ReturnTypes.VARCHAR_NULLABLE, OperandTypes.STRING_OPTIONAL_STRING,
                SqlFunctionCategory.STRING);
    }

    private static final SqlOperatorTable EXTRA = SqlOperatorTables.of(com.google.common.collect.Iterables.concat(List.of(
            ROUND, TRUNC, MOD, COALESCE, LTRIM, RTRIM, REGEXP_MATCHES, DATE_TRUNC, DATE_PART, MAKE_DATE,
            STRLEN, CHR, REGEXP_EXTRACT, DATEDIFF, NOW, EPOCH, MAKE_TIMESTAMP, MONTHNAME, DAYNAME, LAST_DAY, TYPEOF, VERSION,
            STRFTIME, STRPTIME, DATE_ADD, CONTAINS, FORMAT, HASH,
            SqlLibraryOperators.MD5, SqlLibraryOperators.TRANSLATE3, SqlLibraryOperators.TRY_CAST,
            SqlLibraryOperators.LENGTH, SqlLibraryOperators.CONCAT_FUNCTION_WITH_NULL,
            SqlLibraryOperators.LPAD, SqlLibraryOperators.RPAD, SqlLibraryOperators.LEFT, SqlLibraryOperators.RIGHT,
            SqlLibraryOperators.REVERSE, SqlLibraryOperators.REPEAT,
            SqlLibraryOperators.STARTS_WITH, SqlLibraryOperators.ENDS_WITH,
            SqlLibraryOperators.SPLIT_PART, SqlLibraryOperators.STRPOS,
            SqlLibraryOperators.REGEXP_REPLACE_PG_3, SqlLibraryOperators.REGEXP_REPLACE_PG_4,
            SqlLibraryOperators.GREATEST_PG, SqlLibraryOperators.LEAST_PG,
            SqlLibraryOperators.LOG_POSTGRES, SqlLibraryOperators.POW, SqlLibraryOperators.LOG2,
            SqlLibraryOperators.CONCAT_WS_POSTGRESQL, SqlLibraryOperators.SUBSTR_POSTGRESQL, SqlLibraryOperators.IFNULL,
            SqlLibraryOperators.IF, SqlLibraryOperators.ILIKE, SqlLibraryOperators.NOT_ILIKE,
            SqlLibraryOperators.BOOL_AND, SqlLibraryOperators.BOOL_OR, SqlLibraryOperators.STRING_AGG,
            HolisticAggregates.MEDIAN, HolisticAggregates.PERCENTILE_CONT, HolisticAggregates.QUANTILE_CONT, HolisticAggregates.QUANTILE_DISC,
            HolisticAggregates.QUANTILE, HolisticAggregates.MODE), AscanAggregates.ALL));

    /** DuckDB's other names of functions above: the same operator under a second name. */
    private static final java.util.Map<String, SqlOperator> ALIASES = java.util.Map.of(
            "INSTR", SqlLibraryOperators.STRPOS,
            "PREFIX", SqlLibraryOperators.STARTS_WITH,
            "SUFFIX", SqlLibraryOperators.ENDS_WITH,
            "DATEPART", DATE_PART,
            "DATE_DIFF", DATEDIFF,
            "DAY", SqlStdOperatorTable.DAYOFMONTH);

    static final SqlOperatorTable INSTANCE = new Lookup(EXTRA, SqlStdOperatorTable.instance());

    /**
     * Looks names up ignoring case ({@code lpad} and {@code LPAD} are the same function), ours
     * first: a name found among them (ROUND) hides the standard table's.
     */
    private record Lookup(SqlOperatorTable ours, SqlOperatorTable standard) implements SqlOperatorTable {
        @Override
        public void lookupOperatorOverloads(SqlIdentifier opName, @Nullable SqlFunctionCategory category, SqlSyntax syntax,
                                            List<SqlOperator> operatorList, SqlNameMatcher nameMatcher) {
            // validation and conversion look names up all along (nullary calls too): a safe point to stop planning
            io.ascan.exec.CancelSignal.check();
            SqlNameMatcher anyCase = SqlNameMatchers.withCaseSensitive(false);
            int before = operatorList.size();
            ours.lookupOperatorOverloads(opName, category, syntax, operatorList, anyCase);
            if (operatorList.size() == before && opName.isSimple() && syntax == SqlSyntax.FUNCTION) {
                SqlOperator alias = ALIASES.get(opName.getSimple().toUpperCase(java.util.Locale.ROOT));
                if (alias != null) operatorList.add(alias);
            }
            if (operatorList.size() == before) standard.lookupOperatorOverloads(opName, category, syntax, operatorList, anyCase);
        }

        @Override
        public List<SqlOperator> getOperatorList() {
            List<SqlOperator> all = new java.util.ArrayList<>(ours.getOperatorList());
            all.addAll(standard.getOperatorList());
            return all;
        }
    }
}
