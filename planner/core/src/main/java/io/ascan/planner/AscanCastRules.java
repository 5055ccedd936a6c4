package io.ascan.planner;

import com.google.common.collect.ImmutableSet;
import java.util.HashMap;
import java.util.Map;
import org.apache.calcite.sql.type.SqlTypeCoercionRule;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Which explicit CASTs the validator accepts: Calcite's rules, plus BOOLEAN to a number (TRUE is
 * 1, FALSE 0), which DuckDB and PostgreSQL allow ({@code CAST(flag AS INTEGER)}, summing flags)
 * and the engine's casts compute.
 */
final class AscanCastRules {
    private AscanCastRules() {}

    static final SqlTypeCoercionRule INSTANCE = rules();

    private static SqlTypeCoercionRule rules() {
        Map<SqlTypeName, ImmutableSet<SqlTypeName>> mapping = new HashMap<>(SqlTypeCoercionRule.instance().getTypeMapping());
        for (SqlTypeName number : SqlTypeName.NUMERIC_TYPES) {
            ImmutableSet<SqlTypeName> from = mapping.get(number);
            if (from == null) continue;
            mapping.put(number, ImmutableSet.<SqlTypeName>builder().addAll(from).add(SqlTypeName.BOOLEAN).build());
        }
        return SqlTypeCoercionRule.instance(mapping);
    }
}
