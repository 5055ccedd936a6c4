package io.ascan.codegen.rt;

/**
 * Base of every generated pipeline class (one instance per worker). The source decides which
 * entry point the executor calls: {@link #consume} for a scan's rowsets (the dispatch shim
 * routes on the mode tag), {@link #consumeRows} for rows of a breaker's store (aggregation
 * groups, sorted runs, a join build), {@link #produce} for constant rows. The sink may add
 * {@link #mergeRow} (aggregation: fold another worker's group into a table) or
 * {@link #compareRows} (sort order), or that and {@link #windowBreak} (window functions).
 */
public abstract class PipelineCode extends Generated {
    /**
     * Tuples each stage of the pipeline passed on, by slot ({@code TupleCount}): slot 0 counts
     * those that reached the sink, higher slots stages further down. The generated {@code open}
     * sizes it; the loops add their local counts once per rowset or chunk.
     */
    protected long[] emitted = new long[0];

    protected PipelineCode(Object[] constants) {
        super(constants);
    }

    /** What this worker's instance counted so far, by slot (read once its pipeline's workers are done). */
    public final long[] emitted() {
        return emitted;
    }

    /** Binds per-query and per-worker state (hash tables, stores, writers) and the worker's scratch. */
    public abstract void open(Object[] state, StringScratch scratch);

    /** Runs the pipeline over a rowset of {@code rows} tuples whose {@code ScanMode} has ordinal {@code mode}. */
    public void consume(Batch batch, int rows, int mode) {
        throw new UnsupportedOperationException("not a scan pipeline");
    }

    /** Runs the pipeline over the store rows at addresses {@code rows[from..to)}. */
    public void consumeRows(long[] rows, int from, int to) {
        throw new UnsupportedOperationException("not a store pipeline");
    }

    /** Runs the pipeline over its constant rows. */
    public void produce() {
        throw new UnsupportedOperationException("not a values pipeline");
    }

    /** Aggregation sink: folds the group at {@code row} (same layout) into {@code target}. */
    public void mergeRow(long row, Object target) {
        throw new UnsupportedOperationException("not an aggregation pipeline");
    }

    /**
     * Aggregation sink with direct-address groups: folds the group at {@code row} into the group at
     * {@code into}, whose table's store ({@code TupleStore}) is {@code store}.
     */
    public void combineRow(long row, long into, Object store) {
        throw new UnsupportedOperationException("not an aggregation pipeline");
    }

    /** Sort sink: negative, zero or positive as row {@code a} sorts before, with or after row {@code b}. */
    public int compareRows(long a, long b) {
        throw new UnsupportedOperationException("not a sort pipeline");
    }

    /**
     * Window sink: between adjacent sorted rows {@code a} and {@code b}, 2 if they are in different
     * partitions, 1 if they are of one partition but not peers (their order keys differ), 0 if peers.
     */
    public int windowBreak(long a, long b) {
        throw new UnsupportedOperationException("not a window pipeline");
    }
}
