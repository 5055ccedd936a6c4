package io.ascan.codegen.pipeline;

import java.util.List;

/**
 * An operator whose generated code binds its per-execution state through suppliers. It lists
 * them in a fixed order, so that a pipeline class generated for one execution of a plan can be
 * bound to the operators another execution of the same plan built (their suppliers, position for
 * position), without generating the class again.
 */
public interface StateOwner {
    /** Every supplier this operator registers with {@link PipelineCodegen#state}, always in the same order. */
    List<StateSupplier> stateSuppliers();
}
