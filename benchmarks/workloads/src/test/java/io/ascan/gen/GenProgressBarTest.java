package io.ascan.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class GenProgressBarTest {
    /** A clock advancing one second per reading. */
    private static java.util.function.LongSupplier ticking() {
        long[] t = {0};
        return () -> t[0] += 1_000_000_000L;
    }

    @Test
    void plainOutputPrintsAboutEveryTenPercent() {
        StringWriter s = new StringWriter();
        ProgressBar bar = new ProgressBar(new PrintWriter(s), false, "trips", 1000, ticking());
        for (int i = 0; i < 100; i++) bar.accept(10);
        bar.finish();
        String[] lines = s.toString().split("\n");
        assertEquals(10, lines.length, s.toString());
        assertTrue(lines[0].startsWith("trips       10% 100/1,000 rows"), lines[0]);
        assertTrue(lines[0].contains("ETA"), lines[0]);
        assertTrue(lines[9].startsWith("trips      100% 1,000/1,000 rows"), lines[9]);
        assertTrue(!s.toString().contains("\r"));
    }

    @Test
    void terminalOutputRedrawsOneLine() {
        StringWriter s = new StringWriter();
        ProgressBar bar = new ProgressBar(new PrintWriter(s), true, "lineitem", 100, ticking());
        bar.accept(50);
        bar.finish();
        String out = s.toString();
        assertTrue(out.startsWith("\rlineitem   [############............]  50% 50/100 rows"), out);
        assertTrue(out.contains("\rlineitem   [########################] 100% 50/50 rows"), out);
        assertEquals(1, out.chars().filter(c -> c == '\n').count());
    }

    @Test
    void anUnderestimatedTotalStaysBelowOneHundredPercent() {
        StringWriter s = new StringWriter();
        ProgressBar bar = new ProgressBar(new PrintWriter(s), true, "lineitem", 100, ticking());
        bar.accept(150);
        assertTrue(s.toString().contains(" 99% 150/150 rows"), s.toString());
    }

    @Test
    void formatting() {
        assertEquals("1.5M", ProgressBar.human(1_500_000));
        assertEquals("950", ProgressBar.human(950));
        assertEquals("59s", ProgressBar.duration(59.2));
        assertEquals("2m05s", ProgressBar.duration(125));
        assertEquals("1h01m", ProgressBar.duration(3660));
    }
}
