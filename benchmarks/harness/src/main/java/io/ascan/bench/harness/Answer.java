package io.ascan.bench.harness;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A query's answer as a bag of rows, to check that every mode of {@code ascan bench remote}
 * returns the local answer: rows compared in a canonical order (ties of an ORDER BY may come out
 * in any order), floating-point values within a relative 1e-9 (a sum's rounding depends on the
 * order its slices arrived in).
 */
public final class Answer {
    private static final double TOLERANCE = 1e-9;
    private final List<List<Object>> rows = new ArrayList<>();

    /** Adds the rows of one result batch. */
    public void add(VectorSchemaRoot batch) {
        List<FieldVector> vs = batch.getFieldVectors();
        for (int r = 0; r < batch.getRowCount(); r++) {
            List<Object> row = new ArrayList<>(vs.size());
            for (FieldVector v : vs) row.add(value(v.getObject(r)));
            rows.add(row);
        }
    }

    private static Object value(Object o) {
        if (o == null || o instanceof Double || o instanceof Number && !(o instanceof Float)) return o;
        if (o instanceof Float f) return f.doubleValue();
        return o.toString(); // Text, dates and the like compare by their rendering
    }

    public int rows() {
        return rows.size();
    }

    /** Null when both hold the same rows, else the first difference. */
    public String difference(Answer other) {
        if (rows.size() != other.rows.size()) return rows.size() + " rows vs " + other.rows.size();
        List<List<Object>> a = sorted(), b = other.sorted();
        for (int i = 0; i < a.size(); i++) {
            if (!same(a.get(i), b.get(i))) return "row " + a.get(i) + " vs " + b.get(i);
        }
        return null;
    }

    private List<List<Object>> sorted() {
        List<List<Object>> s = new ArrayList<>(rows);
        s.sort(Comparator.comparing(Answer::key));
        return s;
    }

    /** Doubles rounded to 6 significant digits, so that rows differing within the tolerance sort alike. */
    private static String key(List<Object> row) {
        StringBuilder sb = new StringBuilder();
        for (Object o : row) sb.append(o instanceof Double d ? String.format(Locale.ROOT, "%.6g", d) : String.valueOf(o)).append('\u0001');
        return sb.toString();
    }

    private static boolean same(List<Object> a, List<Object> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) {
            Object x = a.get(i), y = b.get(i);
            if (x instanceof Double d && y instanceof Double e) {
                if (Math.abs(d - e) > TOLERANCE * Math.max(Math.abs(d), Math.abs(e)) && !d.equals(e)) return false;
            } else if (x == null ? y != null : !x.equals(y)) {
                return false;
            }
        }
        return true;
    }
}
