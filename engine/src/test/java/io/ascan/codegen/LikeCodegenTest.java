package io.ascan.codegen;

import static io.ascan.expr.Operator.LIKE;
import static io.ascan.expr.Operator.NOT;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ascan.codegen.rt.Results;
import io.ascan.codegen.rt.StringScratch;
import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * LIKE and NOT LIKE as generated code (one specialised matcher per pattern shape) against a
 * java.util.regex reference, on plain and dictionary-encoded columns of generated strings with
 * multi-byte UTF-8, empty strings, NULLs and the wildcard and escape characters themselves.
 */
class LikeCodegenTest {
    @RegisterExtension
    final LeakCheck memory = new LeakCheck();

    private static final List<ExprCompiler.Input> INPUTS = List.of(
            ExprCompiler.Input.of("s", DataType.VARCHAR), new ExprCompiler.Input("sd", DataType.VARCHAR, true));
    private static final ColumnRef S = new ColumnRef(0, DataType.VARCHAR), SD = new ColumnRef(1, DataType.VARCHAR);
    /** Pieces of strings and patterns: ASCII, two-, three- and four-byte code points, the wildcards and the escape. */
    private static final String[] PIECES = {"a", "b", "ab", "é", "日", "😀", "%", "_", "\\", "special", "requests"};
    private static final List<String> FIXED = List.of("%special%requests%", "special%requests", "%special%requests", "special%",
            "%requests", "%a%b%", "a%b", "ab%ba", "%%", "%", "", "_", "%_%", "_é%", "%日_", "a%%b", "%\\%%", "\\_%", "%b\\\\",
            "%😀%a%");

    @Test
    void generatedMatchersAgreeWithARegex() {
        Random rnd = new Random(13);
        List<Object[]> rows = new ArrayList<>();
        for (int r = 0; r < 400; r++) {
            String s = r % 50 == 0 ? null : random(rnd, rnd.nextInt(r % 3 == 0 ? 40 : 8));
            rows.add(new Object[] {s, r % 7 == 0 ? null : random(rnd, rnd.nextInt(5))});
        }
        rows.add(new Object[] {"the special packages haggle; requests", "a😀a"});
        List<String> patterns = new ArrayList<>(FIXED);
        for (int p = 0; p < 60; p++) patterns.add(random(rnd, 1 + rnd.nextInt(4)));
        List<Expr> exprs = new ArrayList<>();
        List<String> what = new ArrayList<>();
        for (String p : patterns) {
            for (ColumnRef c : List.of(S, SD)) {
                for (String escape : new String[] {null, "\\"}) {
                    if (escape != null && endsWithOddEscapes(p)) continue; // an error, not a match
                    Expr like = escape == null ? Call.predicate(LIKE, c, Literal.of(p))
                            : Call.predicate(LIKE, c, Literal.of(p), Literal.of(escape));
                    exprs.add(like);
                    exprs.add(Call.predicate(NOT, like));
                    what.add(like.toString());
                    what.add("NOT " + like);
                }
            }
        }
        try (ExprFixture fx = new ExprFixture(memory.allocator(), INPUTS, rows);
                ExprCompiler.Evaluator ev = ExprCompiler.compile(exprs, INPUTS).instantiate(memory.allocator());
                StringScratch scratch = new StringScratch(memory.allocator(), 64)) {
            Results res = ev.newResults(rows.size());
            ev.evaluate(fx.batch, 0, rows.size(), res, scratch);
            int k = 0;
            for (String p : patterns) {
                for (int c = 0; c < 2; c++) {
                    for (String escape : new String[] {null, "\\"}) {
                        if (escape != null && endsWithOddEscapes(p)) continue;
                        Pattern regex = regex(p, escape);
                        for (int r = 0; r < rows.size(); r++) {
                            String s = (String) rows.get(r)[c];
                            Boolean expected = s == null ? null : regex.matcher(s).matches();
                            assertEquals(expected, res.get(k, r), what.get(k) + " on '" + s + "'");
                            assertEquals(expected == null ? null : !expected, res.get(k + 1, r), what.get(k + 1) + " on '" + s + "'");
                        }
                        k += 2;
                    }
                }
            }
        }
    }

    private static boolean endsWithOddEscapes(String p) {
        int n = 0;
        for (int i = p.length() - 1; i >= 0 && p.charAt(i) == '\\'; i--) n++;
        return n % 2 == 1;
    }

    private static String random(Random rnd, int pieces) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < pieces; i++) b.append(PIECES[rnd.nextInt(PIECES.length)]);
        return b.toString();
    }

    /** The pattern as a regex over code points: % any sequence, _ one code point, the escape makes the next character literal. */
    private static Pattern regex(String like, String escape) {
        StringBuilder r = new StringBuilder();
        for (int i = 0; i < like.length(); ) {
            int cp = like.codePointAt(i);
            i += Character.charCount(cp);
            if (escape != null && cp == escape.charAt(0)) {
                int next = like.codePointAt(i);
                i += Character.charCount(next);
                r.append(Pattern.quote(Character.toString(next)));
            } else if (cp == '%') {
                r.append(".*");
            } else if (cp == '_') {
                r.append('.');
            } else {
                r.append(Pattern.quote(Character.toString(cp)));
            }
        }
        return Pattern.compile(r.toString(), Pattern.DOTALL);
    }
}
