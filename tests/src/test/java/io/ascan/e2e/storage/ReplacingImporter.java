package io.ascan.e2e.storage;

import io.ascan.cli.Main;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process that runs {@code ascan import --replace} (the CLI's code path, in a loop so that one
 * JVM start serves many imports) of generations 1, 2, 3, ... of {@link Generations} until the
 * file {@code stop} exists: {@code main(catalog, csvDir, stop)}. Prints the imports it made.
 */
public final class ReplacingImporter {
    private ReplacingImporter() {}

    public static void main(String[] args) throws Exception {
        Path catalog = Path.of(args[0]), csvs = Path.of(args[1]), stop = Path.of(args[2]);
        int imports = 0;
        for (int g = 2; !Files.exists(stop); g++) {
            Path csv = csvs.resolve("g" + g + ".csv");
            Generations.writeCsv(csv, g);
            int exit = Main.commandLine().execute("import", "--dir", catalog.toString(), "--table", "t", "--from",
                    csv.toString(), "--replace", "--slice-rows", Integer.toString(Generations.SLICE_ROWS),
                    "--schema", "id BIGINT, v BIGINT");
            Files.delete(csv);
            if (exit != 0) {
                System.out.println("import failed with exit " + exit);
                System.exit(1);
            }
            imports++;
        }
        System.out.println("imports " + imports);
    }
}
