package io.ascan.e2e.fuzz;

import java.util.List;

/**
 * Constructs the generator does not produce yet because ascan still answers them wrong or fails
 * on them (issue 12), so that the CI run stays green while they are being fixed. Each entry is
 * consulted where the generator would build the construct; when a fix lands, delete the entry and
 * the compiler shows the checks to delete with it. An entry no construct can avoid names the
 * failure's signature instead: such failures count as {@code KNOWN_OPEN}, not as failures. Keep
 * this list short.
 */
enum KnownOpen {
    NESTED_SUBQUERY("a subquery inside a subquery: decorrelation fails (Mappings NoElementException, 'could not be decorrelated')",
            "has no target in mapping", "could not be decorrelated"),
    NON_EQUI_CORRELATION("a subquery correlated by <, <= or <> (EXISTS (SELECT DISTINCT ... WHERE t1.s <= t0.s)): NPE in AscanMetadata.atMost, IndexOutOfBoundsException"),
    GROUPED_EXISTS("EXISTS over a correlated subquery with GROUP BY or DISTINCT: NPE, IndexOutOfBounds, a pipeline that does not compile"),
    IN_SUBQUERY("x [NOT] IN (subquery): NPE in AscanMetadata.atMost, window functions when correlated, wrong when an aggregate subquery is NULL",
            "window functions (OVER) are not supported"),
    CORRELATED_SUBQUERY_IN_SELECT("a correlated subquery in a SELECT list: decorrelation AssertionErrors, RexInputRef and index out of range");

    final String reason;
    /** Failure signatures that mark this entry's failures (none when the generator avoids the construct). */
    final List<String> signatures;

    KnownOpen(String reason, String... signatures) {
        this.reason = reason;
        this.signatures = List.of(signatures);
    }

    /** The entry whose signature the failure has, or null. */
    static KnownOpen bySignature(String failureSignature) {
        for (KnownOpen k : values()) if (k.signatures.stream().anyMatch(failureSignature::contains)) return k;
        return null;
    }
}
