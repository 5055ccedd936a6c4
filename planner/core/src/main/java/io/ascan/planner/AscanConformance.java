package io.ascan.planner;

import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlDelegatingConformance;

/**
 * The parser's conformance: Calcite's default, plus the {@code %} remainder operator that
 * PostgreSQL and DuckDB users write for {@code MOD}. The validator keeps the plain default
 * (Calcite's planner reads the validator's conformance back as an enum name).
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
}
