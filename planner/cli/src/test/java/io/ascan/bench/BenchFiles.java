package io.ascan.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;

/** Reading what the bench commands write: CSV rows as maps, Markdown table rows, image files checked. */
final class BenchFiles {
    private BenchFiles() {}

    /** Header line, then one map per row (column → value), in file order. */
    record Csv(String header, List<Map<String, String>> rows) {
        static Csv read(Path file) throws IOException {
            List<String> lines = Files.readAllLines(file);
            String[] cols = lines.getFirst().split(",", -1);
            List<Map<String, String>> rows = new ArrayList<>();
            for (String line : lines.subList(1, lines.size())) {
                String[] v = line.split(",", -1);
                assertEquals(cols.length, v.length, "row width in " + file + ": " + line);
                Map<String, String> m = new LinkedHashMap<>();
                for (int i = 0; i < cols.length; i++) m.put(cols[i], v[i]);
                rows.add(m);
            }
            return new Csv(lines.getFirst(), rows);
        }
    }

    /** The cells of the Markdown table rows under the heading {@code heading} whose first cell is {@code first}. */
    static List<String> tableRow(String markdown, String heading, String first) {
        int start = heading == null ? 0 : markdown.indexOf("\n" + heading + "\n");
        assertTrue(start >= 0, "no section '" + heading + "' in\n" + markdown);
        int end = heading == null ? -1 : markdown.indexOf("\n## ", start + 1);
        String section = markdown.substring(start, end < 0 ? markdown.length() : end);
        for (String line : section.split("\n")) {
            if (!line.startsWith("| ")) continue;
            List<String> cells = Arrays.stream(line.substring(1, line.length() - 1).split("\\|")).map(String::strip).toList();
            if (cells.getFirst().equals(first)) return cells;
        }
        throw new AssertionError("no table row '" + first + "' under '" + heading + "' in\n" + section);
    }

    static double number(String cell) {
        return Double.parseDouble(cell.replace("*", ""));
    }

    static void assertPng(Path file) throws IOException {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(8);
        }
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, head, file + " lacks the PNG signature");
        BufferedImage image = ImageIO.read(file.toFile());
        assertNotNull(image, file + " does not decode");
        assertTrue(image.getWidth() > 100 && image.getHeight() > 100, file + " is " + image.getWidth() + "x" + image.getHeight());
    }

    /** Parses the SVG as XML (no DTD fetched) and checks its root and that it draws something. */
    static void assertSvg(Path file) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document d = f.newDocumentBuilder().parse(file.toFile());
        assertEquals("svg", d.getDocumentElement().getLocalName(), file.toString());
        assertEquals("http://www.w3.org/2000/svg", d.getDocumentElement().getNamespaceURI(), file.toString());
        assertTrue(d.getElementsByTagNameNS("*", "path").getLength() + d.getElementsByTagNameNS("*", "rect").getLength() > 0,
                file + " draws nothing");
    }
}
