package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.DictionaryColumnAccess.DictionaryCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * The lookup of a group whose keys are dictionary-encoded columns: while every key is encoded in
 * the rowset, the group of each combination of codes is found by hash once per rowset and kept in
 * an array indexed by the codes, so a tuple costs an array load instead of hashing and comparing
 * strings.
 */
final class CodesProbe {
    /** Most entries (combinations of the keys' codes, NULL included) of a per-rowset code-to-group map. */
    static final int MAX_CODE_GROUPS = 1 << 16;

    private CodesProbe() {}

    /** The group keys' dictionary codes when every key is a rowset column that may be dictionary-encoded; else null. */
    static List<DictionaryCode> dictionaryKeys(int[] groupKeys, Tuple in, CodeBuilder code) {
        int mark = code.mark();
        List<DictionaryCode> codes = new ArrayList<>();
        for (int k : groupKeys) {
            DictionaryCode d = in.dictionary(k, code);
            if (d == null) {
                code.cut(mark); // drop the NULL tests already emitted
                return null;
            }
            codes.add(d);
        }
        return codes;
    }

    /** Emits the lookup; returns the name of the group row's local. */
    static String lookup(GroupProbe probe, Tuple in, PipelineCodegen gen, String partitions, PipelineCodegen.SourceLoop loop,
                         List<DictionaryCode> codes) {
        CodeBuilder code = gen.code;
        String field = code.fresh("groupsByCode"), map = code.fresh("byCode"), on = code.fresh("byCodeOn"), n = code.fresh("codes");
        gen.rawField("private long[] " + field + " = new long[0];");
        StringBuilder encoded = new StringBuilder();
        String entries = null; // capped at MAX_CODE_GROUPS + 1 after each factor: no overflow
        for (DictionaryCode d : codes) {
            encoded.append(encoded.isEmpty() ? "" : " && ").append(d.encoded());
            String factor = "(long) (" + d.size() + " + 1)";
            entries = entries == null ? factor : "Math.min(" + (MAX_CODE_GROUPS + 1) + "L, " + entries + " * " + factor + ")";
        }
        String pad = "        ";
        loop.before(pad + "long[] " + map + " = null;\n"
                + pad + "long " + n + " = " + entries + ";\n"
                + pad + "boolean " + on + " = " + encoded + " && (" + n + " <= 1024L || " + n + " <= rows) && " + n + " <= "
                + MAX_CODE_GROUPS + "L;\n"
                + pad + "if (" + on + ") {\n"
                + pad + "    if (" + field + ".length < " + n + ") " + field + " = new long[(int) " + n + "];\n"
                + pad + "    else java.util.Arrays.fill(" + field + ", 0, (int) " + n + ", 0L);\n"
                + pad + "    " + map + " = " + field + ";\n"
                + pad + "}\n");
        String g = code.fresh("group"), at = code.fresh("codeAt");
        code.line("long " + g + " = 0L;");
        code.line("int " + at + " = -1;");
        code.open("if (" + on + ")");
        String index = null;
        for (DictionaryCode d : codes) {
            String one = "(" + d.isNull() + " ? " + d.size() + " : " + d.code() + ")"; // NULL: the entry after the last code
            index = index == null ? one : "(" + index + ") * (" + d.size() + " + 1) + " + one;
        }
        code.line(at + " = " + index + ";");
        code.line(g + " = " + map + "[" + at + "];");
        code.close();
        code.open("if (" + g + " == 0L)");
        code.line(g + " = " + probe.lookup(in, gen, partitions).row() + ";");
        code.line("if (" + at + " >= 0) " + map + "[" + at + "] = " + g + ";");
        code.close();
        return g;
    }
}
