package io.ascan.jdbc;

import io.ascan.scan.ScanReport;
import java.sql.SQLWarning;

/**
 * One AdaptiveScan's report, delivered to JDBC users as a statement (and result set) warning
 * once the result is read to its end: the message is the text EXPLAIN ANALYZE prints, and
 * {@link #report()} has the figures (slices, time and bytes per mode, switches, timeline).
 * <pre>{@code for (SQLWarning w = st.getWarnings(); w != null; w = w.getNextWarning())
 *     if (w instanceof ScanWarning s) use(s.report());}</pre>
 * The message is formatted when first asked for: every query ends with one warning per scan,
 * and formatting them all would add to every small query's time what few callers read.
 */
public final class ScanWarning extends SQLWarning {
    private final transient ScanReport report;
    private transient volatile String message;

    ScanWarning(ScanReport report) {
        super(null, "01000");
        this.report = report;
    }

    public ScanReport report() {
        return report;
    }

    @Override
    public String getMessage() {
        String m = message;
        if (m == null) message = m = report.format();
        return m;
    }
}
