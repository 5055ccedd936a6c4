package io.ascan.codegen;

/**
 * A {@link DictionaryColumnAccess} over whole batches of Arrow columns, for loops that evaluate
 * a predicate batch at a time ({@link SelectionCodegen}): they read a fixed-width column's
 * validity bitmap and values by address, without the per-tuple NULL branch of {@link #read}.
 * Expressions are valid in any loop of the method that binds the batch, given {@code int row}.
 */
public interface VectorColumnAccess extends DictionaryColumnAccess {
    /** The field holding column {@code c}'s validity bitmap address in this batch (0: no NULLs), loop-invariant. */
    String validity(int c);

    /**
     * Emits what reading the validity bit of column {@code c} at {@code row} costs beyond the load
     * (the STAGING variant marks the line it reads); usually nothing.
     */
    void touchValidity(int c, CodeBuilder code);

    /**
     * The value of fixed-width column {@code c} at {@code row} (meaningless when NULL), after
     * emitting the cost of reading it and its validity bit, as {@link #touchValidity}.
     */
    String value(int c, CodeBuilder code);

    /** Whether VARCHAR column {@code c} may arrive dictionary-encoded, so that predicates with literals run on codes. */
    boolean mayBeDictionary(int c);

    /** {@code columns} addressed by other indexes: index {@code i} is column {@code map[i]} of {@code columns}. */
    static VectorColumnAccess remapped(VectorColumnAccess columns, int[] map) {
        return new VectorColumnAccess() {
            @Override
            public ValueCode read(int c, CodeBuilder code) {
                return columns.read(map[c], code);
            }

            @Override
            public DictionaryCode dictionary(int c, CodeBuilder code) {
                return columns.dictionary(map[c], code);
            }

            @Override
            public String perBatch(String javaType, String init) {
                return columns.perBatch(javaType, init);
            }

            @Override
            public String validity(int c) {
                return columns.validity(map[c]);
            }

            @Override
            public void touchValidity(int c, CodeBuilder code) {
                columns.touchValidity(map[c], code);
            }

            @Override
            public String value(int c, CodeBuilder code) {
                return columns.value(map[c], code);
            }

            @Override
            public boolean mayBeDictionary(int c) {
                return columns.mayBeDictionary(map[c]);
            }
        };
    }
}
