package io.ascan.scan.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.format.ColumnSpec;
import io.ascan.format.Encoding;
import io.ascan.format.SegmentMeta;
import io.ascan.format.SliceMeta;
import io.ascan.format.TableManifest;
import io.ascan.scan.ScanMode;
import io.ascan.scan.policy.ModePrior;
import io.ascan.types.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The cost model: bytes over the link per mode, at the bandwidth the connection knows (or the emulated link's). */
class ModeCostsTest {
    static final int ROWS = 1000, SLICES = 4;
    static final List<ScanMode> REMOTE = List.of(ScanMode.DIRECT, ScanMode.PUSHDOWN);
    /** 20-character names, dictionary-encoded into 1 byte per row; an INTEGER key of 4 bytes per row. */
    static final String LO = "a".repeat(20), HI = "z".repeat(20);

    static Table table() {
        return table(ROWS);
    }

    /** {@link #SLICES} slices of {@link #ROWS} rows, the last of {@code lastRows}. */
    static Table table(int lastRows) {
        List<SliceMeta> slices = new ArrayList<>();
        long first = 0;
        for (int i = 0; i < SLICES; i++) {
            int rows = i == SLICES - 1 ? lastRows : ROWS;
            slices.add(new SliceMeta(i, first, rows, List.of(
                    new SegmentMeta(0, 4 * rows, 0, Encoding.PLAIN, 0, 0, 999),
                    new SegmentMeta(0, rows, 0, Encoding.DICT, 0, LO, HI))));
            first += rows;
        }
        TableManifest m = new TableManifest(TableManifest.FORMAT_VERSION, "t",
                List.of(new ColumnSpec("k", DataType.INTEGER), new ColumnSpec("name", DataType.VARCHAR)),
                first, 1 << 20, slices, new long[] {1000, 1000});
        return new Table(Path.of("t"), m);
    }

    static ModePrior remote(long bandwidth) {
        return remote(table(), bandwidth);
    }

    static ModePrior remote(Table t, long bandwidth) {
        int[] both = {0, 1};
        return ModeCosts.remote(t, t.manifest().slices(), both, both, null, List.of(), bandwidth, bandwidth, 2, 2, REMOTE);
    }

    @Test
    void pullUpIsBoundedByWhatTheConnectionMeasuredWhereThatIsBelowTheLink() {
        Table t = table();
        int[] both = {0, 1};
        // 5,000 bytes a slice; pull-ups measured at 0.5 MB/s: at most 100 slices/s, over a 1 MB/s link or none
        ModePrior slower = ModeCosts.remote(t, t.manifest().slices(), both, both, null, List.of(), 1_000_000, 500_000, 2, 2, REMOTE);
        assertEquals(100.0, slower.bound(ScanMode.DIRECT), 1e-9);
        assertEquals(100.0, slower.throughput().get(ScanMode.DIRECT), 1e-9);
        ModePrior noLink = ModeCosts.remote(t, t.manifest().slices(), both, both, null, List.of(), 0, 500_000, 2, 2, REMOTE);
        assertEquals(100.0, noLink.bound(ScanMode.DIRECT), 1e-9);
        assertTrue(Double.isNaN(noLink.bound(ScanMode.PUSHDOWN)));
    }

    @Test
    void scansWhoseRKeepsAnotherOrderOfMagnitudeOfRowsHaveAnotherShape() {
        Table t = table();
        int[] both = {0, 1};
        var tenKeys = new io.ascan.scan.materializer.RuntimeFilter(null, new int[] {0}, 0, 999, null, "r", 10);
        var twoHundred = new io.ascan.scan.materializer.RuntimeFilter(null, new int[] {0}, 0, 999, null, "r", 200);
        double s10 = ModeCosts.selectivity(t, t.manifest().slices(), both, null, List.of(tenKeys));
        double s200 = ModeCosts.selectivity(t, t.manifest().slices(), both, null, List.of(twoHundred));
        assertEquals(0.01, s10, 1e-12);
        assertEquals("1e-2", ModeCosts.selectivityClass(s10));
        assertEquals("1e-1", ModeCosts.selectivityClass(s200));
        assertEquals("1e0", ModeCosts.selectivityClass(1.0));
    }

    @Test
    void aSelectiveRFavoursPushdownAloneWhichAppliesIt() {
        // No P; R keeps 10 of 1,000 keys: direct and staging hand the pipeline every row, which its join then drops.
        Table t = table();
        int[] both = {0, 1};
        var keys = new io.ascan.exec.store.KeyRange();
        keys.add(0);
        keys.add(999);
        var bitmap = io.ascan.exec.store.KeyBitmap.over(0, keys); // never tested here: the model reads only its presence
        var r = new io.ascan.scan.materializer.RuntimeFilter(null, new int[] {0}, 0, 999, bitmap, "r", 10);
        ModePrior prior = ModeCosts.of(t, t.manifest().slices(), both, both, null, List.of(r),
                io.ascan.topology.Interconnect.NONE, 1, 2, List.of(ScanMode.values()), SLICES);
        assertEquals(ScanMode.PUSHDOWN, prior.best(List.of(ScanMode.values())), prior.format(List.of(ScanMode.values())));
        assertTrue(prior.of(ScanMode.PUSHDOWN) > 2 * prior.of(ScanMode.DIRECT), prior.format(List.of(ScanMode.values())));
        // The same R tested by its Bloom filter on pushdown's one storage thread costs more than the compute side saves.
        var bloom = new io.ascan.scan.materializer.RuntimeFilter(null, new int[] {0}, 0, 999, null, "r", 10);
        ModePrior hashed = ModeCosts.of(t, t.manifest().slices(), both, both, null, List.of(bloom),
                io.ascan.topology.Interconnect.NONE, 1, 2, List.of(ScanMode.values()), SLICES);
        assertTrue(hashed.of(ScanMode.PUSHDOWN) < hashed.of(ScanMode.DIRECT), hashed.format(List.of(ScanMode.values())));
    }

    @Test
    void overAStorageNodePullUpWithRFeedsThePipelineAsPushdownDoes() {
        // R keeps 10 of 1,000 keys: a pulled-up slice meets it at the scan (RuntimeFilteredPullup), so pull-up's
        // compute side costs the kernel per row and the pipeline only the rows passing, not every row.
        Table t = table();
        int[] both = {0, 1};
        var keys = new io.ascan.exec.store.KeyRange();
        keys.add(0);
        keys.add(999);
        var r = new io.ascan.scan.materializer.RuntimeFilter(null, new int[] {0}, 0, 999,
                io.ascan.exec.store.KeyBitmap.over(0, keys), "r", 10);
        ModePrior withR = ModeCosts.remote(t, t.manifest().slices(), both, both, null, List.of(r), 0, 0, 2, 2, REMOTE);
        ModePrior withoutR = ModeCosts.remote(t, t.manifest().slices(), both, both, null, List.of(), 0, 0, 2, 2, REMOTE);
        assertTrue(withR.rowsAlike() && !withoutR.rowsAlike(), "the modes feed the pipeline alike only with R applied at the scan");
        double perRow = (ModeCosts.FILTER_NS + ModeCosts.COPY_NS_PER_BYTE * 0.01 * (4.125 + 24.125)
                + ModeCosts.PIPELINE_NS * 0.01) / 2;
        assertEquals(1e9 / perRow / ROWS, withR.of(ScanMode.DIRECT), 1e-6 * withR.of(ScanMode.DIRECT));
        assertEquals(1e9 / (ModeCosts.PIPELINE_NS / 2) / ROWS, withoutR.of(ScanMode.DIRECT), 1e-6 * withoutR.of(ScanMode.DIRECT));
    }

    @Test
    void pushdownShipsStringsDecoded() {
        Table t = table();
        assertEquals(4.125, ModeCosts.decodedBytes(t, t.manifest().slices(), 0, 4L * ROWS * SLICES, (long) ROWS * SLICES));
        // the text itself (20 characters) and its offset, not the 1-byte dictionary code stored
        assertEquals(24.125, ModeCosts.decodedBytes(t, t.manifest().slices(), 1, (long) ROWS * SLICES, (long) ROWS * SLICES));
    }

    @Test
    void aKnownLinkBoundsEachModeByItsBytes() {
        ModePrior p = remote(125_000_000); // 1 Gbit/s
        // every row passes: pull-up moves 5 encoded bytes a row, pushdown 28.25 decoded ones; in slices/s
        assertEquals(125e6 / 5 / ROWS, p.throughput().get(ScanMode.DIRECT), 1e-6);
        assertEquals(125e6 / 28.25 / ROWS, p.throughput().get(ScanMode.PUSHDOWN), 1e-6);
        // in the unit of the bound, which the policy compares them with: the link is pull-up's limit here
        assertEquals(p.bound(ScanMode.DIRECT), p.throughput().get(ScanMode.DIRECT), 1e-6);
        assertTrue(p.throughput().get(ScanMode.DIRECT) > p.throughput().get(ScanMode.PUSHDOWN));
    }

    @Test
    void pullUpOverAKnownLinkIsBoundedBySlicesBytes() {
        // 5,000 bytes a slice over 1 MB/s: at most 200 slices/s, whatever the data
        assertEquals(200.0, remote(1_000_000).bound(ScanMode.DIRECT), 1e-9);
        assertTrue(Double.isNaN(remote(1_000_000).bound(ScanMode.PUSHDOWN)), "pushdown's bytes depend on the data");
        assertTrue(Double.isNaN(remote(0).bound(ScanMode.DIRECT)), "no link known, no bound");
    }

    @Test
    void directOverAnEmulatedLinkIsBoundedByItsUnitsBytes() {
        Table t = table();
        int[] both = {0, 1};
        List<ScanMode> all = List.of(ScanMode.values());
        // 20,000 bytes over 1 MB/s in 40 morsels: at most 2,000 morsels/s; the same table in its 4 slices, 200 slices/s
        ModePrior morsels = ModeCosts.of(t, t.manifest().slices(), both, both, null, List.of(), io.ascan.topology.Interconnect.of(1_000_000),
                1, 2, all, 40);
        assertEquals(2000.0, morsels.bound(ScanMode.DIRECT), 1e-9);
        assertEquals(200.0, ModeCosts.of(t, t.manifest().slices(), both, both, null, List.of(), io.ascan.topology.Interconnect.of(1_000_000),
                1, 2, all, SLICES).bound(ScanMode.DIRECT), 1e-9);
        assertTrue(Double.isNaN(morsels.bound(ScanMode.STAGING)) && Double.isNaN(morsels.bound(ScanMode.PUSHDOWN)));
        assertTrue(Double.isNaN(ModeCosts.of(t, t.manifest().slices(), both, both, null, List.of(), io.ascan.topology.Interconnect.NONE,
                1, 2, all, 40).bound(ScanMode.DIRECT)), "no link, no bound");
    }

    @Test
    void stagingOverAnEmulatedLinkIsBoundedByTheColumnPTestsOnEveryRow() {
        Table t = table();
        int[] both = {0, 1};
        io.ascan.expr.Expr p = io.ascan.expr.Call.predicate(io.ascan.expr.Operator.LT, new io.ascan.expr.ColumnRef(0, DataType.INTEGER),
                io.ascan.expr.Literal.of(500));
        // P reads k (16,000 bytes): staging touches all of its lines; 1 MB/s over 40 morsels: at most 2,500 morsels/s
        ModePrior prior = ModeCosts.of(t, t.manifest().slices(), both, both, p, List.of(), io.ascan.topology.Interconnect.of(1_000_000),
                1, 2, List.of(ScanMode.values()), 40);
        assertEquals(2500.0, prior.bound(ScanMode.STAGING), 1e-9);
        assertEquals(2000.0, prior.bound(ScanMode.DIRECT), 1e-9);
        assertTrue(Double.isNaN(prior.bound(ScanMode.PUSHDOWN)), "pushdown's bytes depend on the data");
    }

    @Test
    void aSliverOfALastSliceDoesNotLiftTheBound() {
        // 3 slices of 5,000 bytes and one of 5 (TPC-H lineitem's last slice is such a sliver): 15,005
        // bytes over 4 slices at 1 MB/s, at most 266.6 slices/s over the scan, not the 200,000 of the sliver
        assertEquals(4 / 0.015005, remote(table(1), 1_000_000).bound(ScanMode.DIRECT), 1e-6);
    }

    @Test
    void anUnknownLinkIsNotTheBound() {
        ModePrior known = remote(125_000_000), unknown = remote(0);
        assertTrue(unknown.throughput().get(ScanMode.DIRECT) > 2 * known.throughput().get(ScanMode.DIRECT));
        assertTrue(unknown.throughput().get(ScanMode.PUSHDOWN) > 2 * known.throughput().get(ScanMode.PUSHDOWN));
    }
}
