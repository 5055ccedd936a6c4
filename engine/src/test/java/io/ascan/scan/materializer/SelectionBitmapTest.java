package io.ascan.scan.materializer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SelectionBitmapTest {
    @Test
    void roundTripsAnySelection() {
        Random r = new Random(7);
        for (int rows : new int[] {0, 1, 7, 8, 9, 37, 1000}) {
            int[] sel = new int[rows];
            int n = 0;
            for (int i = 0; i < rows; i++) if (r.nextBoolean()) sel[n++] = i;
            byte[] b = SelectionBitmap.of(sel, n, rows);
            assertEquals((rows + 7) / 8, b.length);
            assertEquals(n, SelectionBitmap.count(b));
            int[] back = new int[rows];
            assertEquals(n, SelectionBitmap.positions(b, rows, back));
            assertArrayEquals(Arrays.copyOf(sel, n), Arrays.copyOf(back, n), "rows " + rows);
        }
    }

    @Test
    void allAndNoneSelected() {
        int[] all = new int[13];
        for (int i = 0; i < all.length; i++) all[i] = i;
        assertArrayEquals(new byte[] {(byte) 0xff, 0x1f}, SelectionBitmap.of(all, 13, 13));
        assertArrayEquals(new byte[2], SelectionBitmap.of(all, 0, 13));
        assertEquals(0, SelectionBitmap.positions(new byte[2], 13, new int[13]));
    }

    @Test
    void refusesABitmapOfAnotherSlice() {
        assertThrows(IllegalArgumentException.class, () -> SelectionBitmap.positions(new byte[3], 13, new int[13]));
        // a bit past the last row
        assertThrows(IllegalArgumentException.class, () -> SelectionBitmap.positions(new byte[] {0, 0x20}, 13, new int[13]));
    }
}
