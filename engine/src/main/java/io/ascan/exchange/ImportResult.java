package io.ascan.exchange;

import io.ascan.format.TableSchema;

/** What an import created: the table's name and schema and the rows it holds. */
public record ImportResult(String table, TableSchema schema, long rows) {}
