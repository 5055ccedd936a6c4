package io.ascan.shell;

import io.ascan.embedded.ColumnReader;
import io.ascan.exchange.CsvExporter;
import io.ascan.plan.OutputColumn;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * RFC 4180, as {@code ascan export} writes it: a header row, CRLF line ends, NULL as an empty
 * field and the empty string as {@code ""}, numbers in plain decimal (DECIMAL with its scale).
 */
final class CsvFormat implements ResultFormat {
    private final Writer out;

    CsvFormat(Writer out) {
        this.out = out;
    }

    @Override
    public void begin(List<OutputColumn> columns) throws IOException {
        for (int c = 0; c < columns.size(); c++) {
            if (c > 0) out.write(',');
            CsvExporter.field(out, columns.get(c).name());
        }
        out.write("\r\n");
    }

    @Override
    public void row(ColumnReader[] columns, int row) throws IOException {
        for (int c = 0; c < columns.length; c++) {
            if (c > 0) out.write(',');
            String v = columns[c].text(row);
            if (v != null) CsvExporter.field(out, v);
        }
        out.write("\r\n");
    }

    @Override
    public void end(long rows) {
    }
}
