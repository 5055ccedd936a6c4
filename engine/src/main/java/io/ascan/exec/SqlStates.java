package io.ascan.exec;

import io.ascan.codegen.rt.SqlException;
import io.ascan.format.DamagedTableException;
import io.ascan.format.NodeUnavailableException;
import io.ascan.format.StorageException;
import java.io.IOException;
import org.apache.arrow.memory.OutOfMemoryException;

/**
 * The SQLSTATEs ascan reports (docs/errors.md lists them), and the class of any failure: the
 * first cause in a chain that says what went wrong decides (an SQL data error, a storage error,
 * the memory limit, a too-deep expression); anything else is an internal error.
 */
public final class SqlStates {
    public static final String DATA = "22000";
    public static final String STRING_TOO_LONG = "22001";
    public static final String NUMERIC_OUT_OF_RANGE = "22003";
    public static final String DIVISION_BY_ZERO = "22012";
    public static final String INVALID_CAST = "22018";
    public static final String INVALID_ESCAPE = "22025";
    public static final String SUBSTRING_ERROR = "22011";
    public static final String SYNTAX_OR_ACCESS = "42000";
    public static final String SYNTAX = "42601";
    public static final String UNDEFINED_TABLE = "42P01";
    public static final String DUPLICATE_TABLE = "42P07";
    public static final String DUPLICATE_COLUMN = "42701";
    public static final String COLUMN_COUNT = "21S01";
    public static final String SERIALIZATION = "40001";
    public static final String READ_ONLY = "25006";
    public static final String UNDEFINED_COLUMN = "42703";
    public static final String UNDEFINED_FUNCTION = "42883";
    public static final String DATATYPE_MISMATCH = "42804";
    public static final String GROUPING = "42803";
    public static final String FEATURE_NOT_SUPPORTED = "0A000";
    public static final String OUT_OF_MEMORY = "53200";
    public static final String TOO_COMPLEX = "54001";
    public static final String CANCELLED = "57014";
    public static final String IO_ERROR = "58030";
    public static final String CONNECTION_FAILURE = "08006";
    public static final String TIMEOUT = "HYT00";
    public static final String INTERNAL = "XX000";
    public static final String CORRUPT = "XX001";

    private SqlStates() {}

    /** The SQLSTATE of {@code f}: its own, or the first cause's that has one; {@link #INTERNAL} if none does. */
    public static String of(Throwable f) {
        String s = known(f);
        return s != null ? s : INTERNAL;
    }

    /**
     * The message of a failure that carries none of its own SQLSTATE's (a raw exception or Error):
     * the one wording every front end reports for it, under {@link #of}'s state.
     */
    public static String message(Throwable f) {
        String text = f.getMessage() != null ? f.getMessage() : f.toString();
        return switch (of(f)) {
            case TOO_COMPLEX -> "expression too deep: the query nests expressions deeper than ascan can handle (see docs/errors.md)";
            case OUT_OF_MEMORY -> "out of memory: " + f;
            case INTERNAL -> "internal error: " + text;
            default -> text;
        };
    }

    /** The state some cause of {@code f} determines, or null. */
    public static String known(Throwable f) {
        for (Throwable t = f; t != null; t = t.getCause()) {
            String s = own(t);
            if (s != null) return s;
        }
        for (Throwable t = f; t != null; t = t.getCause()) if (t instanceof IOException) return IO_ERROR;
        return null;
    }

    private static String own(Throwable t) {
        return switch (t) {
            case QueryException q when q.hasState() -> q.sqlState();
            case SqlException s -> s.sqlState();
            // a damaged table is damaged whatever the cause (a missing or unreadable manifest included)
            case DamagedTableException d -> CORRUPT;
            case StorageException s -> s.getCause() instanceof IOException io && !(io instanceof StorageException) ? IO_ERROR : CORRUPT;
            case io.ascan.format.ConcurrentWriteException c -> SERIALIZATION;
            case java.nio.file.FileAlreadyExistsException f -> DUPLICATE_TABLE;
            case NodeUnavailableException n -> CONNECTION_FAILURE;
            case OutOfMemoryException o -> OUT_OF_MEMORY;
            case OutOfMemoryError o -> OUT_OF_MEMORY;
            case StackOverflowError s -> TOO_COMPLEX;
            case CancelSignal.Cancelled c -> CANCELLED;
            default -> null;
        };
    }

    /**
     * The messages of {@code f}'s chain joined by ": ", each once ("cannot read table 't': table 't':
     * manifest is not valid JSON"), skipping wrappers whose message is only their cause's toString().
     */
    public static String chainMessage(Throwable f) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = f; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m == null || t.getCause() != null && m.equals(t.getCause().toString()) || sb.indexOf(m) >= 0) continue;
            if (!sb.isEmpty()) sb.append(": ");
            sb.append(m);
        }
        return sb.isEmpty() ? f.toString() : sb.toString();
    }

    /** The first message in {@code f}'s chain that names a storage problem or a data error, for a wrapper's message. */
    public static String rootMessage(Throwable f) {
        for (Throwable t = f; t != null; t = t.getCause()) {
            if ((t instanceof IOException || t instanceof SqlException) && t.getMessage() != null) return t.getMessage();
        }
        return f.getMessage() != null ? f.getMessage() : f.toString();
    }
}
