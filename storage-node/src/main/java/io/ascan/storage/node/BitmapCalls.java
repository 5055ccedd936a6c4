package io.ascan.storage.node;

import io.ascan.catalog.Table;
import io.ascan.expr.Expr;
import io.ascan.format.ColumnData;
import io.ascan.format.SliceMeta;
import io.ascan.scan.materializer.SelectionBitmap;
import io.ascan.scan.remote.RemoteStorage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The compute side's selection bitmap calls to a storage node ({@link NodeBitmaps} serves them),
 * one {@code DoGet} per slice; the bytes counted are the ticket's and the batch's.
 */
final class BitmapCalls {
    private BitmapCalls() {}

    static RemoteStorage.Received<byte[]> selectionBitmap(NodeClient node, Table table, int[] columns, Expr predicate,
                                                           SliceMeta slice) throws IOException {
        byte[] ticket = Tickets.bitmap(table, columns, predicate, slice.index());
        byte[] bitmap = null;
        try (NodeCall call = node.call(ticket)) {
            while (call.next()) {
                VectorSchemaRoot root = call.stream().getRoot();
                if (root.getRowCount() == 0) continue;
                if (bitmap != null || root.getRowCount() != 1 || !(root.getVector(0) instanceof VarBinaryVector v)) {
                    throw new IOException("storage node " + node.address() + " sent more than one selection bitmap for slice "
                            + slice.index() + " of " + table.name());
                }
                bitmap = v.get(0);
            }
        } catch (FlightRuntimeException e) {
            throw node.failed("a selection bitmap of slice " + slice.index() + " of " + table.name(), e);
        }
        if (bitmap == null || bitmap.length != SelectionBitmap.bytes(slice.rowCount())) {
            throw new IOException("storage node " + node.address() + " sent no selection bitmap of " + slice.rowCount()
                    + " rows for slice " + slice.index() + " of " + table.name());
        }
        return new RemoteStorage.Received<>(bitmap, SelectionBitmap.count(bitmap), ticket.length + (long) bitmap.length);
    }

    static RemoteStorage.Received<List<ColumnData>> selectedRows(NodeClient node, Table table, int[] columns, SliceMeta slice,
                                                                  byte[] bitmap, BufferAllocator into) throws IOException {
        byte[] ticket = Tickets.selected(table, columns, slice.index(), bitmap);
        List<ColumnData> out = new ArrayList<>();
        long bytes = ticket.length;
        int rows = 0;
        try (NodeCall call = node.call(ticket)) {
            while (call.next()) {
                VectorSchemaRoot root = call.stream().getRoot();
                if (root.getRowCount() == 0) continue;
                if (!out.isEmpty()) throw new IOException("storage node " + node.address() + " sent the selected tuples of slice "
                        + slice.index() + " in more than one batch");
                for (FieldVector v : root.getFieldVectors()) {
                    bytes += v.getBufferSize();
                    FieldVector copied = NodeClient.copy(v, root.getRowCount(), into);
                    out.add(new ColumnData(table.schema().column(columns[out.size()]), copied, null, copied.getNullCount()));
                }
                rows = root.getRowCount();
            }
            return new RemoteStorage.Received<>(out, rows, bytes);
        } catch (IOException | RuntimeException e) {
            for (ColumnData d : out) d.close();
            if (e instanceof FlightRuntimeException f) {
                throw node.failed("the selected tuples of slice " + slice.index() + " of " + table.name(), f);
            }
            throw e;
        }
    }
}
