package io.ascan.gen;

import static io.ascan.types.DataType.INTEGER;
import static io.ascan.types.DataType.VARCHAR;

import io.ascan.format.RowAppender;
import io.ascan.format.TableSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The 265 NYC TLC taxi zones (the TLC's zone lookup table, shipped as a resource), as the
 * {@code zones} table and as lookups for the trip generator.
 */
public final class TaxiZones implements ChunkedTable {
    public static final TableSchema SCHEMA = Schemas.of(
            "locationid", INTEGER, "borough", VARCHAR, "zone", VARCHAR, "service_zone", VARCHAR);
    public static final int COUNT = 265;
    public static final int JFK = 132;
    public static final int LAGUARDIA = 138;
    public static final int NEWARK = 1;

    /** Indexed by location id (entry 0 unused). */
    private final String[] borough = new String[COUNT + 1];
    private final String[] zone = new String[COUNT + 1];
    private final String[] serviceZone = new String[COUNT + 1];

    public TaxiZones() {
        try (InputStream in = TaxiZones.class.getResourceAsStream("taxi_zones.csv")) {
            if (in == null) throw new IllegalStateException("resource taxi_zones.csv is missing");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            r.readLine(); // header
            int id = 0;
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] f = line.split(",", -1);
                id = Integer.parseInt(f[0]);
                borough[id] = f[1];
                zone[id] = f[2];
                serviceZone[id] = f[3];
            }
            if (id != COUNT) throw new IllegalStateException("taxi_zones.csv has " + id + " zones, expected " + COUNT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String borough(int id) {
        return borough[id];
    }

    public String zone(int id) {
        return zone[id];
    }

    public String serviceZone(int id) {
        return serviceZone[id];
    }

    /** Location ids of a borough, ascending. */
    public List<Integer> idsIn(String boroughName) {
        List<Integer> ids = new ArrayList<>();
        for (int id = 1; id <= COUNT; id++) if (borough[id].equals(boroughName)) ids.add(id);
        return ids;
    }

    public boolean isAirport(int id) {
        return id == JFK || id == LAGUARDIA || id == NEWARK;
    }

    @Override public String name() { return "zones"; }
    @Override public TableSchema schema() { return SCHEMA; }
    @Override public int chunkCount() { return 1; }
    @Override public long expectedRows() { return COUNT; }

    @Override
    public void generateChunk(int chunk, RowAppender out) {
        for (int id = 1; id <= COUNT; id++) {
            out.setInt(0, id);
            out.setString(1, borough[id]);
            out.setString(2, zone[id]);
            out.setString(3, serviceZone[id]);
            out.endRow();
        }
    }
}
