package io.ascan.planner;

import io.ascan.catalog.Catalog;
import io.ascan.exchange.FileTableCache;
import io.ascan.exec.QueryPhases;
import io.ascan.exec.SqlStates;
import io.ascan.planner.physical.PhysicalPlan;
import io.ascan.planner.physical.PhysicalPlanner;
import io.ascan.planner.physical.UnsupportedPlanException;
import io.ascan.planner.rex.EngineRexExecutor;
import io.ascan.planner.rex.UnsupportedExpressionException;
import io.ascan.planner.schema.AscanSchema;
import io.ascan.planner.schema.InformationSchema;
import org.apache.calcite.rel.type.RelDataType;
import io.ascan.planner.stats.AscanMetadata;
import io.ascan.planner.schema.AscanTypeSystem;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.plan.Contexts;
import java.util.List;
import org.apache.calcite.sql.type.SqlTypeFactoryImpl;
import org.apache.calcite.sql.validate.SqlConformance;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.tools.FrameworkConfig;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.Planner;
import org.apache.calcite.tools.RelConversionException;
import org.apache.calcite.tools.ValidationException;

/**
 * SQL text to an optimised logical plan over a catalog: parse, validate, convert to
 * relational algebra, optimise ({@link LogicalOptimizer}), and on to the engine's plan
 * ({@link PhysicalPlanner}). Cost estimates come from the manifests ({@link AscanMetadata}). Thread-safe; each call plans
 * independently.
 *
 * <p>Identifiers: unquoted ones are folded to lower case (the catalog's case), quoted ones
 * are taken exactly, so {@code SELECT LO_REVENUE FROM LineOrder} works while
 * {@code "LineOrder"} names no table. Tables live in the default schema {@code ascan}.
 */
public final class QueryPlanner {
    public static final String SCHEMA = "ascan";

    /**
     * Calcite's core grammar's settings with our conformance; the parser is ours
     * ({@link AscanParserImpl}: Babel's grammar, the core one where Babel's refuses a statement,
     * and DuckDB's forms), also for the views Calcite expands.
     */
    static final SqlParser.Config PARSER = SqlParser.config()
            .withQuoting(Quoting.DOUBLE_QUOTE)
            .withUnquotedCasing(Casing.TO_LOWER)
            .withQuotedCasing(Casing.UNCHANGED)
            .withCaseSensitive(true)
            .withConformance(AscanConformance.INSTANCE)
            .withParserFactory(AscanParserImpl.FACTORY);

    /** {@code sql} parsed as the planner parses it. */
    static SqlNode parse(String sql) throws SqlParseException {
        return SqlParser.create(sql, PARSER).parseStmt();
    }

    /**
     * The validator's settings. Calcite's planner reads the conformance from here, where the
     * property only names an enum; {@link ValidatorSettings#conformance()} gives it ours (GROUP BY
     * ordinals), as the parser's.
     */
    private static final CalciteConnectionConfigImpl CONNECTION = new ValidatorSettings();

    private static final class ValidatorSettings extends CalciteConnectionConfigImpl {
        ValidatorSettings() {
            super(properties());
        }

        private static java.util.Properties properties() {
            java.util.Properties p = new java.util.Properties();
            p.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "true");
            // set, so that the planner does not replace it by the parser's conformance's name
            p.setProperty(CalciteConnectionProperty.CONFORMANCE.camelName(), SqlConformanceEnum.DEFAULT.name());
            return p;
        }

