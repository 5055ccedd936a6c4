package io.ascan.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.format.ManifestCodec;
import io.ascan.format.TableManifest;
import io.ascan.format.WriteOptions;
import io.trino.tpch.Customer;
import io.trino.tpch.CustomerGenerator;
import io.trino.tpch.LineItem;
import io.trino.tpch.LineItemGenerator;
import io.trino.tpch.Nation;
import io.trino.tpch.NationGenerator;
import io.trino.tpch.Order;
import io.trino.tpch.OrderGenerator;
import io.trino.tpch.Part;
import io.trino.tpch.PartGenerator;
import io.trino.tpch.Region;
import io.trino.tpch.RegionGenerator;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SSB derivation checked against TPC-H rows taken straight from Trino's generators, with dbgen's
 * real text pool (the SSB generator uses a blank one, which must not change any stored column).
 */
class GenSsbTest {
    private static final double SF = 0.01;
    @TempDir static Path dir;
    @TempDir static Path dir2;
    private static SsbGenerator gen;

    @BeforeAll
    static void generate() throws Exception {
        gen = new SsbGenerator(SF);
        for (ChunkedTable t : gen.tables()) ParallelGeneration.write(dir, t, WriteOptions.DEFAULTS, 2, n -> {});
    }

    /** SCHEMA.md's mix(k, m), written out independently of the generator. */
    private static int mix(long k, int m) {
        long product = (k * 2654435761L) % 4294967296L;
        return (int) (product / 65536 % m);
    }

    private static int yyyymmdd(int epochDay) {
        java.time.LocalDate d = java.time.LocalDate.ofEpochDay(epochDay);
        return Integer.parseInt(String.format("%04d%02d%02d", d.getYear(), d.getMonthValue(), d.getDayOfMonth()));
    }

    @Test
    void rowCounts() throws Exception {
        Map<String, Long> expected = Map.of("lineorder", 60_175L, "customer", 1_500L, "supplier", 100L,
                "part", 2_000L, "dwdate", 2_557L);
        for (var e : expected.entrySet()) {
            TableManifest m = Manifests.read(dir.resolve(e.getKey()));
            assertEquals(e.getValue(), m.rowCount(), e.getKey());
            assertEquals(0, Manifests.nulls(m), e.getKey() + " has NULLs");
        }
    }

    @Test
    void outputDoesNotDependOnThreadCount() throws Exception {
        assertTrue(gen.lineorder().chunkCount() > 1);
        for (ChunkedTable t : List.of(gen.lineorder(), gen.customer())) {
            ParallelGeneration.write(dir2, t, WriteOptions.DEFAULTS, 1, n -> {});
            assertEquals(Manifests.fingerprint(Manifests.read(dir.resolve(t.name()))),
                    Manifests.fingerprint(Manifests.read(dir2.resolve(t.name()))), t.name());
        }
    }

    /** Every lineorder row recomputed from lineitem, orders and part as SCHEMA.md says. */
    @Test
    void lineorderIsLineitemJoinOrdersJoinPart() {
        Map<Long, Order> orders = new HashMap<>();
        for (Order o : new OrderGenerator(SF, 1, 1)) orders.put(o.orderKey(), o);
        Map<Long, Long> retailPrice = new HashMap<>();
        for (Part p : new PartGenerator(SF, 1, 1)) retailPrice.put(p.partKey(), p.retailPriceInCents());

        List<Object[]> rows = RowCollector.of(gen.lineorder()).rows;
        Iterator<LineItem> lines = new LineItemGenerator(SF, 1, 1).iterator();
        for (Object[] r : rows) {
            LineItem l = lines.next();
            Order o = orders.get(l.orderKey());
            int extendedPrice = (int) l.extendedPriceInCents();
            int discount = (int) l.discountPercent();
            assertEquals((int) l.orderKey(), r[0]);
            assertEquals(l.lineNumber(), r[1]);
            assertEquals((int) o.customerKey(), r[2]);
            assertEquals((int) l.partKey(), r[3]);
            assertEquals((int) l.supplierKey(), r[4]);
            assertEquals(yyyymmdd(o.orderDate()), r[5]);
            assertEquals(o.orderPriority(), r[6]);
            assertEquals(o.shipPriority(), r[7]);
            assertEquals((int) l.quantity(), r[8]);
            assertEquals(extendedPrice, r[9]);
            assertEquals((int) o.totalPriceInCents(), r[10]);
            assertEquals(discount, r[11]);
            assertEquals(extendedPrice * (100 - discount) / 100, r[12]);
            assertEquals((int) (retailPrice.get(l.partKey()) * 6 / 10), r[13]);
            assertEquals((int) l.taxPercent(), r[14]);
            assertEquals(yyyymmdd(l.commitDate()), r[15]);
            assertEquals(l.shipMode(), r[16]);
        }
        assertFalse(lines.hasNext());
        // the first order of dbgen is dated 1996-01-02
        assertEquals(19960102, rows.getFirst()[5]);
    }

