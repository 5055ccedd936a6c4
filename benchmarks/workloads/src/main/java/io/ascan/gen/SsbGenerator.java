package io.ascan.gen;

import io.ascan.format.RowAppender;
import io.ascan.format.TableSchema;
import io.trino.tpch.Customer;
import io.trino.tpch.CustomerGenerator;
import io.trino.tpch.Distributions;
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
import io.trino.tpch.Supplier;
import io.trino.tpch.SupplierGenerator;
import io.trino.tpch.TextPool;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;

/**
 * The Star Schema Benchmark derived from TPC-H rows as queries/ssb/SCHEMA.md specifies, so that
 * SSB and TPC-H at the same scale factor come from one deterministic source. Comments are never
 * stored, so the TPC-H generators run with a {@link BlankTextPool} instead of dbgen's 300 MB one
 * (the comment streams are independent of every other column).
 */
public final class SsbGenerator {
    /** lo_orderkey is INTEGER; TPC-H orderkeys (about 6,000,000 per SF) pass 2^31 above SF ~357. */
    public static final double MAX_SCALE_FACTOR = 350;

    private final double sf;
    private final java.util.function.Supplier<TextPool> textPool = TpchGenerator.blankPool();
    private final Distributions dists = Distributions.getDefaultDistributions();
    /** Per TPC-H nation key: n_name, r_name, and the 9-byte c_city / s_city prefix. */
    private final String[] nationName = new String[25];
    private final String[] regionName = new String[25];
    private final byte[][] cityPrefix = new byte[25][];

    public SsbGenerator(double scaleFactor) {
        TpchGenerator.checkScaleFactor(scaleFactor);
        if (scaleFactor > MAX_SCALE_FACTOR) {
            throw new IllegalArgumentException("SSB scale factor must be at most " + (long) MAX_SCALE_FACTOR
                    + " (lo_orderkey is INTEGER), got " + scaleFactor);
        }
        this.sf = scaleFactor;
        String[] regions = new String[5];
        for (Region r : new RegionGenerator(dists, textPool)) regions[(int) r.regionKey()] = r.name();
        for (Nation n : new NationGenerator(dists, textPool)) {
            int k = (int) n.nationKey();
            nationName[k] = n.name();
            regionName[k] = regions[(int) n.regionKey()];
            cityPrefix[k] = String.format("%-9.9s", n.name()).getBytes(StandardCharsets.US_ASCII);
        }
    }

    public double scaleFactor() {
        return sf;
    }

    public List<ChunkedTable> tables() {
        return List.of(dwdate(), customer(), supplier(), part(), lineorder());
    }

    /** SCHEMA.md's deterministic bucket: (((k * 2654435761) mod 2^32) div 65536) mod m. */
    static int mix(long k, int m) {
        return (int) ((((k * 2654435761L) & 0xFFFF_FFFFL) >>> 16) % m);
    }

    /** TPC-H p_retailprice in cents, a function of the part key alone (dbgen's formula). */
    static long retailPriceCents(long partKey) {
        return 90_000 + (partKey / 10) % 20_001 + 100 * (partKey % 1_000);
    }

    public ChunkedTable dwdate() {
        return new SsbDates();
    }

    public ChunkedTable customer() {
        return new TrinoTable<Customer>("customer", SsbTables.CUSTOMER, TpchGenerator.rows(CustomerGenerator.SCALE_BASE, sf),
                1, TpchGenerator.BASE_ROWS_PER_CHUNK, (p, n) -> new CustomerGenerator(sf, p, n, dists, textPool), this::customer);
    }

    public ChunkedTable supplier() {
        return new TrinoTable<Supplier>("supplier", SsbTables.SUPPLIER, TpchGenerator.rows(SupplierGenerator.SCALE_BASE, sf),
                1, TpchGenerator.BASE_ROWS_PER_CHUNK, (p, n) -> new SupplierGenerator(sf, p, n, dists, textPool), this::supplier);
    }

    public ChunkedTable part() {
        return new TrinoTable<Part>("part", SsbTables.PART, TpchGenerator.rows(PartGenerator.SCALE_BASE, sf),
                1, TpchGenerator.BASE_ROWS_PER_CHUNK, (p, n) -> new PartGenerator(sf, p, n, dists, textPool), SsbGenerator::part);
    }

    public ChunkedTable lineorder() {
        return new Lineorder();
    }

    private void customer(Customer c, RowAppender out, Utf8Cache strings) {
        int nation = (int) c.nationKey();
        out.setInt(0, Math.toIntExact(c.customerKey()));
        out.setString(1, c.name());
        out.setString(2, c.address());
        setCity(out, 3, nation, c.customerKey());
        strings.set(out, 4, nationName[nation]);
        strings.set(out, 5, regionName[nation]);
        out.setString(6, c.phone());
        strings.set(out, 7, c.marketSegment());
    }

