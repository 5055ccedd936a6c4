package io.ascan.bench.harness;

/**
 * The hardware-side settings one measurement ran under (the paper's Fig. 7–9 axes):
 * {@code storage.threads} (its SC-4/SC-16), {@code compute.threads} (its TPPC/TPLC),
 * {@code interconnect.bandwidth} (bytes/s, 0 = no emulation), and whether the memory-bandwidth
 * hog ran on the storage CPUs.
 */
public record Configuration(int storageThreads, int computeThreads, long interconnect, boolean hog) {
    public Configuration {
        if (storageThreads < 1) throw new IllegalArgumentException("--storage-threads must be at least 1, got " + storageThreads);
        if (computeThreads < 1) throw new IllegalArgumentException("--compute-threads must be at least 1, got " + computeThreads);
        if (interconnect < 0) throw new IllegalArgumentException("--interconnect must not be negative, got " + interconnect);
    }

    /** Short, for tables, plots and file names: "st1 ct2 link500MB/s hog". */
    public String label() {
        return "st" + storageThreads + " ct" + computeThreads
                + (interconnect == 0 ? "" : " link" + Units.bandwidth(interconnect)) + (hog ? " hog" : "");
    }

    public String describe() {
        return "storage threads " + storageThreads + ", compute threads " + computeThreads + ", interconnect "
                + (interconnect == 0 ? "not emulated" : Units.bandwidth(interconnect) + " (emulated)")
                + ", bandwidth hog " + (hog ? "on the storage CPUs" : "off");
    }
}
