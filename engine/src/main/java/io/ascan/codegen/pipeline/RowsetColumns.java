package io.ascan.codegen.pipeline;

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
        DataType t = types.get(c);
        String mem = "io.ascan.codegen.rt.Mem.";
        String n = code.fresh("c" + c + "Null");
        code.line("boolean " + n + " = valid" + c + " != 0L && !" + mem + "bit(valid" + c + ", row);");
        String v = code.fresh("c" + c + "_");
        switch (t.kind()) {
            case BOOLEAN -> code.line("boolean " + v + " = " + mem + "bit(data" + c + ", row);");
            case INTEGER, DATE -> code.line("int " + v + " = " + mem + "getInt(data" + c + " + 4L * row);");
            case BIGINT, DECIMAL, TIMESTAMP -> code.line("long " + v + " = " + mem + "getLong(data" + c + " + 8L * row);");
            case DOUBLE -> code.line("double " + v + " = " + mem + "getDouble(data" + c + " + 8L * row);");
            case VARCHAR -> {
                String len = code.fresh("c" + c + "Len");
                code.line("long " + v + " = 0L;");
                code.line("int " + len + " = 0;");
                code.open("if (!" + n + ")");
                String ix = code.fresh("ix");
                code.line("int " + ix + " = dict" + c + " ? " + mem + "getInt(data" + c + " + 4L * row) : row;");
                String start = code.fresh("start");
                code.line("int " + start + " = " + mem + "getInt(strOffsets" + c + " + 4L * " + ix + ");");
                code.line(len + " = " + mem + "getInt(strOffsets" + c + " + 4L * " + ix + " + 4L) - " + start + ";");
                code.line(v + " = strData" + c + " + " + start + ";");
                code.close();
                return new ValueCode(n, v, len, t);
            }
        }
        return ValueCode.of(n, v, t);
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