    private void supplier(Supplier s, RowAppender out, Utf8Cache strings) {
        int nation = (int) s.nationKey();
        out.setInt(0, Math.toIntExact(s.supplierKey()));
        out.setString(1, s.name());
        out.setString(2, s.address());
        setCity(out, 3, nation, s.supplierKey());
        strings.set(out, 4, nationName[nation]);
        strings.set(out, 5, regionName[nation]);
        out.setString(6, s.phone());
    }

    /** First 9 characters of the nation name, space-padded, then the digit mix(key, 10). */
    private void setCity(RowAppender out, int column, int nation, long key) {
        byte[] city = new byte[10];
        System.arraycopy(cityPrefix[nation], 0, city, 0, 9);
        city[9] = (byte) ('0' + mix(key, 10));
        out.setUtf8(column, city, 0, 10);
    }

    private static void part(Part p, RowAppender out, Utf8Cache strings) {
        String name = p.name();
        int firstSpace = name.indexOf(' ');
        int secondSpace = name.indexOf(' ', firstSpace + 1);
        String category = "MFGR#" + p.brand().substring("Brand#".length());
        out.setInt(0, Math.toIntExact(p.partKey()));
        out.setString(1, secondSpace < 0 ? name : name.substring(0, secondSpace));
        out.setString(2, "MFGR#" + p.manufacturer().substring("Manufacturer#".length()));
        out.setString(3, category);
        out.setString(4, category + (mix(p.partKey(), 40) + 1));
        out.setString(5, firstSpace < 0 ? name : name.substring(0, firstSpace));
        strings.set(out, 6, p.type());
        out.setInt(7, p.size());
        strings.set(out, 8, p.container());
    }

    /**
     * lineitem ⨝ orders ⨝ part. Orders and lineitems of one Trino part cover the same orders,
     * both in orderkey order, so a chunk walks the two generators side by side; the part side
     * is only p_retailprice, a formula of the part key.
     */
    private final class Lineorder implements ChunkedTable {
        private final long orders = TpchGenerator.rows(OrderGenerator.SCALE_BASE, sf);
        private final int chunks = (int) Math.max(1, (orders + TpchGenerator.BASE_ROWS_PER_CHUNK - 1)
                / TpchGenerator.BASE_ROWS_PER_CHUNK);

        @Override public String name() { return "lineorder"; }
        @Override public TableSchema schema() { return SsbTables.LINEORDER; }
        @Override public int chunkCount() { return chunks; }
        @Override public long expectedRows() { return Math.round(orders * TpchGenerator.LINES_PER_ORDER); }

        @Override
        public void generateChunk(int chunk, RowAppender out) {
            Utf8Cache strings = new Utf8Cache();
            Iterator<Order> os = new OrderGenerator(sf, chunk + 1, chunks, dists, textPool).iterator();
            Iterator<LineItem> ls = new LineItemGenerator(sf, chunk + 1, chunks, dists, textPool).iterator();
            LineItem l = ls.hasNext() ? ls.next() : null;
            while (os.hasNext()) {
                Order o = os.next();
                while (l != null && l.orderKey() == o.orderKey()) {
                    row(o, l, out, strings);
                    out.endRow();
                    l = ls.hasNext() ? ls.next() : null;
                }
            }
            if (l != null) throw new IllegalStateException("lineitem of order " + l.orderKey() + " has no order");
        }

        private void row(Order o, LineItem l, RowAppender out, Utf8Cache strings) {
            long price = l.extendedPriceInCents();
            long discount = l.discountPercent();
            out.setInt(0, Math.toIntExact(l.orderKey()));
            out.setInt(1, l.lineNumber());
            out.setInt(2, (int) o.customerKey());
            out.setInt(3, (int) l.partKey());
            out.setInt(4, (int) l.supplierKey());
            out.setInt(5, SsbDates.yyyymmdd(o.orderDate()));
            strings.set(out, 6, o.orderPriority());
            out.setInt(7, o.shipPriority());
            out.setInt(8, (int) l.quantity());
            out.setInt(9, Math.toIntExact(price));
            out.setInt(10, Math.toIntExact(o.totalPriceInCents()));
            out.setInt(11, (int) discount);
            out.setInt(12, (int) (price * (100 - discount) / 100));
            out.setInt(13, (int) (retailPriceCents(l.partKey()) * 6 / 10));
            out.setInt(14, (int) l.taxPercent());
            out.setInt(15, SsbDates.yyyymmdd(l.commitDate()));
            strings.set(out, 16, l.shipMode());
        }
    }
}
