package io.ascan.scan.policy;

import io.ascan.scan.ScanMode;

/** Every slice goes to one mode: the paper's static baselines. */
public final class StaticPolicy implements ModePolicy {
    private final ScanMode mode;

    public StaticPolicy(ScanMode mode) {
        this.mode = mode;
    }

    @Override
    public ScanMode selectMode(ScanContext context) {
        return mode;
    }

    @Override
    public String name() {
        return mode.toString();
    }
}
