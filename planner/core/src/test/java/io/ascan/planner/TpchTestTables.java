package io.ascan.planner;

import io.ascan.catalog.Catalog;
import io.ascan.gen.GenRunner;
import io.ascan.gen.SsbGenerator;
import io.ascan.gen.TpchGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;

/** Real TPC-H and SSB data from the project's generators, at a scale small enough for unit tests. */
public final class TpchTestTables {
    public static final double SCALE_FACTOR = 0.01;

    private TpchTestTables() {}

    public static Catalog generate(Path dir) throws IOException {
        PrintWriter quiet = new PrintWriter(Writer.nullWriter());
        new GenRunner(dir, 2, false, quiet, quiet, false).run(new TpchGenerator(SCALE_FACTOR).tables());
        return Catalog.open(dir);
    }

    /** SSB at the same scale: 60k lineorder rows against 2,556 dates, as unbalanced as at SF 1. */
    public static Catalog generateSsb(Path dir) throws IOException {
        PrintWriter quiet = new PrintWriter(Writer.nullWriter());
        new GenRunner(dir, 2, false, quiet, quiet, false).run(new SsbGenerator(SCALE_FACTOR).tables());
        return Catalog.open(dir);
    }
}
