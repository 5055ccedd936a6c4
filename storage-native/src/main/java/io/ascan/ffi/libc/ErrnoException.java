package io.ascan.ffi.libc;

import java.io.IOException;

/** A failed libc call: the message names the call, the path and the errno name and text. */
public final class ErrnoException extends IOException {
    private static final long serialVersionUID = 1L;

    private final int errno;

    public ErrnoException(String call, int errno) {
        super(call + " failed: " + LibC.describe(errno));
        this.errno = errno;
    }

    public int errno() {
        return errno;
    }
}
