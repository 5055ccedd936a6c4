package io.ascan.gen;

import io.ascan.format.RowAppender;
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
import io.trino.tpch.PartSupplier;
import io.trino.tpch.PartSupplierGenerator;
import io.trino.tpch.Region;
import io.trino.tpch.RegionGenerator;
import io.trino.tpch.Supplier;
import io.trino.tpch.SupplierGenerator;
import io.trino.tpch.TextPool;
import java.util.List;

/**
 * TPC-H data from Trino's port of dbgen: the same rows as dbgen at any scale factor, including
 * fractional ones. Each table is a {@link ChunkedTable} over Trino's (part, partCount) split.
 */
public final class TpchGenerator {
    /** Smallest scale factor with at least one supplier (partsupp divides by the supplier count). */
    public static final double MIN_SCALE_FACTOR = 0.0001;
    /** Above this, INTEGER customer/part keys would overflow. */
    public static final double MAX_SCALE_FACTOR = 10_000;

    /** Units (orders, parts, customers...) per chunk: small enough for many chunks even at SF 0.01. */
    static final int BASE_ROWS_PER_CHUNK = 4096;
    /** Average lineitems per order in dbgen (1..7 uniformly). */
    static final double LINES_PER_ORDER = 4.0;
    /** One-character strings (o_orderstatus) without a per-row allocation. */
    private static final String[] CHARS = new String[128];

    static {
        for (int c = 0; c < CHARS.length; c++) CHARS[c] = String.valueOf((char) c);
    }

    private final double sf;
    private final java.util.function.Supplier<TextPool> textPool;
    private final Distributions dists = Distributions.getDefaultDistributions();

    /** Full TPC-H, comments included: uses dbgen's 300 MB text pool, built once per generator. */
    public TpchGenerator(double scaleFactor) {
        this(scaleFactor, sharedDefaultPool());
    }

    /** With another text pool: the comment columns change, every other column stays exact. */
    TpchGenerator(double scaleFactor, java.util.function.Supplier<TextPool> textPool) {
        checkScaleFactor(scaleFactor);
        this.sf = scaleFactor;
        this.textPool = textPool;
    }

    public static void checkScaleFactor(double sf) {
        if (!(sf >= MIN_SCALE_FACTOR && sf <= MAX_SCALE_FACTOR)) {
            throw new IllegalArgumentException("scale factor must be between " + MIN_SCALE_FACTOR + " and "
                    + (long) MAX_SCALE_FACTOR + ", got " + sf);
        }
    }

    /** Trino's default pool is held through a soft reference; pin it while this generator lives. */
    private static java.util.function.Supplier<TextPool> sharedDefaultPool() {
        java.util.function.Supplier<TextPool> lazy = TextPool.getDefaultTextPool();
        return new java.util.function.Supplier<>() {
            private TextPool pinned;

            @Override
            public synchronized TextPool get() {
                if (pinned == null) pinned = lazy.get();
                return pinned;
            }
        };
    }

    /** A pool for derived data sets (SSB) that never store a TPC-H comment. */
    static java.util.function.Supplier<TextPool> blankPool() {
        TextPool pool = new BlankTextPool();
        return () -> pool;
    }

    public double scaleFactor() {
        return sf;
    }

    static long rows(int scaleBase, double sf) {
        return (long) (scaleBase * sf);
    }

    public List<ChunkedTable> tables() {
        return List.of(region(), nation(), supplier(), customer(), part(), partsupp(), orders(), lineitem());
    }

    public ChunkedTable region() {
        return new TrinoTable<Region>("region", TpchTables.REGION, 5, 1, Integer.MAX_VALUE,
                (p, n) -> new RegionGenerator(dists, textPool), TpchGenerator::region);
    }

    public ChunkedTable nation() {
        return new TrinoTable<Nation>("nation", TpchTables.NATION, 25, 1, Integer.MAX_VALUE,
                (p, n) -> new NationGenerator(dists, textPool), TpchGenerator::nation);
    }

    public ChunkedTable supplier() {
        return new TrinoTable<Supplier>("supplier", TpchTables.SUPPLIER, rows(SupplierGenerator.SCALE_BASE, sf), 1,
                BASE_ROWS_PER_CHUNK, (p, n) -> new SupplierGenerator(sf, p, n, dists, textPool), TpchGenerator::supplier);
    }

    public ChunkedTable customer() {
        return new TrinoTable<Customer>("customer", TpchTables.CUSTOMER, rows(CustomerGenerator.SCALE_BASE, sf), 1,
                BASE_ROWS_PER_CHUNK, (p, n) -> new CustomerGenerator(sf, p, n, dists, textPool), TpchGenerator::customer);
    }

