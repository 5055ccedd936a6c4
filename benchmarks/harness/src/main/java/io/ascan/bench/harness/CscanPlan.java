package io.ascan.bench.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * What {@code ascan bench cscan} runs (Cooperative Scans, sections 5.1 and 6.3): the policies, the
 * query streams (drawn once from {@code seed}, so every policy runs the very same queries), the
 * pool and the emulated disk; and the column-overlap experiment after the paper's Table 3.
 *
 * @param policies         {@code abm.policy} values, each run on its own engine
 * @param streams          concurrent query streams
 * @param queriesPerStream queries each stream runs one after the other
 * @param staggerMillis    delay between the starts of consecutive streams
 * @param percents         the range sizes a query draws from, in percent of the table
 * @param poolBytes        {@code abm.bytes}; 0 = a quarter of the scanned columns' bytes
 * @param readBandwidth    {@code abm.readBandwidth}, bytes/s (0: the real disk)
 * @param rounds           how often every policy runs (the order rotated per round)
 * @param overlapMixes     column-set mixes of the overlap experiment (e.g. [ABC], [ABC, BCD]); empty: none
 * @param overlapRows      rows of the overlap table
 * @param overlapPercent   the range of every overlap query
 * @param overlapPolicies  the policies the overlap experiment compares
 * @param check            run every query once more alone and compare its answer
 */
public record CscanPlan(List<String> policies, int streams, int queriesPerStream, long staggerMillis, long seed,
                        List<Integer> percents, long poolBytes, long readBandwidth, int rounds,
                        List<List<String>> overlapMixes, long overlapRows, int overlapPercent,
                        List<String> overlapPolicies, boolean check) {
    public static final List<String> POLICIES = List.of("normal", "attach", "elevator", "relevance");
    public static final List<Integer> PERCENTS = List.of(1, 10, 50, 100);
    /** The paper's overlap experiment: disjoint (ABC, DEF) and partially overlapping (ABC, BCD, CDE) column sets. */
    public static final List<List<String>> OVERLAP_MIXES = List.of(List.of("ABC"), List.of("ABC", "DEF"),
            List.of("ABC", "BCD"), List.of("ABC", "BCD", "CDE"));

    public CscanPlan {
        if (streams < 1 || queriesPerStream < 1) throw new IllegalArgumentException("--streams and --queries-per-stream must be at least 1");
        if (rounds < 1) throw new IllegalArgumentException("--rounds must be at least 1");
        for (int p : percents) if (p < 1 || p > 100) throw new IllegalArgumentException("--percents must lie in 1..100, got " + p);
        for (String p : policies) io.ascan.scan.abm.AbmPolicy.of(p); // checks the name
    }

    /** The streams of the TPC-H experiment over order keys [keyMin, keyMax]: random kind, range size and place. */
    public List<List<CscanQuery>> streams(long keyMin, long keyMax) {
        Random r = new Random(seed);
        List<List<CscanQuery>> out = new ArrayList<>();
        for (int s = 0; s < streams; s++) {
            List<CscanQuery> stream = new ArrayList<>();
            for (int i = 0; i < queriesPerStream; i++) {
                String kind = r.nextBoolean() ? CscanQuery.FAST : CscanQuery.SLOW;
                int percent = percents.get(r.nextInt(percents.size()));
                long[] range = range(r, keyMin, keyMax, percent);
                stream.add(new CscanQuery(s, i, kind, percent, range[0], range[1]));
            }
            out.add(stream);
        }
        return out;
    }

    /** The overlap experiment's streams for one mix: stream s runs column set {@code mix[s % n]}, random 40% row ranges. */
    public List<List<CscanQuery>> overlapStreams(List<String> mix) {
        Random r = new Random(seed ^ mix.hashCode());
        List<List<CscanQuery>> out = new ArrayList<>();
        for (int s = 0; s < streams; s++) {
            List<CscanQuery> stream = new ArrayList<>();
            for (int i = 0; i < queriesPerStream; i++) {
                long[] range = range(r, 0, overlapRows - 1, overlapPercent);
                stream.add(new CscanQuery(s, i, mix.get(s % mix.size()), overlapPercent, range[0], range[1]));
            }
            out.add(stream);
        }
        return out;
    }

    /** A random contiguous range of {@code percent} of [min, max]. */
    static long[] range(Random r, long min, long max, int percent) {
        long span = max - min + 1;
        long width = Math.max(1, span * percent / 100);
        long lo = min + (width >= span ? 0 : (long) (r.nextDouble() * (span - width + 1)));
        return new long[] {lo, Math.min(max, lo + width - 1)};
    }
}
