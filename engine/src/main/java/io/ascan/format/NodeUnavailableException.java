package io.ascan.format;

import java.io.IOException;

/**
 * A storage node that cannot be reached, or went away during a call (its process stopped, its
 * connection reset, or it stopped answering): the query fails with SQLSTATE 08006 (connection
 * failure), unlike a node that answered with an error.
 */
public final class NodeUnavailableException extends IOException {
    public NodeUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
