package io.ascan.planner.physical;

import io.ascan.plan.LimitNode;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.SortNode;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rex.RexNode;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * ORDER BY with optional OFFSET/FETCH: a sort (top-k when FETCH is given), or, without sort
 * keys, a plain limit that keeps input order and breaks no pipeline.
 */
public final class AscanSort extends Sort implements AscanRel {
    public AscanSort(RelOptCluster cluster, RelTraitSet traits, RelNode input, RelCollation collation,
                     @Nullable RexNode offset, @Nullable RexNode fetch) {
        super(cluster, traits, List.of(), input, collation, offset, fetch);
    }

    @Override
    public AscanSort copy(RelTraitSet traitSet, RelNode newInput, RelCollation newCollation, @Nullable RexNode offset,
                          @Nullable RexNode fetch) {
        return new AscanSort(getCluster(), traitSet, newInput, newCollation, offset, fetch);
    }

    @Override
    public PhysicalNode implement(PhysicalTranslator t) {
        PhysicalNode input = t.translate(getInput());
        long off = offset == null ? 0 : t.constant(offset, "OFFSET");
        long limit = fetch == null ? -1 : t.constant(fetch, "FETCH/LIMIT");
        if (collation.getFieldCollations().isEmpty()) return new LimitNode(input, off, limit);
        List<SortNode.Key> keys = new ArrayList<>();
        for (RelFieldCollation c : collation.getFieldCollations()) {
            // Calcite has resolved the null order already: NULLs sort high unless the query says otherwise.
            boolean descending = c.getDirection().isDescending();
            boolean nullsFirst = c.nullDirection == RelFieldCollation.NullDirection.FIRST
                    || c.nullDirection == RelFieldCollation.NullDirection.UNSPECIFIED && descending;
            keys.add(new SortNode.Key(c.getFieldIndex(), descending, nullsFirst));
        }
        return new SortNode(input, keys, off, limit);
    }
}
