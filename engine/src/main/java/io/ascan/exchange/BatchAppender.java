package io.ascan.exchange;

import io.ascan.format.RowAppender;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Appends the rows of Arrow batches (a query's result) to a table being written, column by
 * column in order, through the same value mapping as the Arrow import ({@link ArrowColumns}).
 */
public final class BatchAppender {
    private BatchAppender() {}

    /** Appends every row of {@code batch}; returns the number of rows. */
    public static int append(VectorSchemaRoot batch, RowAppender out) {
        int columns = batch.getFieldVectors().size();
        ArrowColumns.Copier[] copiers = new ArrowColumns.Copier[columns];
        FieldVector[] vectors = new FieldVector[columns];
        for (int c = 0; c < columns; c++) {
            vectors[c] = batch.getVector(c);
            copiers[c] = ArrowColumns.copier(vectors[c].getField());
        }
        int rows = batch.getRowCount();
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < columns; c++) {
                if (!vectors[c].isNull(r)) copiers[c].copy(vectors[c], r, out, c);
            }
            out.endRow();
        }
        return rows;
    }
}
