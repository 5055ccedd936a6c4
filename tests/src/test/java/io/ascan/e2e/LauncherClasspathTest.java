package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CSV import and a query through {@link Launcher}, on the launcher's own classpath: commons-io
 * 2.15.0 under commons-csv 1.14.1 once made every CSV import fail there with NoSuchMethodError.
 * The other commands run on that classpath in {@link LauncherCatalogTest},
 * {@link LauncherExchangeTest} and {@link LauncherHelpTest}.
 */
class LauncherClasspathTest {
    @Test
    void csvImportAndQueryRunOnTheLauncherClasspath(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("people.csv");
        Files.writeString(csv, "id,name,score\n1,ann,2.5\n2,bob,\n3,\"c, d\",4.25\n");
        Path catalog = dir.resolve("catalog");

        Launcher.Child imported = Launcher.run("import", "--dir", catalog.toString(), "--table", "people",
                "--from", csv.toString()).ok();
        assertTrue(imported.out().contains("imported 3 rows"), imported.toString());

        Launcher.Child queried = Launcher.run("sql", "--dir", catalog.toString(), "--format", "csv",
                "-e", "SELECT COUNT(*) AS n, COUNT(score) AS scored, MAX(name) AS top FROM people").ok();
        // RFC 4180: records end with CRLF.
        assertTrue(queried.out().contains("n,scored,top\r\n3,2,\"c, d\"\r\n"), queried.toString());
    }
}
