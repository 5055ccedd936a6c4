package io.ascan.exchange;

/** An error caused by the user's input (a file to import, a format, a table name); the CLI prints its message without a stack trace. */
public class UserException extends RuntimeException {
    public UserException(String message) {
        super(message);
    }

    public UserException(String message, Throwable cause) {
        super(message, cause);
    }
}
