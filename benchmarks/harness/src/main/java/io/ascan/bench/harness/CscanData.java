package io.ascan.bench.harness;

import io.ascan.catalog.Catalog;
import io.ascan.exchange.UserException;
import io.ascan.format.ColumnSpec;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import io.ascan.types.DataType;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The Cooperative Scans experiment's tables: TPC-H lineitem ({@code ascan gen tpch}, generated
 * when absent) and the overlap experiment's ten 8-byte columns a..j, where column x of row r holds
 * {@code r * 10 + (x - 'a')}, so that every column rises with the row and a range predicate on any
 * of them prunes the same contiguous slices.
 */
public final class CscanData {
    private CscanData() {}

    /** Makes sure {@code dir} holds lineitem (and the overlap table if {@code overlapRows} > 0); returns lineitem's rows. */
    public static long ensure(Path dir, String sf, int sliceRows, long overlapRows, Function<List<String>, Integer> generate,
                              PrintWriter err) throws IOException {
        if (!Files.isDirectory(dir) || !Catalog.open(dir).exists("lineitem")) {
            List<String> args = new ArrayList<>(List.of("gen", "tpch", "--sf", sf, "--dir", dir.toString()));
            if (sliceRows > 0) args.addAll(List.of("--slice-rows", Integer.toString(sliceRows)));
            err.println("generating TPC-H SF " + sf + " into " + dir);
            err.flush();
            int rc = generate.apply(args);
            if (rc != 0) throw new UserException("generating TPC-H SF " + sf + " failed (exit code " + rc + ")");
        }
        Catalog catalog = Catalog.open(dir);
        if (overlapRows > 0) {
            boolean fits = catalog.exists(CscanQuery.OVERLAP_TABLE)
                    && catalog.table(CscanQuery.OVERLAP_TABLE).rowCount() == overlapRows;
            if (!fits) {
                err.println("writing " + CscanQuery.OVERLAP_TABLE + " (" + overlapRows + " rows) into " + dir);
                err.flush();
                writeOverlap(catalog, overlapRows, sliceRows);
            }
        }
        return catalog.table("lineitem").rowCount();
    }

    static void writeOverlap(Catalog catalog, long rows, int sliceRows) throws IOException {
        List<ColumnSpec> cols = new ArrayList<>();
        for (String c : CscanRunner.OVERLAP_COLUMNS) cols.add(ColumnSpec.of(c, DataType.BIGINT));
        WriteOptions options = WriteOptions.DEFAULTS.withReplace(true);
        if (sliceRows > 0) options = options.withMaxSliceRows(sliceRows);
        try (TableWriter w = catalog.create(CscanQuery.OVERLAP_TABLE, new TableSchema(cols), options)) {
            for (long r = 0; r < rows; r++) {
                for (int c = 0; c < cols.size(); c++) w.setLong(c, r * 10 + c);
                w.endRow();
            }
            w.commit();
        }
    }
}
