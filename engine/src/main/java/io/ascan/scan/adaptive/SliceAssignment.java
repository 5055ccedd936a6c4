package io.ascan.scan.adaptive;

import io.ascan.scan.ScanMode;
import io.ascan.format.SliceMeta;

/**
 * A slice the scheduler assigned to a mode: its ordinal in assignment order and the tracker epoch
 * of the mode's activation it belongs to (completions of an earlier activation are not measured).
 */
public record SliceAssignment(long ordinal, SliceMeta slice, ScanMode mode, long epoch) {}
