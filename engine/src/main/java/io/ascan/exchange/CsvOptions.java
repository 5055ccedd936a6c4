package io.ascan.exchange;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.QuoteMode;

/**
 * How a CSV file is written: the field delimiter, the quote and escape characters (none when
 * null), the text that stands for NULL, and whether the first record is a header.
 *
 * @param nullString an unquoted field equal to it is NULL; when null, an unquoted empty field is
 *                   NULL (a quoted empty field is an empty VARCHAR either way)
 */
public record CsvOptions(char delimiter, Character quote, Character escape, String nullString, boolean header) {
    /** RFC 4180 with a header row. */
    public static final CsvOptions DEFAULTS = new CsvOptions(',', '"', null, null, true);

    public CsvOptions {
        parserFormat(delimiter, quote, escape, nullString); // Commons CSV checks the combination
    }

    /** Parses a one-character option value; "\t" and "tab" name the tab, "none" (where allowed) no character. */
    public static Character character(String option, String value, boolean noneAllowed) {
        if (value == null) return null;
        if (noneAllowed && value.equalsIgnoreCase("none")) return null;
        if (value.equals("\\t") || value.equalsIgnoreCase("tab")) return '\t';
        if (value.length() != 1) {
            throw new UserException(option + " takes one character" + (noneAllowed ? " or 'none'" : "")
                    + ", got '" + value + "'");
        }
        return value.charAt(0);
    }

    /**
     * The delimiter a file's first line suggests: of ',', ';', tab and '|', the one that occurs
     * most often outside double quotes (',' when none does), as a user would read the line.
     */
    public static char sniffDelimiter(java.nio.file.Path file) throws java.io.IOException {
        String first;
        try (var in = java.nio.file.Files.newBufferedReader(file, java.nio.charset.StandardCharsets.UTF_8)) {
            first = in.readLine();
        } catch (java.nio.charset.MalformedInputException e) {
            return ','; // the import reports the encoding, naming the line
        }
        if (first == null) return ',';
        char[] candidates = {',', ';', '\t', '|'};
        int[] counts = new int[candidates.length];
        boolean quoted = false;
        for (int i = 0; i < first.length(); i++) {
            char ch = first.charAt(i);
            if (ch == '"') quoted = !quoted;
            if (quoted) continue;
            for (int k = 0; k < candidates.length; k++) if (ch == candidates[k]) counts[k]++;
        }
        int best = 0;
        for (int k = 1; k < candidates.length; k++) if (counts[k] > counts[best]) best = k;
        return candidates[best];
    }

    public CsvOptions withDelimiter(char c) {
        return new CsvOptions(c, quote, escape, nullString, header);
    }

    public CsvOptions withQuote(Character c) {
        return new CsvOptions(delimiter, c, escape, nullString, header);
    }

    public CsvOptions withEscape(Character c) {
        return new CsvOptions(delimiter, quote, c, nullString, header);
    }

    public CsvOptions withNullString(String s) {
        return new CsvOptions(delimiter, quote, escape, s, header);
    }

    public CsvOptions withHeader(boolean h) {
        return new CsvOptions(delimiter, quote, escape, nullString, h);
    }

    /**
     * The parser's format. The strict quote mode is what makes the parser tell an unquoted NULL
     * from a quoted value; blank lines are kept so that line numbers stay exact.
     */
    CSVFormat parserFormat() {
        return parserFormat(delimiter, quote, escape, nullString);
    }

    private static CSVFormat parserFormat(char delimiter, Character quote, Character escape, String nullString) {
        try {
            return CSVFormat.RFC4180.builder()
                    .setDelimiter(delimiter)
                    .setQuote(quote)
                    .setEscape(escape)
                    .setNullString(nullString)
                    .setQuoteMode(QuoteMode.ALL_NON_NULL)
                    .setIgnoreEmptyLines(false)
                    .get();
        } catch (IllegalArgumentException e) { // e.g. "The quoteChar character and the delimiter cannot be the same ('|')"
            throw new UserException("CSV options: " + e.getMessage());
        }
    }
}
