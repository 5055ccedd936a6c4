package io.ascan.exec;

/** A query failed while running (an SQL error such as overflow, a memory limit, a storage error, cancellation). */
public class QueryException extends Exception {
    public QueryException(String message) {
        super(message);
    }

    public QueryException(String message, Throwable cause) {
        super(message, cause);
    }
}
