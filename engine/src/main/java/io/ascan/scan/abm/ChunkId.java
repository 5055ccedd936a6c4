package io.ascan.scan.abm;

/**
 * A chunk as the Active Buffer Manager's policies see it (Cooperative Scans, section 6: DSM): one
 * column segment of one slice, named by the version of its column file and the slice's index.
 * Scans of the same table version share a chunk when they need that slice and that column.
 */
public record ChunkId(Object file, int slice) {}
