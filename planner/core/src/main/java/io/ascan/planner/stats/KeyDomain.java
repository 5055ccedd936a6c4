package io.ascan.planner.stats;

import io.ascan.planner.rel.AdaptiveScan;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.hep.HepRelVertex;
import org.apache.calcite.plan.volcano.RelSubset;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.util.Util;

/**
 * The set a join key's values are drawn from: the values of the table column it comes from that
 * the scan's predicates on that column allow. The scan's other predicates, and joins and filters
 * on other columns above it, thin this set out independently of the key; a join of two such keys
 * then matches |L| * |R| / max(domain) rows, not the containment assumption's |L| * |R| /
 * max(distinct): 30,000 customers of one segment find the orders of 20% of the customers, not
 * the orders of 30,000 of the 100,000 customers that have orders.
 *
 * <p>Unknown (null) where the values were restricted in a way that may follow the other side's:
 * a filter or a join on the key itself (a semi-join reduction keeps exactly the keys of the
 * relation the aggregate joins again), or a key computed rather than read.
 */
final class KeyDomain {
    private KeyDomain() {}

    /** A key's domain: its values, and whether its column is unique in its table (a primary key). */
    record Domain(double values, boolean tableKey) {}

    /** Share of a table's rows a column needs as distinct values to count as unique (HyperLogLog errs by a few %). */
    static final double UNIQUE = 0.9;

    static Domain of(RelNode rel, int field) {
        return switch (rel) {
            case RelSubset s -> {
                RelNode r = Util.first(s.getBest(), s.getOriginal());
                yield r == null ? null : of(r, field);
            }
            case HepRelVertex v -> of(v.getCurrentRel(), field);
            case AdaptiveScan scan -> {
                ColumnStats stats = scan.ascanTable().stats(scan.columns().get(field));
                yield new Domain(ScanDistinct.values(scan, field), stats.distinct() >= UNIQUE * scan.ascanTable().table().rowCount());
            }
            case Project p -> p.getProjects().get(field) instanceof RexInputRef ref ? of(p.getInput(), ref.getIndex()) : null;
            case Filter f -> RelOptUtil.InputFinder.bits(f.getCondition()).get(field) ? null : of(f.getInput(), field);
            case Sort s -> of(s.getInput(), field);
            case Aggregate a -> a.getGroupType() == Aggregate.Group.SIMPLE && field < a.getGroupCount()
                    ? of(a.getInput(), a.getGroupSet().nth(field)) : null;
            case Join j -> {
                if (RelOptUtil.InputFinder.bits(j.getCondition()).get(field)) yield null;
                int leftFields = j.getLeft().getRowType().getFieldCount();
                yield field < leftFields ? of(j.getLeft(), field) : of(j.getRight(), field - leftFields);
            }
            default -> null;
        };
    }
}
