package io.ascan.planner;

import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlBasicAggFunction;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeTransforms;

/** Aggregate functions of DuckDB that Calcite lacks, computed by the engine's aggregates. */
public final class AscanAggregates {
    private AscanAggregates() {}

    /** PRODUCT(x): the product of the values that are not NULL, a DOUBLE as DuckDB's; NULL without one. */
    public static final SqlAggFunction PRODUCT = SqlBasicAggFunction.create("PRODUCT", SqlKind.OTHER_FUNCTION,
            ReturnTypes.DOUBLE.andThen(SqlTypeTransforms.FORCE_NULLABLE), OperandTypes.NUMERIC);
}
