package io.ascan.planner.rel;

/**
 * A runtime filter R the scan will receive while it runs: a conservative (Bloom) filter on
 * one of the table's columns, published by the build side of a join ({@code producer} names
 * it in EXPLAIN). Planned by the physical convention; none exist yet.
 */
public record RuntimeFilterSlot(int column, String producer) {
}
