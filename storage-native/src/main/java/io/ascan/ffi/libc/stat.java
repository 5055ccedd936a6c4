// Hand-written in the shape jextract produces (see libc_h).
// struct stat for Linux x86_64 glibc, 144 bytes; offsets verified with offsetof (st_size at 48).
// aarch64's generic layout also has st_size at 48 (the only field read), but differs elsewhere.

package io.ascan.ffi.libc;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

@SuppressWarnings({"unused", "restricted", "checkstyle:TypeName"})
public final class stat {
    stat() {}

    private static final GroupLayout TIMESPEC = MemoryLayout.structLayout(
            libc_h.C_LONG.withName("tv_sec"), libc_h.C_LONG.withName("tv_nsec")).withName("timespec");

    private static final GroupLayout $LAYOUT = MemoryLayout.structLayout(
            libc_h.C_LONG.withName("st_dev"),
            libc_h.C_LONG.withName("st_ino"),
            libc_h.C_LONG.withName("st_nlink"),
            libc_h.C_INT.withName("st_mode"),
            libc_h.C_INT.withName("st_uid"),
            libc_h.C_INT.withName("st_gid"),
            libc_h.C_INT.withName("__pad0"),
            libc_h.C_LONG.withName("st_rdev"),
            libc_h.C_LONG.withName("st_size"),
            libc_h.C_LONG.withName("st_blksize"),
            libc_h.C_LONG.withName("st_blocks"),
            TIMESPEC.withName("st_atim"),
            TIMESPEC.withName("st_mtim"),
            TIMESPEC.withName("st_ctim"),
            MemoryLayout.sequenceLayout(3, libc_h.C_LONG).withName("__glibc_reserved"))
            .withName("stat");

    public static GroupLayout layout() { return $LAYOUT; }
    public static long sizeof() { return $LAYOUT.byteSize(); }

    private static final VarHandle st_mode$VH = $LAYOUT.varHandle(groupElement("st_mode"));
    private static final VarHandle st_size$VH = $LAYOUT.varHandle(groupElement("st_size"));
    private static final VarHandle st_blksize$VH = $LAYOUT.varHandle(groupElement("st_blksize"));

    public static long st_mode$offset() { return $LAYOUT.byteOffset(groupElement("st_mode")); }
    public static long st_size$offset() { return $LAYOUT.byteOffset(groupElement("st_size")); }
    public static long st_blksize$offset() { return $LAYOUT.byteOffset(groupElement("st_blksize")); }

    public static int st_mode(MemorySegment struct) { return (int) st_mode$VH.get(struct, 0L); }
    public static long st_size(MemorySegment struct) { return (long) st_size$VH.get(struct, 0L); }
    public static long st_blksize(MemorySegment struct) { return (long) st_blksize$VH.get(struct, 0L); }
}
