package io.ascan.planner.physical;

import io.ascan.plan.PhysicalNode;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.rel.RelNode;

/**
 * A relational operator of the ascan convention: one the engine runs. Each knows how to become
 * its {@link PhysicalNode}; {@link PhysicalTranslator} walks the tree and hands them their inputs.
 * The AdaptiveScan leaf is one too: it already is the engine's scan.
 */
public interface AscanRel extends RelNode {
    Convention CONVENTION = new Convention.Impl("ASCAN", AscanRel.class);

    PhysicalNode implement(PhysicalTranslator translator);
}
