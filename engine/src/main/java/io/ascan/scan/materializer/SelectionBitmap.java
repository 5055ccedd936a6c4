package io.ascan.scan.materializer;

/**
 * A selection bitmap (FlexPushdownDB section 6.2): bit {@code i} of a slice's bitmap (byte
 * {@code i / 8}, least significant bit first, as Arrow's validity bitmaps) is set when tuple
 * {@code i} satisfies P. It crosses the link instead of the predicate's columns: rows / 8 bytes.
 */
public final class SelectionBitmap {
    private SelectionBitmap() {}

    /** Bytes of the bitmap of a slice of {@code rows} tuples. */
    public static int bytes(int rows) {
        return (rows + 7) >>> 3;
    }

    /** The bitmap of a slice of {@code rows} tuples with tuples {@code selection[0..n)} selected. */
    public static byte[] of(int[] selection, int n, int rows) {
        byte[] b = new byte[bytes(rows)];
        for (int i = 0; i < n; i++) b[selection[i] >>> 3] |= (byte) (1 << (selection[i] & 7));
        return b;
    }

    /**
     * The selected tuples of {@code bitmap} into {@code selection} (at least {@code rows} long), in
     * order; returns how many.
     *
     * @throws IllegalArgumentException when the bitmap is not one of {@code rows} tuples
     */
    public static int positions(byte[] bitmap, int rows, int[] selection) {
        if (bitmap.length != bytes(rows)) {
            throw new IllegalArgumentException("a selection bitmap of " + bitmap.length + " bytes is not one of " + rows + " rows");
        }
        if ((rows & 7) != 0 && (bitmap[bitmap.length - 1] & 0xff) >>> (rows & 7) != 0) {
            throw new IllegalArgumentException("a selection bitmap of " + rows + " rows selects a row past the last");
        }
        int n = 0;
        for (int i = 0; i < bitmap.length; i++) {
            int b = bitmap[i] & 0xff;
            while (b != 0) {
                selection[n++] = (i << 3) + Integer.numberOfTrailingZeros(b);
                b &= b - 1;
            }
        }
        return n;
    }

    /** How many tuples {@code bitmap} selects. */
    public static int count(byte[] bitmap) {
        int n = 0;
        for (byte b : bitmap) n += Integer.bitCount(b & 0xff);
        return n;
    }
}
