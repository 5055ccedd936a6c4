package io.ascan.planner.rules;

import java.util.List;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;

/** The rules of the ascan adapter. Everything else (join order, sub-queries, semi-joins) is Calcite's. */
public final class AscanRules {
    private AscanRules() {}

    /** Scan-local filter conjuncts become the AdaptiveScan's predicate P. */
    public static final FilterIntoScanRule FILTER_INTO_SCAN = FilterIntoScanRule.Config.DEFAULT.toRule();

    /** Column pruning: the AdaptiveScan delivers only the columns used above it. */
    public static final ProjectIntoScanRule PROJECT_INTO_SCAN = ProjectIntoScanRule.Config.DEFAULT.toRule();

    public static final List<RelOptRule> SCAN_RULES = List.of(FILTER_INTO_SCAN, PROJECT_INTO_SCAN);

    public static void register(RelOptPlanner planner) {
        SCAN_RULES.forEach(planner::addRule);
    }
}
