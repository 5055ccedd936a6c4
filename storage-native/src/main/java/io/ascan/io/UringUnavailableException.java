package io.ascan.io;

import java.io.IOException;

/** io_uring cannot be set up here; the message says why (missing library, seccomp, sysctl, memlock...). */
public final class UringUnavailableException extends IOException {
    private static final long serialVersionUID = 1L;

    public UringUnavailableException(String reason) {
        super(reason);
    }
}
