package io.ascan.storage.node;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.apache.arrow.flight.CallHeaders;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.auth2.Auth2Constants;
import org.apache.arrow.flight.auth2.CallHeaderAuthenticator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Admits a call only with {@code Authorization: Bearer <token>} of the node's one token (compared
 * in constant time); any other call is refused with UNAUTHENTICATED before it reaches the
 * producer, and logged.
 */
final class BearerToken implements CallHeaderAuthenticator {
    private static final Logger LOG = LoggerFactory.getLogger(BearerToken.class);
    private final byte[] token;

    BearerToken(String token) {
        if (token == null || token.isBlank()) throw new IllegalArgumentException("the storage node's token is empty");
        this.token = token.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public AuthResult authenticate(CallHeaders headers) {
        String h = headers.get(Auth2Constants.AUTHORIZATION_HEADER);
        String prefix = Auth2Constants.BEARER_PREFIX;
        if (h == null || !h.regionMatches(true, 0, prefix, 0, prefix.length())) {
            LOG.warn("refused a call without a bearer token");
            throw CallStatus.UNAUTHENTICATED.withDescription("this storage node requires a bearer token").toRuntimeException();
        }
        if (!MessageDigest.isEqual(token, h.substring(prefix.length()).trim().getBytes(StandardCharsets.UTF_8))) {
            LOG.warn("refused a call with a wrong bearer token");
            throw CallStatus.UNAUTHENTICATED.withDescription("wrong bearer token").toRuntimeException();
        }
        return () -> "client";
    }
}