    public ChunkedTable part() {
        return new TrinoTable<Part>("part", TpchTables.PART, rows(PartGenerator.SCALE_BASE, sf), 1,
                BASE_ROWS_PER_CHUNK, (p, n) -> new PartGenerator(sf, p, n, dists, textPool), TpchGenerator::part);
    }

    public ChunkedTable partsupp() {
        return new TrinoTable<PartSupplier>("partsupp", TpchTables.PARTSUPP, rows(PartGenerator.SCALE_BASE, sf), 4,
                BASE_ROWS_PER_CHUNK, (p, n) -> new PartSupplierGenerator(sf, p, n, textPool), TpchGenerator::partsupp);
    }

    public ChunkedTable orders() {
        return new TrinoTable<Order>("orders", TpchTables.ORDERS, rows(OrderGenerator.SCALE_BASE, sf), 1,
                BASE_ROWS_PER_CHUNK, (p, n) -> new OrderGenerator(sf, p, n, dists, textPool), TpchGenerator::orders);
    }

    public ChunkedTable lineitem() {
        return new TrinoTable<LineItem>("lineitem", TpchTables.LINEITEM, rows(OrderGenerator.SCALE_BASE, sf),
                LINES_PER_ORDER, BASE_ROWS_PER_CHUNK,
                (p, n) -> new LineItemGenerator(sf, p, n, dists, textPool), TpchGenerator::lineitem);
    }

    static void region(Region r, RowAppender out, Utf8Cache strings) {
        out.setInt(0, (int) r.regionKey());
        out.setString(1, r.name());
        out.setString(2, r.comment());
    }

    static void nation(Nation n, RowAppender out, Utf8Cache strings) {
        out.setInt(0, (int) n.nationKey());
        out.setString(1, n.name());
        out.setInt(2, (int) n.regionKey());
        out.setString(3, n.comment());
    }

    static void supplier(Supplier s, RowAppender out, Utf8Cache strings) {
        out.setInt(0, Math.toIntExact(s.supplierKey()));
        out.setString(1, s.name());
        out.setString(2, s.address());
        out.setInt(3, (int) s.nationKey());
        out.setString(4, s.phone());
        out.setLong(5, s.accountBalanceInCents());
        out.setString(6, s.comment());
    }

    static void customer(Customer c, RowAppender out, Utf8Cache strings) {
        out.setInt(0, Math.toIntExact(c.customerKey()));
        out.setString(1, c.name());
        out.setString(2, c.address());
        out.setInt(3, (int) c.nationKey());
        out.setString(4, c.phone());
        out.setLong(5, c.accountBalanceInCents());
        strings.set(out, 6, c.marketSegment());
        out.setString(7, c.comment());
    }

    static void part(Part p, RowAppender out, Utf8Cache strings) {
        out.setInt(0, Math.toIntExact(p.partKey()));
        out.setString(1, p.name());
        strings.set(out, 2, p.manufacturer());
        strings.set(out, 3, p.brand());
        strings.set(out, 4, p.type());
        out.setInt(5, p.size());
        strings.set(out, 6, p.container());
        out.setLong(7, p.retailPriceInCents());
        out.setString(8, p.comment());
    }

    static void partsupp(PartSupplier ps, RowAppender out, Utf8Cache strings) {
        out.setInt(0, Math.toIntExact(ps.partKey()));
        out.setInt(1, Math.toIntExact(ps.supplierKey()));
        out.setInt(2, ps.availableQuantity());
        out.setLong(3, ps.supplyCostInCents());
        out.setString(4, ps.comment());
    }

    static void orders(Order o, RowAppender out, Utf8Cache strings) {
        out.setLong(0, o.orderKey());
        out.setInt(1, Math.toIntExact(o.customerKey()));
        strings.set(out, 2, CHARS[o.orderStatus() & 0x7f]);
        out.setLong(3, o.totalPriceInCents());
        out.setInt(4, o.orderDate());
        strings.set(out, 5, o.orderPriority());
        out.setString(6, o.clerk());
        out.setInt(7, o.shipPriority());
        out.setString(8, o.comment());
    }

    static void lineitem(LineItem l, RowAppender out, Utf8Cache strings) {
        out.setLong(0, l.orderKey());
        out.setInt(1, Math.toIntExact(l.partKey()));
        out.setInt(2, Math.toIntExact(l.supplierKey()));
        out.setInt(3, l.lineNumber());
        out.setLong(4, l.quantity() * 100);
        out.setLong(5, l.extendedPriceInCents());
        out.setLong(6, l.discountPercent());
        out.setLong(7, l.taxPercent());
        strings.set(out, 8, l.returnFlag());
        strings.set(out, 9, l.status());
        out.setInt(10, l.shipDate());
        out.setInt(11, l.commitDate());
        out.setInt(12, l.receiptDate());
        strings.set(out, 13, l.shipInstructions());
        strings.set(out, 14, l.shipMode());
        out.setString(15, l.comment());
    }
}
