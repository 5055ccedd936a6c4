package io.ascan.codegen.pipeline;

import io.ascan.codegen.ArrowColumnCode;
import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ColumnAccess;
import io.ascan.codegen.ValueCode;
import io.ascan.types.DataType;
import java.util.BitSet;
import java.util.List;

/**
 * Reads column {@code c} of rowset tuple {@code row} from fields the variant method loads once
 * per rowset. A VARCHAR segment may be dictionary-encoded or plain, slice by slice, so the
 * string read picks codes or row numbers by a per-rowset flag (a perfectly predicted branch).
 */
final class RowsetColumns implements ColumnAccess {
    private final List<DataType> types;
    private final BitSet used = new BitSet();

    RowsetColumns(List<DataType> types) {
        this.types = types;
    }

    BitSet used() {
        return used;
    }

    @Override
    public ValueCode read(int c, CodeBuilder code) {
        used.set(c);
        // A rowset's VARCHAR may be plain or dictionary-encoded, decided per slice: the flag is a field.
        return ArrowColumnCode.read(code, c, types.get(c), "strOffsets" + c, "strData" + c,
                "dict" + c + " ? " + ArrowColumnCode.dictionaryCode(c) + " : row");
    }

    /** Field declarations for column c. */
    static String fields(int c, DataType type) {
        String f = "private long valid" + c + ", data" + c + ";";
        if (type.kind() != io.ascan.types.TypeKind.VARCHAR) return f;
        return f + "\n    private long strOffsets" + c + ", strData" + c + ";\n    private boolean dict" + c + ";";
    }

    /** Statements loading column c's addresses from Batch {@code in}. */
    static void bind(int c, DataType type, CodeBuilder code) {
        code.line("valid" + c + " = in.validity[" + c + "]; data" + c + " = in.data[" + c + "];");
        if (type.kind() != io.ascan.types.TypeKind.VARCHAR) return;
        code.line("dict" + c + " = in.dictionaryOffsets[" + c + "] != 0L;");
        code.line("strOffsets" + c + " = dict" + c + " ? in.dictionaryOffsets[" + c + "] : in.offsets[" + c + "]; strData" + c
                + " = dict" + c + " ? in.dictionaryData[" + c + "] : in.data[" + c + "];");
    }
}
