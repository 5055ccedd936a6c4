package io.ascan.exec;

import io.ascan.codegen.rt.StringScratch;

/** One worker of a running pipeline: its index, its query, its scratch memory for strings. */
public record WorkerContext(QueryContext query, int index, StringScratch scratch) {
}