    @Test
    void customerCityNationRegion() {
        String[] regions = new String[5];
        for (Region r : new RegionGenerator()) regions[(int) r.regionKey()] = r.name();
        Map<Long, Nation> nations = new HashMap<>();
        for (Nation n : new NationGenerator()) nations.put(n.nationKey(), n);

        List<Object[]> rows = RowCollector.of(gen.customer()).rows;
        Iterator<Customer> tpch = new CustomerGenerator(SF, 1, 1).iterator();
        Set<String> cities = new HashSet<>();
        for (Object[] r : rows) {
            Customer c = tpch.next();
            Nation n = nations.get(c.nationKey());
            String padded = (n.name() + "         ").substring(0, 9);
            assertEquals((int) c.customerKey(), r[0]);
            assertEquals(c.name(), r[1]);
            assertEquals(c.address(), r[2]);
            assertEquals(padded + mix(c.customerKey(), 10), r[3]);
            assertEquals(n.name(), r[4]);
            assertEquals(regions[(int) n.regionKey()], r[5]);
            assertEquals(c.phone(), r[6]);
            assertEquals(c.marketSegment(), r[7]);
            assertEquals(10, ((String) r[3]).length());
            cities.add((String) r[3]);
        }
        // the cities SSB Q3.3/Q3.4 ask for exist
        assertTrue(cities.contains("UNITED KI1"));
        assertTrue(cities.contains("UNITED KI5"));
        assertTrue(cities.stream().allMatch(c -> c.matches("[A-Z ]{9}[0-9]")));
    }

    @Test
    void supplierCity() {
        for (Object[] r : RowCollector.of(gen.supplier()).rows) {
            String city = (String) r[3];
            String nation = (String) r[4];
            assertEquals((nation + "         ").substring(0, 9) + mix((Integer) r[0], 10), city);
        }
    }

    @Test
    void partColumns() {
        List<Object[]> rows = RowCollector.of(gen.part()).rows;
        Iterator<Part> tpch = new PartGenerator(SF, 1, 1).iterator();
        for (Object[] r : rows) {
            Part p = tpch.next();
            String[] words = p.name().split(" ");
            String category = "MFGR#" + p.brand().substring(6, 8);
            assertEquals((int) p.partKey(), r[0]);
            assertEquals(words[0] + " " + words[1], r[1]);
            assertEquals("MFGR#" + p.manufacturer().charAt(13), r[2]);
            assertEquals(category, r[3]);
            assertEquals(category + (mix(p.partKey(), 40) + 1), r[4]);
            assertEquals(words[0], r[5]);
            assertEquals(p.type(), r[6]);
            assertEquals(p.size(), r[7]);
            assertEquals(p.container(), r[8]);
            assertTrue(((String) r[4]).matches("MFGR#[1-5][1-5]([1-9]|[1-3][0-9]|40)"), (String) r[4]);
            assertEquals(((String) r[2]).charAt(5), ((String) r[3]).charAt(5));
        }
    }

    @Test
    void retailPriceFormulaMatchesTheGenerator() {
        for (Part p : new PartGenerator(SF, 1, 1)) {
            assertEquals(p.retailPriceInCents(), SsbGenerator.retailPriceCents(p.partKey()));
        }
    }

    @Test
    void dwdateKnownDays() {
        Map<Integer, Object[]> byKey = new HashMap<>();
        for (Object[] r : RowCollector.of(gen.dwdate()).rows) byKey.put((Integer) r[0], r);
        assertEquals(2557, byKey.size());

        Object[] first = byKey.get(19920101);
        assertEquals(List.of(19920101, "January 1, 1992", "Wednesday", "January", 1992, 199201, "Jan1992",
                4, 1, 1, 1, 1, "Winter", false, false, true, true), List.of(first));

        Object[] saturday = byKey.get(19920104);
        assertEquals("Saturday", saturday[2]);
        assertEquals(7, saturday[7]);
        assertEquals(true, saturday[13]);
        assertEquals(false, saturday[16]);

        // Q1.3: week 6 of 1994 is day 35 (Friday, February 4) to day 41
        Object[] feb4 = byKey.get(19940204);
        assertEquals(35, feb4[9]);
        assertEquals(6, feb4[11]);
        assertEquals(5, byKey.get(19940203)[11]);

        Object[] last = byKey.get(19981231);
        assertEquals("December 31, 1998", last[1]);
        assertEquals("Thursday", last[2]);
        assertEquals("Dec1998", last[6]);
        assertEquals(365, last[9]);
        assertEquals(53, last[11]);
        assertEquals("Christmas", last[12]);
        assertEquals(true, last[14]);

        assertEquals(true, byKey.get(19971225)[15]);
        assertEquals(true, byKey.get(19961128)[15]); // Thanksgiving 1996
        assertEquals(false, byKey.get(19961129)[15]);
        assertEquals("Spring", byKey.get(19950415)[12]);
        assertEquals("Summer", byKey.get(19950815)[12]);
        assertEquals("Fall", byKey.get(19951015)[12]);
        assertEquals(366, byKey.get(19961231)[9]);
        assertEquals(true, byKey.get(19960229)[14]);
        assertTrue(byKey.containsKey(19971201)); // Q3.4's Dec1997
    }

    @Test
    void scaleFactorOutOfRangeIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new SsbGenerator(-0.5));
        assertThrows(IllegalArgumentException.class, () -> new SsbGenerator(1000));
    }
}
