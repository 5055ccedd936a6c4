package io.ascan.codegen;

/**
 * A {@link ColumnAccess} that can also expose a VARCHAR column as its int32 dictionary codes, so
 * predicates comparing the column with literals run on codes: {@link ExprCodegen} asks for
 * {@link #dictionary} first and falls back to {@link #read} when it returns null. The pipeline
 * compiler binds this per variant (a column is dictionary-encoded or not in all rowsets the
 * variant sees).
 */
public interface DictionaryColumnAccess extends ColumnAccess {
    /**
     * Java expressions for the current tuple's code of dictionary column {@code column} and its
     * dictionary (Arrow VARCHAR offsets and data addresses, entry count; loop-invariant per
     * rowset), or null when the column is not dictionary-encoded here.
     */
    DictionaryCode dictionary(int column, CodeBuilder code);

    record DictionaryCode(String isNull, String code, String offsets, String data, String size) {}
}
