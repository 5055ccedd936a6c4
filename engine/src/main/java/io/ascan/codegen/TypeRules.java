package io.ascan.codegen;

import io.ascan.types.DataType;
import io.ascan.types.TypeKind;

/** The type two operands are compared or combined in, when the planner left them different. */
final class TypeRules {
    private TypeRules() {}

    static boolean isExact(TypeKind k) {
        return k == TypeKind.INTEGER || k == TypeKind.BIGINT || k == TypeKind.DECIMAL;
    }

    static boolean isNumeric(TypeKind k) {
        return isExact(k) || k == TypeKind.DOUBLE;
    }

    /** Scale of an exact numeric type (0 for integers). */
    static int scale(DataType t) {
        return t.kind() == TypeKind.DECIMAL ? t.scale() : 0;
    }

    static DataType common(DataType a, DataType b) {
        if (a.equals(b)) return a;
        TypeKind x = a.kind(), y = b.kind();
        if (isNumeric(x) && isNumeric(y)) {
            if (x == TypeKind.DOUBLE || y == TypeKind.DOUBLE) return DataType.DOUBLE;
            if (x == TypeKind.DECIMAL || y == TypeKind.DECIMAL) {
                int s = Math.max(scale(a), scale(b));
                return DataType.decimal(DataType.MAX_DECIMAL_PRECISION, s);
            }
            return x == TypeKind.BIGINT || y == TypeKind.BIGINT ? DataType.BIGINT : DataType.INTEGER;
        }
        if ((x == TypeKind.DATE && y == TypeKind.TIMESTAMP) || (x == TypeKind.TIMESTAMP && y == TypeKind.DATE)) {
            return DataType.TIMESTAMP;
        }
        if (x == TypeKind.VARCHAR) return b;
        if (y == TypeKind.VARCHAR) return a;
        throw new IllegalArgumentException("cannot compare or combine " + a + " with " + b);
    }
}
