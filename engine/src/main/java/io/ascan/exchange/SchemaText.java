package io.ascan.exchange;

import io.ascan.format.ColumnSpec;
import io.ascan.format.TableSchema;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.List;

/** Parses a column list such as {@code "id INTEGER, price DECIMAL(15,2), name VARCHAR"}. */
public final class SchemaText {
    private SchemaText() {}

    public static TableSchema parse(String text) {
        List<ColumnSpec> columns = new ArrayList<>();
        for (String part : splitTopLevel(text)) {
            String p = part.strip();
            int space = p.indexOf(' ');
            if (p.isEmpty() || space < 0) {
                throw new IllegalArgumentException("bad column '" + p + "' in schema: expected 'name TYPE'");
            }
            columns.add(ColumnSpec.of(p.substring(0, space), DataType.parse(p.substring(space + 1))));
        }
        return new TableSchema(columns);
    }

    /** Splits at commas outside parentheses, so DECIMAL(15,2) stays whole. */
    private static List<String> splitTopLevel(String text) {
        List<String> parts = new ArrayList<>();
        int depth = 0, start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') depth++;
            else if (c == ')') depth--;
            else if (c == ',' && depth == 0) {
                parts.add(text.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(text.substring(start));
        return parts;
    }

    /** The schema as {@code parse} reads it. */
    public static String format(TableSchema schema) {
        StringBuilder sb = new StringBuilder();
        for (ColumnSpec c : schema.columns()) {
            if (!sb.isEmpty()) sb.append(", ");
            sb.append(c.name()).append(' ').append(c.type());
        }
        return sb.toString();
    }
}
