package io.ascan.plan;

import io.ascan.types.DataType;

/** A column of an operator's output: name (for result metadata) and type. */
public record OutputColumn(String name, DataType type) {
}
