package io.ascan.e2e;

import java.sql.SQLException;

/** Describes an exception from a query for a failure message: its chain, SQLSTATEs and where the root was thrown. */
public final class Failures {
    private static final int MAX_MESSAGE = 1000;
    private static final int FRAMES = 6;

    private Failures() {}

    public static String describe(Throwable t) {
        StringBuilder sb = new StringBuilder();
        Throwable root = t;
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c != t) sb.append("\n  caused by ");
            sb.append(c.getClass().getName());
            if (c instanceof SQLException s) sb.append(" [SQLSTATE ").append(s.getSQLState()).append(']');
            sb.append(": ").append(clip(c.getMessage()));
            root = c;
        }
        StackTraceElement[] frames = root.getStackTrace();
        for (int f = 0; f < Math.min(FRAMES, frames.length); f++) sb.append("\n    at ").append(frames[f]);
        return sb.toString();
    }

    public static String clip(String message) {
        if (message == null) return "(no message)";
        return message.length() <= MAX_MESSAGE ? message
                : message.substring(0, MAX_MESSAGE) + "... (" + message.length() + " characters)";
    }
}
