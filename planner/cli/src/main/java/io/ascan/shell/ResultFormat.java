package io.ascan.shell;

import io.ascan.embedded.ColumnReader;
import io.ascan.plan.OutputColumn;
import java.io.IOException;
import java.util.List;

/** How {@code ascan sql} prints a result: begin, each row, end. */
interface ResultFormat {
    void begin(List<OutputColumn> columns) throws IOException;

    void row(ColumnReader[] columns, int row) throws IOException;

    void end(long rows) throws IOException;
}
