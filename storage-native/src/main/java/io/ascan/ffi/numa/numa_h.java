// Hand-written in the shape jextract produces (libnuma 2.0, <numa.h>); jextract is not available here.
// Regenerate with e.g.:
//   jextract --output src/main/java -t io.ascan.ffi.numa -l :libnuma.so.1 /usr/include/numa.h
// Deviations from jextract output, on purpose: a missing library does not fail class
// initialisation (loadFailure() says why), and numa_run_on_node captures errno.
// libnuma's rule: call numa_available() first; every other function is undefined when it is < 0.

package io.ascan.ffi.numa;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Optional;

@SuppressWarnings({"unused", "restricted", "checkstyle:TypeName"})
public final class numa_h {
    numa_h() {}

    /** The runtime library (Debian/Ubuntu package libnuma1). */
    public static final String LIBRARY = "libnuma.so.1";

    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS;

    private static final String LOAD_FAILURE;
    static final SymbolLookup SYMBOL_LOOKUP;

    static {
        SymbolLookup lookup;
        String failure = null;
        try {
            lookup = SymbolLookup.libraryLookup(LIBRARY, Arena.global());
        } catch (IllegalArgumentException e) {
            lookup = name -> Optional.empty();
            failure = LIBRARY + " not found (install the libnuma1 package): " + e.getMessage();
        } catch (IllegalCallerException e) {
            lookup = name -> Optional.empty();
            failure = "native access is not enabled (run with --enable-native-access=ALL-UNNAMED): " + e.getMessage();
        }
        SYMBOL_LOOKUP = lookup;
        LOAD_FAILURE = failure;
    }

    /** Why the library could not be loaded, or null when it was. */
    public static String loadFailure() {
        return LOAD_FAILURE;
    }

    static MemorySegment findOrThrow(String symbol) {
        return SYMBOL_LOOKUP.find(symbol).orElseThrow(() -> new UnsatisfiedLinkError("unresolved symbol: " + symbol
                + (LOAD_FAILURE == null ? " in " + LIBRARY : " (" + LOAD_FAILURE + ")")));
    }

    private static final StructLayout ERRNO_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = ERRNO_STATE.varHandle(groupElement("errno"));

    public static StructLayout errnoState() { return ERRNO_STATE; }
    public static int errno(MemorySegment state) { return (int) ERRNO.get(state, 0L); }

    private static AssertionError unreachable(Throwable t) {
        return new AssertionError("should not reach here", t);
    }

    private static MethodHandle downcall(String name, FunctionDescriptor desc, Linker.Option... options) {
        return Linker.nativeLinker().downcallHandle(findOrThrow(name), desc, options);
    }

    // int numa_available(void);
    private static final class numa_available {
        static final MethodHandle HANDLE = downcall("numa_available", FunctionDescriptor.of(C_INT));
    }

    public static int numa_available() {
        try {
            return (int) numa_available.HANDLE.invokeExact();
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // int numa_max_node(void);
    private static final class numa_max_node {
        static final MethodHandle HANDLE = downcall("numa_max_node", FunctionDescriptor.of(C_INT));
    }

    public static int numa_max_node() {
        try {
            return (int) numa_max_node.HANDLE.invokeExact();
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // int numa_num_configured_nodes(void);
    private static final class numa_num_configured_nodes {
        static final MethodHandle HANDLE = downcall("numa_num_configured_nodes", FunctionDescriptor.of(C_INT));
    }

    public static int numa_num_configured_nodes() {
        try {
            return (int) numa_num_configured_nodes.HANDLE.invokeExact();
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // int numa_num_configured_cpus(void);
    private static final class numa_num_configured_cpus {
        static final MethodHandle HANDLE = downcall("numa_num_configured_cpus", FunctionDescriptor.of(C_INT));
    }

    public static int numa_num_configured_cpus() {
        try {
            return (int) numa_num_configured_cpus.HANDLE.invokeExact();
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // int numa_node_of_cpu(int cpu);  -1 (EINVAL) for a CPU that does not exist
    private static final class numa_node_of_cpu {
        static final MethodHandle HANDLE = downcall("numa_node_of_cpu", FunctionDescriptor.of(C_INT, C_INT));
    }

    public static int numa_node_of_cpu(int cpu) {
        try {
            return (int) numa_node_of_cpu.HANDLE.invokeExact(cpu);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // int numa_run_on_node(int node);  node -1 = all nodes
    private static final class numa_run_on_node {
        static final MethodHandle HANDLE = downcall("numa_run_on_node", FunctionDescriptor.of(C_INT, C_INT),
                Linker.Option.captureCallState("errno"));
    }

    public static int numa_run_on_node(MemorySegment errnoState, int node) {
        try {
            return (int) numa_run_on_node.HANDLE.invokeExact(errnoState, node);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // void *numa_alloc_onnode(size_t size, int node);  page-aligned mmap, NULL on failure
    private static final class numa_alloc_onnode {
        static final MethodHandle HANDLE = downcall("numa_alloc_onnode", FunctionDescriptor.of(C_POINTER, C_LONG, C_INT));
    }

    public static MemorySegment numa_alloc_onnode(long size, int node) {
        try {
            return (MemorySegment) numa_alloc_onnode.HANDLE.invokeExact(size, node);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // void numa_free(void *start, size_t size);
    private static final class numa_free {
        static final MethodHandle HANDLE = downcall("numa_free", FunctionDescriptor.ofVoid(C_POINTER, C_LONG));
    }

    public static void numa_free(MemorySegment start, long size) {
        try {
            numa_free.HANDLE.invokeExact(start, size);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }
}
