package io.ascan.scan.adaptive;

import io.ascan.format.SliceMeta;
import java.util.ArrayList;
import java.util.List;

/**
 * The unit the {@link Scheduler} assigns a mode to: rows {@code [offset, offset + rowCount)} of
 * one slice. The slice stays the unit of I/O (its segments are read whole, with large O_DIRECT
 * reads, once per mode that serves it: {@link LoadedSlices}); the morsel is the unit of decision
 * and measurement, so that a table of a few dozen slices still gives the policy hundreds of
 * choices. A slice of fewer than two morsels' rows is one morsel.
 */
public record Morsel(SliceMeta slice, int offset, int rowCount) {
    /** Whether this morsel is its whole slice (materialized as before, without {@link LoadedSlices}). */
    public boolean whole() {
        return offset == 0 && rowCount == slice.rowCount();
    }

    public static Morsel of(SliceMeta slice) {
        return new Morsel(slice, 0, slice.rowCount());
    }

    /**
     * {@code slice} in morsels of about {@code morselRows} rows (0: the whole slice), each starting
     * at a multiple of 8 rows, so that a range's validity bitmap starts on a byte.
     */
    public static List<Morsel> split(SliceMeta slice, int morselRows) {
        int rows = slice.rowCount();
        if (morselRows <= 0 || rows < 2L * morselRows) return List.of(of(slice));
        int n = rows / morselRows;
        int size = ((rows + n - 1) / n + 7) & ~7;
        List<Morsel> out = new ArrayList<>(n);
        for (int off = 0; off < rows; off += size) out.add(new Morsel(slice, off, Math.min(size, rows - off)));
        return out;
    }

    /** How many morsels {@code slices} make. */
    public static long count(List<SliceMeta> slices, int morselRows) {
        long n = 0;
        for (SliceMeta s : slices) n += split(s, morselRows).size();
        return n;
    }

    /**
     * The morsels of {@code slices}, {@code interleave} slices at a time taking turns, so that the
     * workers of a mode each load a different slice at once instead of all waiting for one.
     */
    public static List<Morsel> interleaved(List<SliceMeta> slices, int morselRows, int interleave) {
        List<Morsel> out = new ArrayList<>();
        int group = Math.max(1, interleave);
        for (int from = 0; from < slices.size(); from += group) {
            List<List<Morsel>> split = new ArrayList<>();
            int most = 0;
            for (int s = from; s < Math.min(slices.size(), from + group); s++) {
                List<Morsel> m = split(slices.get(s), morselRows);
                split.add(m);
                most = Math.max(most, m.size());
            }
            for (int j = 0; j < most; j++) {
                for (List<Morsel> m : split) if (j < m.size()) out.add(m.get(j));
            }
        }
        return out;
    }
}
