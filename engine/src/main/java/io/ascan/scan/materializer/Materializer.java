package io.ascan.scan.materializer;

import io.ascan.scan.Rowset;
import io.ascan.format.SliceMeta;
import io.ascan.scan.ScanMode;
import java.io.IOException;

/**
 * Turns scan slices into rowsets (A-Scan paper IV-B): loads a slice's segments from storage and
 * builds a rowset tagged with its mode, whose tuples all satisfy P by the time the pipeline has
 * read them. One implementation per mode; each materializer worker thread opens a
 * {@link Session} of its own (block reader, scratch memory, compiled filter).
 */
public interface Materializer {
    ScanMode mode();

    Session open() throws IOException;

    /** One worker thread's state. */
    interface Session extends AutoCloseable {
        /**
         * Materializes one slice. The caller owns the returned rowset (null when no tuple of the
         * slice passes) and must close it if it cannot hand it on.
         */
        Materialized materialize(SliceMeta slice) throws IOException, InterruptedException;

        @Override
        void close() throws IOException;
    }

    /**
     * A slice's rowset (null: nothing passed), the bytes the materializer moved across the
     * interconnect for it, and whether it came from the compute-side cache instead or was a pushdown
     * request the storage node pushed back (raw segments, a DIRECT rowset): either way its time says
     * nothing about the mode's throughput, so the policy does not see it.
     */
    record Materialized(Rowset rowset, long bytesMoved, boolean cached, boolean pushedBack) {
        public Materialized(Rowset rowset, long bytesMoved) {
            this(rowset, bytesMoved, false, false);
        }

        public Materialized(Rowset rowset, long bytesMoved, boolean cached) {
            this(rowset, bytesMoved, cached, false);
        }

        /** Whether the mode's throughput tracker should see this slice's time. */
        public boolean measuresMode() {
            return !cached && !pushedBack;
        }
    }
}
