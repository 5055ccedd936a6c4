package io.ascan.codegen;

import java.util.ArrayList;
import java.util.List;

/**
 * Accumulates the Java source of one generated class: fresh local names, class-level fields
 * (constants such as string literals or LIKE matchers, read from the {@code constants} array of
 * {@link io.ascan.codegen.rt.Generated}, the base of every generated class), and indented statements.
 */
public final class CodeBuilder {
    private final StringBuilder body = new StringBuilder();
    private final List<String> fieldDecls = new ArrayList<>();
    private final List<Object> constants = new ArrayList<>();
    private final java.util.Map<String, String> strings = new java.util.HashMap<>();
    private final List<String> members = new ArrayList<>();
    private int indent = 2;
    private int nextName;

    /**
     * A fresh local or field name with the given prefix. Its counter follows a {@code $}, which no
     * fixed name of generated code carries (column fields such as {@code valid<c>}, {@code data<c>},
     * {@code dict<c>}; loop names such as {@code row}, {@code sel}): a fresh local can never shadow
     * one of them, whatever its prefix, and two fresh names never meet ({@code c1} + 12 vs {@code c11} + 2).
     */
    public String fresh(String prefix) {
        return prefix + '$' + (nextName++);
    }

    /**
     * Declares a fresh flag, false, for a short-circuiting construct to set once its result is
     * known; it guards each later part with {@code if (!flag)}. A labeled block left with
     * {@code break} did this job, but Janino merges the stack maps of all the breaks of a block,
     * and with other locals in scope at each break (a long in one's slot, an int in another's) its
     * merge failed an assertion (CodeContext.mergeStackMaps) for some CASE expressions.
     */
    public String decided(String prefix) {
        String flag = fresh(prefix);
        line("boolean " + flag + " = false;");
        return flag;
    }

    /** Appends one statement line at the current indentation. */
    public CodeBuilder line(String statement) {
        body.append("    ".repeat(indent)).append(statement).append('\n');
        return this;
    }

    /** Opens a block: appends {@code header + " {"} and indents. */
    public CodeBuilder open(String header) {
        line(header + " {");
        indent++;
        return this;
    }

    public CodeBuilder close() {
        indent--;
        line("}");
        return this;
    }

    /**
     * Registers a constant object; returns the name of a final field of type {@code javaType}
     * holding it in the generated class.
     */
    public String constant(String javaType, Object value) {
        // Equal strings (error messages; a pipeline's variants repeat them) share one field: each
        // field costs constant-pool entries, of which a class has at most 65,535.
        if (value instanceof String s) return strings.computeIfAbsent(javaType + ":" + s, k -> newConstant(javaType, value));
        return newConstant(javaType, value);
    }

    private String newConstant(String javaType, Object value) {
        String name = fresh("k");
        fieldDecls.add("private final " + javaType + " " + name + " = (" + javaType + ") constants[" + constants.size() + "];");
        constants.add(value);
        return name;
    }

    /** Adds a member (field or method source) to the generated class, e.g. a split-off sub-expression. */
    public void member(String source) {
        members.add(source);
    }

    public List<String> members() {
        return List.copyOf(members);
    }

    /** The current length of the body, to {@link #cut} what is emitted after it. */
    public int mark() {
        return body.length();
    }

    /** Removes and returns the statements emitted since {@code mark}. */
    public String cut(int mark) {
        String s = body.substring(mark);
        body.setLength(mark);
        return s;
    }

    public String body() {
        return body.toString();
    }

    public List<String> fieldDeclarations() {
        return List.copyOf(fieldDecls);
    }

    public Object[] constants() {
        return constants.toArray();
    }

    public int indent() {
        return indent;
    }

    public void setIndent(int indent) {
        this.indent = indent;
    }
}
