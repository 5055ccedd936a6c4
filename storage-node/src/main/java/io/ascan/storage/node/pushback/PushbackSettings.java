package io.ascan.storage.node.pushback;

import java.util.Locale;

/**
 * The storage node's adaptive pushdown settings: what its arbiter does with pushdown requests and
 * how much computational power it has for them.
 *
 * @param policy     {@code off}: every request runs (the node as before the arbiter); {@code on}:
 *                   Algorithm 1 of adaptive pushdown decides; {@code force-admit}, {@code force-pushback}
 *                   and {@code random} (a fraction pushed back at random) are for tests and baselines
 * @param fraction   for {@code random}: the probability a request is pushed back
 * @param paAware    whether admitted requests wait in order of pushdown amenability (most saved first)
 *                   and the least amenable are pushed back first, rather than first come, first served
 * @param cores      pushdown requests run at once (the execution slots of Algorithm 1); 0: storage.threads
 * @param power      the node's emulated computational power for pushdown, in (0, 1]: a request holds its
 *                   core for its work divided by {@code power} (1: all of it)
 * @param pullupSlots raw transfers the link carries at full speed each; beyond them a pushed-back request's
 *                   time is weighted by how many share it
 * @param cpuHog     threads the node keeps busy spinning (an interfering workload), 0: none
 * @param seed       the seed of {@code random}'s choices
 */
public record PushbackSettings(Policy policy, double fraction, boolean paAware, int cores, double power, int pullupSlots,
                               int cpuHog, long seed) {
    public static final PushbackSettings OFF = new PushbackSettings(Policy.OFF, 0, false, 0, 1, 4, 0, 1);

    public enum Policy {
        OFF, ON, FORCE_ADMIT, FORCE_PUSHBACK, RANDOM;

        public String text() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    public PushbackSettings {
        if (!(fraction >= 0 && fraction <= 1)) throw new IllegalArgumentException("pushback fraction must be in [0, 1], not " + fraction);
        if (cores < 0) throw new IllegalArgumentException("pushdown cores must be at least 1 (0: storage.threads), not " + cores);
        if (!(power > 0 && power <= 1)) throw new IllegalArgumentException("storage power must be in (0, 1], not " + power);
        if (pullupSlots < 1) throw new IllegalArgumentException("pull-up slots must be at least 1, not " + pullupSlots);
        if (cpuHog < 0) throw new IllegalArgumentException("CPU hog threads must be at least 0, not " + cpuHog);
    }

    /**
     * A policy as written on the command line: {@code off}, {@code on}, {@code pa} (on and PA-aware),
     * {@code force-admit}, {@code force-pushback} or {@code random:F} (F in [0, 1]).
     */
    public PushbackSettings withPolicy(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.startsWith("random:")) {
            double f;
            try {
                f = Double.parseDouble(t.substring("random:".length()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("pushback policy '" + text + "': random:F needs a fraction F in [0, 1]");
            }
            return new PushbackSettings(Policy.RANDOM, f, paAware, cores, power, pullupSlots, cpuHog, seed);
        }
        return switch (t) {
            case "off" -> new PushbackSettings(Policy.OFF, fraction, false, cores, power, pullupSlots, cpuHog, seed);
            case "on" -> new PushbackSettings(Policy.ON, fraction, false, cores, power, pullupSlots, cpuHog, seed);
            case "pa" -> new PushbackSettings(Policy.ON, fraction, true, cores, power, pullupSlots, cpuHog, seed);
            case "force-admit" -> new PushbackSettings(Policy.FORCE_ADMIT, fraction, paAware, cores, power, pullupSlots, cpuHog, seed);
            case "force-pushback" -> new PushbackSettings(Policy.FORCE_PUSHBACK, fraction, paAware, cores, power, pullupSlots, cpuHog,
                    seed);
            default -> throw new IllegalArgumentException("unknown pushback policy '" + text
                    + "' (off, on, pa, force-admit, force-pushback, random:F)");
        };
    }

    public PushbackSettings withPower(int cores, double power, int cpuHog) {
        return new PushbackSettings(policy, fraction, paAware, cores, power, pullupSlots, cpuHog, seed);
    }

    public PushbackSettings withPullupSlots(int slots) {
        return new PushbackSettings(policy, fraction, paAware, cores, power, slots, cpuHog, seed);
    }

    /** The policy as {@link #withPolicy} reads it. */
    public String describe() {
        return policy == Policy.RANDOM ? "random:" + fraction : policy == Policy.ON && paAware ? "pa" : policy.text();
    }
}