        @Override
        public SqlConformance conformance() {
            return AscanConformance.INSTANCE;
        }
    }

    private final FrameworkConfig config;

    public QueryPlanner(Catalog catalog) {
        this(catalog, new FileTableCache(FileTableCache.defaultDir(catalog), FileTableCache.DEFAULT_CAPACITY));
    }

    /** A planner whose file functions (read_parquet, ...) import into {@code files}. */
    public QueryPlanner(Catalog catalog, FileTableCache files) {
        this(catalog, files, io.ascan.cache.ComputeCache::disabled);
    }

    /** A planner whose {@code information_schema.compute_cache*} show {@code computeCache}. */
    public QueryPlanner(Catalog catalog, FileTableCache files, java.util.function.Supplier<io.ascan.cache.ComputeCache> computeCache) {
        // Not Calcite's caching schema: it would keep the first table it found under a name for
        // good, while AscanSchema sees a table written again.
        SchemaPlus root = CalciteSchema.createRootSchema(false, false).plus();
        SchemaPlus schema = root.add(SCHEMA, new AscanSchema(catalog, files, this::viewType));
        root.add(InformationSchema.NAME, new InformationSchema(catalog, this::viewType, computeCache));
        this.config = Frameworks.newConfigBuilder()
                .parserConfig(PARSER)
                .context(Contexts.of(CONNECTION))
                .operatorTable(AscanOperatorTable.INSTANCE)
                .sqlValidatorConfig(SqlValidator.Config.DEFAULT.withTypeCoercionFactory(AscanTypeCoercion::new)
                        .withTypeCoercionRules(AscanCastRules.INSTANCE))
                .defaultSchema(schema)
                .typeSystem(AscanTypeSystem.INSTANCE)
                .operatorTable(AscanOperatorTable.INSTANCE)
                .executor(EngineRexExecutor.INSTANCE)
                .convertletTable(AscanConvertletTable.INSTANCE)
                // Sub-queries stay RexSubQuery until the optimizer's rules rewrite them.
                .sqlToRelConverterConfig(SqlToRelConverter.config().withExpand(false).withTrimUnusedFields(false)
                        // IN lists stay expressions however long (a Sarg, then a sorted array or hash set
                        // in generated code), not a join with a VALUES of thousands of inlined rows.
                        .withInSubQueryThreshold(Integer.MAX_VALUE)
                        // No simplification while converting: it narrows an expression's nullability
                        // (CASE WHEN TRUE THEN 1.5e0 ELSE NULL END becomes a NOT NULL literal) under
                        // aggregate calls whose types the validator derived, which Calcite's type
                        // checks then reject; the optimizer's reduction rules simplify type-preservingly.
                        // No merging of projections either: a SELECT list's correlated sub-query refers
                        // to the derived table below it, whose projection a merge removed ('RexInputRef
                        // index 6 out of range 0..0'); the optimizer merges projections afterwards.
                        .withRelBuilderConfigTransform(c -> c.withSimplify(false).withBloat(-1))
                        .withRelBuilderFactory(AscanMetadata.BUILDERS))
                .build();
    }

    /** Plans a query (SELECT, VALUES, set operations; a leading EXPLAIN PLAN FOR is ignored). */
    public LogicalPlan plan(String sql) throws PlanningException {
        return plan(sql, false, new QueryPhases()).logical();
    }

    /** {@link #plan(String)}, recording the time of each step (parse, validate, convert, optimise) in {@code phases}. */
    public LogicalPlan plan(String sql, QueryPhases phases) throws PlanningException {
        return plan(sql, false, phases).logical();
    }

    /** The validated row type of query {@code sql} (parsed and validated, not converted). */
    public RelDataType rowType(String sql) throws PlanningException {
        Planner planner = Frameworks.getPlanner(config);
        try {
            DoubleSlash.refuse(sql);
            SqlNode parsed = planner.parse(sql);
            GroupByAll.expand(parsed); // a GROUP BY ALL the parser left marked: refused with the reason
            if (!parsed.isA(SqlKind.QUERY)) {
                throw new PlanningException("a query was expected, not " + parsed.getKind(), 1, 1, null, SqlStates.SYNTAX);
            }
            return planner.validateAndGetType(parsed).right;
        } catch (SqlParseException e) {
            throw CalciteErrors.parse(e);
        } catch (ValidationException e) {
            throw CalciteErrors.validation(e, sql);
        } finally {
            planner.close();
        }
    }

    /**
     * A view's row type, for the schema (a view's query is validated where a query names it), its
     * repeated column names numbered as DuckDB numbers them ({@link ColumnNames#unique}), as a
     * derived table's ({@link DerivedTableNames}).
     */
    private RelDataType viewType(String sql) {
        try {
            RelDataType type = rowType(sql);
            List<String> names = type.getFieldNames();
            if (!ColumnNames.repeats(names)) return type;
            return new SqlTypeFactoryImpl(AscanTypeSystem.INSTANCE).createStructType(
                    type.getFieldList().stream().map(f -> f.getType()).toList(), ColumnNames.unique(names));
        } catch (PlanningException e) {
            throw new IllegalStateException("cannot plan the view's query: " + e.getMessage(), e);
        }
    }

    /** Plans a query down to the engine's plan ({@link PhysicalPlanner}). */
    public PhysicalPlan physicalPlan(String sql) throws PlanningException {
        Plans p = plan(sql, true, new QueryPhases());
        if (p.physical() == null) throw new PlanningException("the statement has ? parameters: bind them to translate it", 0, 0, null);
        return p.physical();
    }

    private static long lap(QueryPhases phases, String name, long since) {
        long now = System.nanoTime();
        phases.add(name, now - since);
        return now;
    }

    /** {@code physical} is null for a statement with parameters (its values are needed to translate it). */
    private record Plans(LogicalPlan logical, RelNode physicalRel, PhysicalPlan physical) {}

    private Plans plan(String sql, boolean physical, QueryPhases phases) throws PlanningException {
        long t = System.nanoTime();
        Planner planner = Frameworks.getPlanner(config);
        try {
            DoubleSlash.refuse(sql);
            SqlNode parsed = planner.parse(sql);
            GroupByAll.expand(parsed); // a GROUP BY ALL the parser left marked: refused with the reason
            t = lap(phases, "parse", t);
            if (parsed instanceof SqlExplain explain) parsed = explain.getExplicandum();
            if (!parsed.isA(SqlKind.QUERY)) {
                throw new PlanningException("only queries can be planned, not " + parsed.getKind(),
                        parsed.getParserPosition().getLineNum(), parsed.getParserPosition().getColumnNum(), null,
                        SqlStates.FEATURE_NOT_SUPPORTED);
            }
            SqlNode validated = planner.validate(parsed);
            t = lap(phases, "validate", t);
            RelRoot root = planner.rel(validated);
            AscanMetadata.install(root.rel.getCluster()); // already there when the conversion built with AscanMetadata.BUILDERS
            t = lap(phases, "convert to rels", t);
            RelDataType resultType = UntypedNulls.rowType(root.validatedRowType, root.rel.getCluster().getTypeFactory());
            RelNode rel0 = UntypedNulls.project(root.project(), resultType);
            LogicalPlan logical = new LogicalPlan(LogicalOptimizer.optimize(rel0), resultType);
            lap(phases, "optimise logical plan", t);
            if (!physical) return new Plans(logical, null, null);
            RelNode rel = PhysicalPlanner.optimize(logical.rel());
            PhysicalPlan translated = PhysicalPlanner.hasParameters(rel) ? null
                    : PhysicalPlanner.translate(rel, logical.resultType(), null);
            return new Plans(logical, rel, translated);
        } catch (SqlParseException e) {
            throw CalciteErrors.parse(e);
        } catch (ValidationException e) {
            throw CalciteErrors.validation(e, sql);
        } catch (RelConversionException e) {
            throw new PlanningException(e.getMessage(), 0, 0, e);
        } catch (UnsupportedPlanException | UnsupportedExpressionException e) {
            throw new PlanningException("cannot execute this query: " + e.getMessage(), 0, 0, e, SqlStates.FEATURE_NOT_SUPPORTED);
        } finally {
            planner.close();
        }
    }
}
