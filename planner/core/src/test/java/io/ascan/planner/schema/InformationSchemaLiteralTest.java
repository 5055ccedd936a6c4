package io.ascan.planner.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

/**
 * A system table's DOUBLE is written as an approximate literal: a hit rate of 0.0014124293785310734
 * written plainly was an exact numeric of 19 digits, which the parser refused, and the view failed.
 */
class InformationSchemaLiteralTest {
    @Test
    void aDoubleIsAnApproximateLiteralOfTheSameValue() throws Exception {
        for (double d : new double[] {0.0014124293785310734, 1.0, 0.0, -2.5e-300, 1e300, 123456789.123}) {
            SqlNode q = SqlParser.create("SELECT " + InformationSchema.approximate(d)).parseQuery();
            SqlLiteral lit = (SqlLiteral) ((SqlSelect) q).getSelectList().get(0);
            assertEquals(SqlTypeName.DOUBLE, lit.getTypeName(), InformationSchema.approximate(d));
            assertEquals(d, lit.getValueAs(Double.class), InformationSchema.approximate(d));
        }
    }
}
