package io.ascan.storage.node;

/** A request the storage node cannot parse or must not serve; the client gets the message with INVALID_ARGUMENT. */
final class ProtocolException extends RuntimeException {
    ProtocolException(String message) {
        super(message);
    }
}
