package io.ascan.scan.policy;

import io.ascan.scan.ScanMode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The paper's back-pressure baseline (V-E): each slice goes to a mode chosen at random among those
 * whose input queue has room, so faster modes drain their queues and attract more work. Unbiased
 * only when modes do not contend for shared resources, which data movement usually violates.
 */
public final class BackPressurePolicy implements ModePolicy {
    private final SplittableRandom random;

    public BackPressurePolicy(long seed) {
        this.random = new SplittableRandom(seed);
    }

    @Override
    public ScanMode selectMode(ScanContext context) {
        List<ScanMode> open = new ArrayList<>(context.modes().size());
        for (ScanMode m : context.modes()) if (!context.inputQueueFull(m)) open.add(m);
        // All full: any choice blocks until its queue drains, so pick among all.
        List<ScanMode> from = open.isEmpty() ? context.modes() : open;
        return from.get(random.nextInt(from.size()));
    }

    @Override
    public boolean watchesQueues() {
        return true;
    }

    @Override
    public String name() {
        return "backpressure";
    }
}
