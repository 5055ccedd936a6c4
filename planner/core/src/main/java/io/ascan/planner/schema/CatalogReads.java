package io.ascan.planner.schema;

/**
 * Whether the statement being planned on this thread read something of the catalog that no
 * table version records (a view, information_schema): its plan must not be cached, since a plan
 * cache entry stays valid only while the versions of the tables it scans do.
 */
public final class CatalogReads {
    private static final ThreadLocal<boolean[]> UNVERSIONED = ThreadLocal.withInitial(() -> new boolean[1]);

    private CatalogReads() {}

    /** Before planning a statement. */
    public static void start() {
        UNVERSIONED.get()[0] = false;
    }

    static void unversionedRead() {
        UNVERSIONED.get()[0] = true;
    }

    /** After planning: whether it read a view or information_schema since {@link #start()}. */
    public static boolean unversioned() {
        return UNVERSIONED.get()[0];
    }
}
