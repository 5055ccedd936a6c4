package io.ascan.codegen;

/**
 * A {@link ColumnAccess} that can also expose a VARCHAR column as its int32 dictionary codes, so
 * predicates comparing the column with literals run on codes: {@link ExprCodegen} asks for
 * {@link #dictionary} first and falls back to {@link #read} when it returns null. A predicate on
 * codes is evaluated once per dictionary entry when a batch is bound ({@link #perBatch}), then
 * looked up per tuple.
 */
public interface DictionaryColumnAccess extends ColumnAccess {
    /**
     * Java expressions for the current tuple's code of dictionary column {@code column} and its
     * dictionary (Arrow VARCHAR offsets and data addresses, entry count; loop-invariant per
     * batch), or null when the column is never dictionary-encoded here.
     */
    DictionaryCode dictionary(int column, CodeBuilder code);

    /**
     * Declares a field of type {@code javaType} assigned {@code init} each time a batch is bound
     * (after the column addresses), before its first tuple; returns the field's name. {@code init}
     * may use the expressions of a {@link DictionaryCode} except {@code isNull} and {@code code}.
     */
    String perBatch(String javaType, String init);

    /**
     * @param encoded a Java condition, constant per batch: the column is dictionary-encoded in this
     *                batch ({@code "true"} when it always is); when false, {@code code},
     *                {@code offsets}, {@code data} and {@code size} are meaningless
     */
    record DictionaryCode(String isNull, String code, String offsets, String data, String size, String encoded) {}
}
