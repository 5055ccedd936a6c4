package io.ascan.planner;

import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlDelegatingConformance;

/**
 * The parser's and the validator's conformance: Calcite's default, plus what PostgreSQL and
 * DuckDB users write: the {@code %} remainder operator for {@code MOD}, and {@code GROUP BY} an
 * output column's ordinal ({@code GROUP BY 1}). Not GROUP BY or HAVING an output column's alias:
 * Calcite resolves a name to the alias before an input column of that name, DuckDB and
 * PostgreSQL to the input column, so the same query would group differently.
 */
public final class AscanConformance extends SqlDelegatingConformance {
    public static final AscanConformance INSTANCE = new AscanConformance();

    private AscanConformance() {
        super(SqlConformanceEnum.DEFAULT);
    }

    @Override
    public boolean isPercentRemainderAllowed() {
        return true;
    }

    @Override
    public boolean isGroupByOrdinal() {
        return true;
    }


}
