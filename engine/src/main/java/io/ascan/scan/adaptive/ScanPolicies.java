package io.ascan.scan.adaptive;

import io.ascan.scan.ScanMode;
import io.ascan.scan.ScanStrategy;
import io.ascan.scan.policy.BackPressurePolicy;
import io.ascan.scan.policy.ModePolicy;
import io.ascan.scan.policy.ModePrior;
import io.ascan.scan.policy.PriorGuidedPolicy;
import io.ascan.scan.policy.PolicyConfig;
import io.ascan.scan.SamplingCoordinator;
import io.ascan.scan.policy.StaticPolicy;
import io.ascan.scan.policy.ThroughputGuidedPolicy;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The policy behind each value of the {@code mode} setting: {@code adaptive} (the default) is the
 * prior-guided policy ({@code policy.kind=prior}) or the paper's throughput-guided one
 * ({@code policy.kind=throughput}), sampling in turn with the other adaptive scans of the engine;
 * {@code direct}, {@code staging} and {@code pushdown} are static; {@code backpressure} is the
 * paper's back-pressure baseline. Also the modes a scan has to run workers for.
 */
public final class ScanPolicies {
    private ScanPolicies() {}

    /** A policy and the modes it may choose, in sampling order. */
    public record Choice(ModePolicy policy, List<ScanMode> modes) {}

    public static Choice forMode(ScanStrategy mode, PolicyConfig config, SamplingCoordinator coordinator) {
        return forMode(mode, config, coordinator, null);
    }

    /** @param sampleFirst for {@code adaptive}: the mode its first sampling round starts with (expected to win), or null */
    public static Choice forMode(ScanStrategy mode, PolicyConfig config, SamplingCoordinator coordinator, ScanMode sampleFirst) {
        return forMode(mode, config, coordinator, sampleFirst, null);
    }

    /**
     * @param unsampledStart for {@code adaptive}: the mode a scan too short to sample uses, or null
     *     for the first of the modes
     */
    public static Choice forMode(ScanStrategy mode, PolicyConfig config, SamplingCoordinator coordinator, ScanMode sampleFirst,
                                 ScanMode unsampledStart) {
        return forMode(mode, config, coordinator, sampleFirst, unsampledStart, List.of(ScanMode.values()));
    }

    /**
     * @param offered the modes the scan's storage offers (over a network: direct and pushdown); a
     *     static mode outside them is an error
     */
    public static Choice forMode(ScanStrategy mode, PolicyConfig config, SamplingCoordinator coordinator, ScanMode sampleFirst,
                                 ScanMode unsampledStart, List<ScanMode> offered) {
        return forMode(mode, config, coordinator, sampleFirst, unsampledStart, offered, ModePrior.NONE, null);
    }

    /**
     * @param prior the cost model's expectation of each mode, for {@code policy.kind=prior}
     * @param shape the scan's table and predicate shape, under which {@code policy.kind=prior} remembers what it measured
     */
    public static Choice forMode(ScanStrategy mode, PolicyConfig config, SamplingCoordinator coordinator, ScanMode sampleFirst,
                                 ScanMode unsampledStart, List<ScanMode> offered, ModePrior prior, String shape) {
        List<ScanMode> all = List.copyOf(offered);
        if (mode.fixedMode() != null && !all.contains(mode.fixedMode())) {
            throw new IllegalArgumentException("scan mode " + mode.fixedMode() + " is not offered by this catalog's storage"
                    + " (modes: " + all + ")");
        }
        return switch (mode) {
            case ADAPTIVE -> new Choice(config.kind() == PolicyConfig.Kind.PRIOR
                    ? new PriorGuidedPolicy(config, coordinator, prior, shape)
                    : new ThroughputGuidedPolicy(config, coordinator, sampleFirst, unsampledStart), all);
            case BACKPRESSURE -> new Choice(new BackPressurePolicy(ThreadLocalRandom.current().nextLong()), all);
            case DIRECT, STAGING, PUSHDOWN -> new Choice(new StaticPolicy(mode.fixedMode()), List.of(mode.fixedMode()));
        };
    }
}
