package io.ascan.exec.driver;

import io.ascan.exec.pipeline.Pipeline;
import io.ascan.codegen.pipeline.PipelineCompiler;
import io.ascan.codegen.pipeline.StateOwner;
import io.ascan.codegen.pipeline.StateSupplier;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The generated classes of one plan's pipelines, kept with the plan so that its later executions
 * skip code generation. The classes never hold per-execution state: each binds its state objects
 * through suppliers of the operators ({@link StateOwner}). Cutting the same plan into pipelines
 * again gives the same pipelines with new operators in the same order, so a state slot is
 * remembered as a position among all the operators' suppliers (in pipeline order) and bound to
 * the supplier at that position in the new execution. A supplier owned by no operator is reused
 * only when it captures nothing (it cannot then refer to an execution's state); a plan with any
 * other is not kept, and a new cut whose suppliers differ in number or kind is not bound.
 */
final class PlanCode {
    /** A state slot: a position among the operators' suppliers, or a capture-free supplier shared by all executions. */
    private record Slot(int position, StateSupplier shared) {}

    private final List<PipelineCompiler.Compiled> classes;
    private final List<List<Slot>> slots;
    /** The class of each supplier by position: a lambda's class is its place in the source. */
    private final List<Class<?>> kinds;

    private PlanCode(List<PipelineCompiler.Compiled> classes, List<List<Slot>> slots, List<Class<?>> kinds) {
        this.classes = classes;
        this.slots = slots;
        this.kinds = kinds;
    }

    /** The code of {@code pipelines} (compiled) for later executions of their plan, or null if their state cannot be rebound. */
    static PlanCode of(List<Pipeline> pipelines) {
        List<StateSupplier> all = suppliers(pipelines);
        Map<StateSupplier, Integer> positions = new IdentityHashMap<>();
        for (int i = 0; i < all.size(); i++) positions.putIfAbsent(all.get(i), i);
        List<PipelineCompiler.Compiled> classes = new ArrayList<>();
        List<List<Slot>> slots = new ArrayList<>();
        for (Pipeline p : pipelines) {
            List<Slot> s = new ArrayList<>();
            for (StateSupplier supplier : p.compiled().state()) {
                Integer at = positions.get(supplier);
                if (at != null) s.add(new Slot(at, null));
                else if (captureFree(supplier)) s.add(new Slot(-1, supplier));
                else return null;
            }
            classes.add(p.compiled());
            slots.add(List.copyOf(s));
        }
        return new PlanCode(List.copyOf(classes), List.copyOf(slots), all.stream().<Class<?>>map(Object::getClass).toList());
    }

    /** Gives each of {@code pipelines} (a new cut of the same plan) its class, bound to its state; false if they do not match. */
    boolean bind(List<Pipeline> pipelines) {
        if (pipelines.size() != classes.size()) return false;
        List<StateSupplier> all = suppliers(pipelines);
        if (all.size() != kinds.size()) return false;
        for (int i = 0; i < all.size(); i++) if (all.get(i).getClass() != kinds.get(i)) return false;
        for (int i = 0; i < pipelines.size(); i++) {
            List<StateSupplier> state = new ArrayList<>();
            for (Slot s : slots.get(i)) state.add(s.shared() != null ? s.shared() : all.get(s.position()));
            pipelines.get(i).use(classes.get(i).withState(state));
        }
        return true;
    }

    /** Every supplier of every operator of {@code pipelines}, each operator once, in pipeline order. */
    private static List<StateSupplier> suppliers(List<Pipeline> pipelines) {
        List<StateSupplier> all = new ArrayList<>();
        Map<Object, Boolean> seen = new IdentityHashMap<>();
        for (Pipeline p : pipelines) {
            for (Object part : p.parts()) {
                if (part instanceof StateOwner o && seen.put(part, Boolean.TRUE) == null) all.addAll(o.stateSuppliers());
            }
        }
        return all;
    }

    private static boolean captureFree(StateSupplier s) {
        return Arrays.stream(s.getClass().getDeclaredFields()).allMatch(f -> Modifier.isStatic(f.getModifiers()));
    }
}
