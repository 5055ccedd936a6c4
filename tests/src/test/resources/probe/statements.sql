# The DuckDB-user probe: everyday statements an analyst coming from DuckDB types, run in order
# on ascan and DuckDB over the small fixture by io.ascan.e2e.probe.ProbeTest (docs/testing.md).
# Every statement is valid DuckDB. Status: '-- pass' (ascan runs it and gives DuckDB's result),
# '-- pass, unchecked: why' (both run it; results differ by design, not compared),
# '-- fail: why'. ${data} is a directory of input files, ${out} one of each engine's own.

## select: expressions
-- pass
SELECT 1 + 2 AS three;

-- pass
SELECT 1 + 2 * 3 - 4 AS v;

-- fail: integer division: ascan's 7 / 2 is 3 (PostgreSQL's rule, docs/sql.md), DuckDB's 3.5
SELECT 7 / 2 AS v;

-- fail: '//' (DuckDB's integer division) is refused with 42601; Calcite's parser would read it as a comment
SELECT 7 // 2 AS v;

-- pass
SELECT 7 % 3 AS v;

-- pass
SELECT -5 % 3 AS v;

-- fail: [42601] Encountered "* *" at line 1, column 10.
SELECT 2 ** 10 AS v;

-- pass
SELECT 10.5 * 2 AS v;

-- pass
SELECT 1.0 / 3 AS v;

-- pass
SELECT 'hello' AS greeting, 42 AS answer, TRUE AS yes;

-- pass
SELECT NULL IS NULL AS v;

-- pass
SELECT id, i + 1 AS next_i, i * 2 AS twice FROM ta WHERE i BETWEEN -1000 AND 1000 ORDER BY id;

-- pass
SELECT id, b - i AS diff FROM ta WHERE id BETWEEN 5 AND 15 ORDER BY id;

-- pass
SELECT id, x * 2 AS x2 FROM tb ORDER BY id;

-- pass
SELECT id, d + 1 AS d1, e * 2 AS e2 FROM tc ORDER BY id;

-- pass
SELECT id, -i AS neg FROM tc ORDER BY id;

-- pass
SELECT *, i + k AS ik FROM tc ORDER BY id;

-- pass
SELECT ta.* FROM ta WHERE id < 4 ORDER BY id;

-- pass
SELECT abs(i) AS a FROM ta WHERE i IS NOT NULL AND i > -1000 AND i < 1000;

-- pass
SELECT round(x, 1) AS r FROM tb WHERE x BETWEEN -100 AND 100;

-- pass
SELECT round(d) AS r, ceil(d) AS c, floor(d) AS f FROM tb;

-- pass
SELECT sqrt(16) AS s, power(2, 8) AS p, pow(3, 2) AS q;

-- pass
SELECT ln(10) AS l, log10(1000) AS l10, log2(8) AS l2, exp(1) AS e;

-- pass
SELECT sign(-3) AS s, pi() AS p;

-- pass
SELECT greatest(1, 5, 3) AS g, least(4, 2, 8) AS l;

-- pass
SELECT greatest(i, k) AS g FROM ta;

-- pass
SELECT trunc(12.345, 1) AS t;

-- pass
SELECT mod(17, 5) AS m;

-- pass
SELECT 1 = 1 AS t, 1 <> 1 AS f, 2 > 1 AND 1 > 2 AS a, 2 > 1 OR 1 > 2 AS o;

-- pass
SELECT id FROM ta WHERE NOT f ORDER BY id;

-- pass
SELECT id FROM ta WHERE i IN (1, 2, 3) ORDER BY id;

-- pass
SELECT id FROM ta WHERE i NOT IN (1, 2, 3) ORDER BY id;

-- pass
SELECT id FROM ta WHERE i BETWEEN 0 AND 10 ORDER BY id;

-- pass
SELECT id FROM ta WHERE i IS DISTINCT FROM k ORDER BY id;

-- pass
SELECT id FROM ta WHERE f IS TRUE ORDER BY id;

-- pass
SELECT 'a' || 'b' || 'c' AS s;

-- pass
SELECT 0.1 + 0.2 AS v;

-- pass
SELECT 1e3 AS v;

-- pass
SELECT 9223372036854775807 AS big;

-- pass
SELECT id, i AS "Mixed Case" FROM tc ORDER BY id;

-- pass
SELECT i FROM ta WHERE id = 5;

-- pass
SELECT x FROM ta WHERE id = 3;

## select: CASE CAST COALESCE
-- pass
SELECT id, CASE WHEN i > 5 THEN 'big' WHEN i > 0 THEN 'small' ELSE 'other' END AS size FROM ta ORDER BY id;

-- pass
SELECT id, CASE k WHEN 0 THEN 'zero' WHEN 1 THEN 'one' END AS word FROM ta ORDER BY id;

-- pass
SELECT coalesce(i, k, 0) AS v FROM ta;

-- pass
SELECT nullif(k, 0) AS v FROM ta;

-- pass
SELECT ifnull(i, -1) AS v FROM ta;

-- pass
SELECT CAST(i AS VARCHAR) AS s FROM tc;

-- pass
SELECT CAST('42' AS INTEGER) AS v;

-- pass
SELECT CAST('3.5' AS DOUBLE) AS v;

-- pass
SELECT CAST('2024-02-29' AS DATE) AS v;

-- pass
SELECT CAST(d AS INTEGER) AS v FROM tb;

-- pass
SELECT CAST(x AS BIGINT) AS v FROM tb WHERE abs(x) < 1e6;

-- pass
SELECT CAST(k AS DOUBLE) / 2 AS v FROM tb;

-- pass
SELECT i::BIGINT AS v FROM tb;

-- pass
SELECT '12'::INTEGER + 1 AS v;

-- pass
SELECT dt::VARCHAR AS v FROM tc;

-- pass
SELECT CAST(f AS INTEGER) AS v FROM tc;

-- pass
SELECT TRY_CAST('abc' AS INTEGER) AS v;

-- pass
SELECT CAST(1.239 AS DECIMAL(10, 2)) AS v;

-- pass
SELECT CAST('true' AS BOOLEAN) AS v;

-- pass
SELECT CASE WHEN i IS NULL THEN 'missing' ELSE 'present' END AS v, count(*) AS n FROM ta GROUP BY 1;

-- pass
SELECT coalesce(nullif(s, ''), '(empty)') AS v FROM tc;

-- pass
SELECT if(k > 3, 'high', 'low') AS v FROM tc;

-- pass
SELECT typeof(i) AS t FROM tc LIMIT 1;

## select: strings
-- pass
SELECT upper(s) AS u, lower(s) AS l FROM tb;

-- pass
SELECT length(s) AS n FROM tb;

-- pass
SELECT char_length(s) AS n FROM tc;

-- pass
SELECT strlen(s) AS n FROM tc;

-- pass
SELECT trim('  x  ') AS t, ltrim('  x') AS l, rtrim('x  ') AS r;

-- pass
SELECT replace(s, 'a', 'A') AS r FROM tb;

-- pass
SELECT substring(s, 1, 2) AS p FROM tb;

-- pass
SELECT substr('hello', 2, 3) AS p;

-- pass
SELECT left('hello', 2) AS l, right('hello', 2) AS r;

-- pass
SELECT position('l' IN 'hello') AS p;

-- pass
SELECT strpos('hello', 'l') AS p;

-- pass
SELECT instr('hello', 'l') AS p;

-- pass
SELECT concat('a', 1, NULL, 'b') AS c;

-- pass
SELECT concat_ws('-', 'a', 'b', 'c') AS c;

-- pass
SELECT lpad('7', 3, '0') AS l, rpad('7', 3, '*') AS r;

-- pass
SELECT reverse('abc') AS r;

-- pass
SELECT repeat('ab', 3) AS r;

-- pass
SELECT starts_with('hello', 'he') AS a, ends_with('hello', 'lo') AS b;

-- pass
SELECT split_part('a,b,c', ',', 2) AS p;

-- fail: [42883] From line 1, column 8 to line 1, column 33: No match found for function signature string_split(<CHARACTER>, <CHARACTER>)
SELECT string_split('a,b,c', ',')[2] AS p;

-- fail: [42883] From line 1, column 12 to line 1, column 37: No match found for function signature string_split(<CHARACTER>, <CHARACTER>)
SELECT len(string_split('a,b,c', ',')) AS n;

-- pass
SELECT contains('hello', 'ell') AS c;

-- pass
SELECT prefix('hello', 'he') AS c;

-- pass
SELECT suffix('hello', 'lo') AS c;

-- pass
SELECT ascii('A') AS a, chr(66) AS c;

-- pass
SELECT md5('abc') AS h;

-- pass
SELECT 'abc' LIKE 'a%' AS a, 'abc' NOT LIKE '%z' AS b;

-- pass
SELECT id FROM tb WHERE s LIKE 'a%' ORDER BY id;

-- pass
SELECT id FROM tb WHERE s LIKE '_b%' ORDER BY id;

-- pass
SELECT id FROM tb WHERE s ILIKE 'ab%' ORDER BY id;

-- pass
SELECT id FROM tb WHERE s NOT ILIKE 'a%' ORDER BY id;

-- pass
SELECT id FROM ta WHERE s LIKE 'a!%b' ESCAPE '!' ORDER BY id;

-- pass
SELECT regexp_matches('abc123', '[0-9]+') AS m;

-- pass
SELECT regexp_replace('abc123', '[0-9]', 'X', 'g') AS r;

-- pass
SELECT regexp_replace('abc123', '[0-9]', 'X') AS r;

-- pass
SELECT regexp_extract('abc123def', '[0-9]+') AS r;

-- pass
SELECT regexp_extract('key=value', '(\w+)=(\w+)', 2) AS r;

-- pass
SELECT id FROM tb WHERE regexp_matches(s, '^[a-z]+$') ORDER BY id;

-- pass
SELECT id FROM tb WHERE s SIMILAR TO 'a.*' ORDER BY id;

-- pass
SELECT s ~ '^a' AS m FROM tc;

-- pass
SELECT upper(substring(s, 1, 1)) || lower(substring(s, 2)) AS cap FROM tc;

-- pass
SELECT format('{} is {}', 'x', 42) AS f;

-- fail: [42883] From line 1, column 8 to line 1, column 25: No match found for function signature printf(<CHARACTER>, <NUMERIC>)
SELECT printf('%05d', 42) AS f;

-- pass
SELECT lower('ÄÖÜ') AS l;

-- pass
SELECT 'it''s' AS q;

-- pass
SELECT translate('hello', 'el', 'ip') AS t;

-- pass
SELECT upper(left(s, 1)) AS first FROM tc;

-- pass
SELECT string_agg(s, ',') AS all_s FROM (SELECT 'a' AS s UNION ALL SELECT 'b');

-- pass
SELECT n_name FROM nation WHERE n_name LIKE '%AN%' ORDER BY n_name;

-- pass
SELECT length(n_comment) AS n FROM nation;

-- pass
SELECT trim(both 'x' FROM 'xxhixx') AS t;

## select: dates and times
-- pass
SELECT DATE '2024-01-15' AS d;

-- pass
SELECT TIMESTAMP '2024-01-15 10:30:00' AS t;

-- fail: DATE + INTERVAL is a DATE in ascan, a TIMESTAMP in DuckDB
SELECT DATE '2024-01-15' + INTERVAL 1 DAY AS d;

-- fail: DATE + INTERVAL is a DATE in ascan, a TIMESTAMP in DuckDB
SELECT DATE '2024-01-15' + INTERVAL '1' MONTH AS d;

-- fail: DATE + INTERVAL is a DATE in ascan, a TIMESTAMP in DuckDB
SELECT DATE '2024-01-31' + INTERVAL 1 MONTH AS d;

-- fail: DATE + INTERVAL is a DATE in ascan, a TIMESTAMP in DuckDB
SELECT DATE '2024-01-15' - INTERVAL 1 YEAR AS d;

-- pass
SELECT DATE '2024-01-15' + 10 AS d;

-- pass
SELECT DATE '2024-03-01' - DATE '2024-01-01' AS days;

-- pass
SELECT TIMESTAMP '2024-01-15 10:30:00' + INTERVAL 2 HOUR AS t;

-- pass
SELECT TIMESTAMP '2024-01-15 10:30:00' + INTERVAL '90 minutes' AS t;

-- fail: DATE + INTERVAL is a DATE in ascan, a TIMESTAMP in DuckDB
SELECT DATE '2024-01-15' + INTERVAL '3 days' AS d;

-- pass
SELECT extract(year FROM dt) AS y FROM ta;

-- pass
SELECT extract(month FROM DATE '2024-05-17') AS m, extract(day FROM DATE '2024-05-17') AS d;

-- pass
SELECT year(dt) AS y, month(dt) AS m, day(dt) AS d FROM tb;

-- pass
SELECT dayofweek(DATE '2024-05-17') AS dow, dayofyear(DATE '2024-05-17') AS doy;

-- pass
SELECT quarter(DATE '2024-05-17') AS q, week(DATE '2024-05-17') AS w;

-- pass
SELECT date_part('year', DATE '2024-05-17') AS y;

-- pass
SELECT datepart('month', DATE '2024-05-17') AS m;

-- pass
SELECT date_trunc('month', DATE '2024-05-17') AS m;

-- pass
SELECT date_trunc('year', dt) AS y, count(*) AS n FROM ta GROUP BY 1;

-- pass
SELECT date_trunc('hour', TIMESTAMP '2024-05-17 10:45:12') AS h;

-- pass
SELECT date_diff('day', DATE '2024-01-01', DATE '2024-03-01') AS d;

-- pass
SELECT datediff('month', DATE '2024-01-01', DATE '2024-03-15') AS d;

-- pass
SELECT date_add(DATE '2024-01-01', INTERVAL 5 DAY) AS d;

-- pass
SELECT make_date(2024, 2, 29) AS d;

-- pass
SELECT make_timestamp(2024, 2, 29, 12, 0, 0) AS t;

-- pass
SELECT strftime(DATE '2024-05-17', '%Y/%m/%d') AS s;

-- pass
SELECT strptime('17/05/2024', '%d/%m/%Y') AS t;

-- pass
SELECT CAST(TIMESTAMP '2024-05-17 10:45:12' AS DATE) AS d;

-- pass
SELECT CAST(DATE '2024-05-17' AS TIMESTAMP) AS t;

-- pass
SELECT last_day(DATE '2024-02-10') AS d;

-- pass
SELECT monthname(DATE '2024-02-10') AS m, dayname(DATE '2024-02-10') AS d;

-- pass
SELECT current_date > DATE '2020-01-01' AS after2020;

-- pass
SELECT now() > TIMESTAMP '2020-01-01 00:00:00' AS after2020;

-- pass
SELECT epoch(TIMESTAMP '2024-01-01 00:00:00') AS e;

-- pass
SELECT extract(epoch FROM TIMESTAMP '2024-01-01 00:00:00') AS e;

-- fail: [42883] From line 1, column 8 to line 1, column 31: No match found for function signature to_timestamp(<NUMERIC>)
SELECT to_timestamp(1700000000) AS t;

-- pass
SELECT id FROM ta WHERE dt >= DATE '1995-01-01' AND dt < DATE '2000-01-01' ORDER BY id;

-- pass
SELECT id FROM ta WHERE dt > '1995-01-01' ORDER BY id;

-- pass
SELECT id FROM ta WHERE year(dt) = 2024 ORDER BY id;

-- fail: [42883] From line 1, column 8 to line 1, column 58: No match found for function signature age(<TIMESTAMP>, <TIMESTAMP>)
SELECT age(TIMESTAMP '2024-01-01', TIMESTAMP '2023-01-01') AS a;

-- fail: [42804] From line 1, column 8 to line 1, column 72: Cannot apply '-' to arguments of type '<TIMESTAMP(0)> - <TIMESTAMP(0)>'. Supported form(s): '<NUMERIC> - <NU...
SELECT TIMESTAMP '2024-01-02 00:00:00' - TIMESTAMP '2024-01-01 12:00:00' AS diff;

-- pass
SELECT id FROM ta WHERE dt >= DATE '2000-03-01' - INTERVAL 30 DAY ORDER BY id;

-- pass
SELECT id FROM ta WHERE dt < DATE '2000-01-01' + INTERVAL '1' YEAR ORDER BY id;

-- fail: DATE + INTERVAL is a DATE in ascan, a TIMESTAMP in DuckDB
SELECT dt + INTERVAL 7 DAY AS next_week FROM tc WHERE dt > DATE '1900-01-01' AND dt < DATE '9000-01-01';

-- fail: [42883] From line 1, column 34 to line 1, column 102: No match found for function signature generate_series(<DATE>, <DATE>, <INTERVAL_DAY_TIME>)
SELECT generate_series AS d FROM generate_series(DATE '2024-01-01', DATE '2024-01-05', INTERVAL 1 DAY);

## aggregates
-- pass
SELECT count(*) AS n FROM ta;

-- pass
SELECT count(i) AS n, count(DISTINCT i) AS nd FROM ta;

-- pass
SELECT sum(i) AS s, min(i) AS mn, max(i) AS mx FROM tb;

-- pass
SELECT avg(x) AS a FROM tb WHERE abs(x) < 1e6;

-- pass
SELECT avg(i) AS a FROM tb;

-- pass
SELECT sum(d) AS s, avg(d) AS a FROM tb;

-- pass
SELECT min(s) AS mn, max(s) AS mx FROM tb;

-- pass
SELECT min(dt) AS mn, max(dt) AS mx FROM tb;

-- pass
SELECT stddev(k) AS sd, variance(k) AS v FROM ta;

-- pass
SELECT stddev_pop(k) AS sd, var_pop(k) AS v FROM ta;

-- pass
SELECT bool_and(f) AS a, bool_or(f) AS o FROM ta;

-- pass
SELECT count(*) FILTER (WHERE f) AS t, count(*) FILTER (WHERE NOT f) AS nf FROM ta;

-- pass
SELECT sum(i) FILTER (WHERE k > 2) AS s FROM tb;

-- pass
SELECT median(k) AS m FROM ta;

-- pass
SELECT quantile_cont(k, 0.5) AS q FROM ta;

-- pass
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY k) AS p FROM ta;

-- pass
SELECT approx_count_distinct(k) AS n FROM ta;

-- pass
SELECT string_agg(n_name, ', ') AS names FROM nation WHERE n_regionkey = 1;

-- pass
SELECT listagg(n_name, ', ') AS names FROM nation WHERE n_regionkey = 1;

-- pass
SELECT mode(k) AS m FROM tc;

-- pass
SELECT arg_max(n_name, n_nationkey) AS a, arg_min(n_name, n_nationkey) AS b FROM nation;

-- pass
SELECT max_by(n_name, n_nationkey) AS a FROM nation;

-- pass
SELECT first(n_name) AS f FROM (SELECT n_name FROM nation WHERE n_nationkey = 3);

-- pass
SELECT any_value(n_regionkey) AS a FROM nation WHERE n_regionkey = 2;

-- pass
SELECT count(*) AS n FROM te;

-- pass
SELECT sum(i) AS s, avg(i) AS a FROM te;

-- pass
SELECT product(k) AS p FROM tc WHERE k > 0;

-- pass
SELECT corr(k, id) AS c FROM ta;

-- pass
SELECT covar_pop(k, id) AS c FROM ta;

-- pass
SELECT regr_slope(k, id) AS s FROM ta;

-- pass
SELECT bit_or(k) AS b FROM ta;

-- fail: [0A000] cannot execute this query: in SELECT: no engine expression for operator ROW in ROW($0, $1)
SELECT count(DISTINCT (k, f)) AS n FROM ta;

-- pass
SELECT sum(DISTINCT k) AS s FROM ta;

-- pass
SELECT avg(DISTINCT k) AS a FROM ta;

-- pass
SELECT count(*) AS n, sum(k) AS s, min(dt) AS d FROM ta WHERE id > 100;

-- pass
SELECT max(k) - min(k) AS spread FROM ta;

-- pass
SELECT sum(CASE WHEN f THEN 1 ELSE 0 END) AS t FROM ta;

-- pass
SELECT round(avg(k), 2) AS a FROM ta;

-- pass
SELECT count(*) AS n FROM (SELECT DISTINCT k FROM ta);

-- pass
SELECT sum(b) AS s FROM tc;

## group by and having
-- pass
SELECT k, count(*) AS n FROM ta GROUP BY k;

-- pass
SELECT k, count(*) AS n FROM ta GROUP BY k ORDER BY k NULLS LAST;

-- pass
SELECT k, sum(i) AS s, avg(i) AS a FROM tb GROUP BY k;

-- pass
SELECT k, f, count(*) AS n FROM ta GROUP BY k, f;

-- pass
SELECT k, count(*) AS n FROM ta GROUP BY 1;

-- pass
SELECT k % 2 AS parity, count(*) AS n FROM ta GROUP BY k % 2;

-- fail: [42703] From line 1, column 56 to line 1, column 61: Column 'parity' not found in any table
SELECT k % 2 AS parity, count(*) AS n FROM ta GROUP BY parity;

-- pass
SELECT k, count(*) AS n FROM ta GROUP BY k HAVING count(*) > 5;

-- pass
SELECT k, sum(i) AS s FROM ta GROUP BY k HAVING sum(i) > 10 AND k IS NOT NULL;

-- pass
SELECT k, max(s) AS m FROM tb GROUP BY k HAVING max(s) LIKE 'a%';

-- pass
SELECT n_regionkey, count(*) AS n FROM nation GROUP BY n_regionkey ORDER BY n_regionkey;

-- fail: [42703] At line 1, column 75: Column 'n' not found in any table
SELECT n_regionkey, count(*) AS n FROM nation GROUP BY n_regionkey HAVING n > 4;

-- pass
SELECT r_name, count(n_nationkey) AS n FROM region JOIN nation ON n_regionkey = r_regionkey GROUP BY r_name ORDER BY r_name;

-- pass
SELECT k, count(*) AS n FROM ta GROUP BY ALL;

-- pass
SELECT k, f, count(*) AS n FROM ta GROUP BY ALL ORDER BY ALL;

-- pass
SELECT year(dt) AS y, count(*) AS n FROM ta GROUP BY year(dt);

-- pass
SELECT upper(substring(s, 1, 1)) AS initial, count(*) AS n FROM tb GROUP BY 1;

-- pass
SELECT count(*) AS n FROM ta GROUP BY k HAVING k > 2;

-- pass
SELECT k, count(DISTINCT i) AS nd FROM ta GROUP BY k;

-- pass
SELECT k, min(x) AS mn, max(x) AS mx FROM ta GROUP BY k;

-- pass
SELECT f, sum(d) AS s FROM ta GROUP BY f;

-- pass
SELECT dt, count(*) AS n FROM tb GROUP BY dt;

-- pass
SELECT s, count(*) AS n FROM tb GROUP BY s;

## order by, limit, distinct
-- pass
SELECT id, i FROM ta ORDER BY id DESC LIMIT 5;

-- pass
SELECT id, i FROM ta ORDER BY id LIMIT 5 OFFSET 10;

-- pass
SELECT id FROM ta ORDER BY id LIMIT 3;

-- pass
SELECT n_name FROM nation ORDER BY n_name DESC LIMIT 3;

-- pass
SELECT n_name, n_regionkey FROM nation ORDER BY n_regionkey, n_name;

-- pass
SELECT n_name, n_regionkey FROM nation ORDER BY 2 DESC, 1;

-- pass
SELECT id, i FROM ta ORDER BY i NULLS FIRST, id;

-- pass
SELECT id, i FROM ta ORDER BY i DESC NULLS LAST, id;

-- fail: ORDER BY x DESC puts NULLs first in ascan (PostgreSQL's order, docs/sql.md), last in DuckDB
SELECT id, i FROM tb ORDER BY i DESC, id;

-- pass
SELECT DISTINCT k FROM ta;

-- pass
SELECT DISTINCT k, f FROM ta;

-- fail: runs; the comparison takes no ORDER BY of a key with NULLs without NULLS FIRST/LAST (sqllogic/syntax/distinct_on.test has it with NULLS LAST)
SELECT DISTINCT ON (k) k, id FROM ta ORDER BY k, id;

-- pass
SELECT n_name FROM nation ORDER BY length(n_name), n_name;

-- pass
SELECT id FROM ta ORDER BY id FETCH FIRST 4 ROWS ONLY;

-- pass
SELECT id FROM ta LIMIT 0;

-- pass
SELECT n_name FROM nation ORDER BY n_name LIMIT 5 OFFSET 20;

-- pass
SELECT id, i FROM ta ORDER BY ALL LIMIT 5;

-- pass
SELECT n_name AS name FROM nation ORDER BY name LIMIT 5;

-- fail: [42601] Encountered "%" at line 1, column 31.
SELECT * FROM nation LIMIT 10 % 3;

-- fail: [42601] Encountered "%" at line 1, column 51.
SELECT n_name FROM nation ORDER BY n_name LIMIT 10%;

## joins
-- pass
SELECT n_name, r_name FROM nation JOIN region ON n_regionkey = r_regionkey ORDER BY n_name;

-- pass
SELECT n.n_name, r.r_name FROM nation n INNER JOIN region r ON n.n_regionkey = r.r_regionkey;

-- pass
SELECT n_name, r_name FROM nation, region WHERE n_regionkey = r_regionkey;

-- pass
SELECT ta.id, tb.id AS bid FROM ta JOIN tb ON ta.k = tb.k WHERE ta.id < 10;

-- pass
SELECT ta.id, tb.id AS bid FROM ta LEFT JOIN tb ON ta.i = tb.i;

-- pass
SELECT ta.id, tb.id AS bid FROM ta RIGHT JOIN tb ON ta.i = tb.i;

-- pass
SELECT ta.id, tb.id AS bid FROM ta FULL OUTER JOIN tb ON ta.i = tb.i;

-- pass
SELECT ta.id, tc.id AS cid FROM ta CROSS JOIN tc WHERE ta.id < 3;

-- pass
SELECT count(*) AS n FROM ta, tc;

-- pass
SELECT * FROM region NATURAL JOIN (SELECT r_regionkey, count(*) AS n FROM nation JOIN region ON n_regionkey = r_regionkey GROUP BY r_regionkey);

-- pass
SELECT * FROM tc JOIN tb USING (id);

-- pass
SELECT id, tc.i, tb.i AS bi FROM tc JOIN tb USING (id);

-- pass
SELECT ta.id, tb.id AS bid FROM ta JOIN tb ON ta.i < tb.i AND ta.k = tb.k;

-- pass
SELECT ta.id, tb.id AS bid FROM ta JOIN tb ON ta.i = tb.i AND ta.s = tb.s;

-- pass
SELECT a.id, b.id AS bid FROM ta a JOIN ta b ON a.i = b.i AND a.id < b.id;

-- pass
SELECT n_name FROM nation WHERE n_regionkey IN (SELECT r_regionkey FROM region WHERE r_name LIKE 'A%');

-- pass
SELECT r_name, n_name FROM region LEFT JOIN nation ON n_regionkey = r_regionkey AND n_name LIKE 'A%';

-- pass
SELECT ta.id FROM ta LEFT JOIN tb ON ta.id = tb.id WHERE tb.id IS NULL;

-- pass
SELECT ta.id, tb.s AS bs, tc.s AS cs FROM ta JOIN tb ON ta.id = tb.id JOIN tc ON tb.id = tc.id;

-- fail: [42P01] From line 1, column 38 to line 1, column 39: Table 'ta' not found
SELECT ta.id FROM ta SEMI JOIN tb ON ta.i = tb.i;

-- fail: [42P01] From line 1, column 38 to line 1, column 39: Table 'ta' not found
SELECT ta.id FROM ta ANTI JOIN tb ON ta.i = tb.i;

-- fail: [42000] From line 1, column 29 to line 1, column 32: INNER, LEFT, RIGHT, FULL, or ASOF join requires a condition (NATURAL keyword or ON or USING clause)
SELECT * FROM ta POSITIONAL JOIN tb LIMIT 3;

-- fail: [42601] ASOF JOIN missing MATCH_CONDITION (at line 1, column 80)
SELECT ta.id, tb.id AS bid FROM ta ASOF JOIN tb ON ta.k = tb.k AND ta.id >= tb.id;

-- pass
SELECT n_name, r_name FROM nation JOIN region ON (n_regionkey = r_regionkey) WHERE r_name = 'ASIA';

-- pass
SELECT t1.id, t2.id AS id2 FROM (SELECT * FROM tc) t1 JOIN (SELECT * FROM tc) t2 ON t1.k = t2.k;

-- pass
SELECT r_name, count(*) AS n, sum(n_nationkey) AS s FROM nation JOIN region ON n_regionkey = r_regionkey GROUP BY r_name;

-- pass
SELECT ta.k, count(tb.id) AS n FROM ta LEFT JOIN tb ON ta.k = tb.k GROUP BY ta.k;

-- pass
SELECT * FROM nation n JOIN region r ON n.n_regionkey = r.r_regionkey WHERE n.n_nationkey < 5;

-- pass
SELECT ta.id FROM ta JOIN tb ON ta.i IS NOT DISTINCT FROM tb.i;

-- pass
SELECT ta.id, tb.id AS bid FROM ta FULL JOIN tb ON ta.id = tb.id AND ta.k > 2;

-- pass
SELECT r.r_name, x.cnt FROM region r, LATERAL (SELECT count(*) AS cnt FROM nation n WHERE n.n_regionkey = r.r_regionkey) x;

## subqueries
-- pass
SELECT id FROM ta WHERE i > (SELECT avg(i) FROM ta);

-- pass
SELECT id, (SELECT max(i) FROM tb) AS mx FROM tc;

-- pass
SELECT id FROM ta WHERE k IN (SELECT k FROM tc);

-- pass
SELECT id FROM ta WHERE k NOT IN (SELECT k FROM tc WHERE k IS NOT NULL);

-- pass
SELECT id FROM ta WHERE EXISTS (SELECT 1 FROM tb WHERE tb.i = ta.i);

-- pass
SELECT id FROM ta WHERE NOT EXISTS (SELECT 1 FROM tb WHERE tb.i = ta.i);

-- pass
SELECT n_name, (SELECT r_name FROM region WHERE r_regionkey = n_regionkey) AS r FROM nation;

-- pass
SELECT id FROM ta a WHERE i = (SELECT max(i) FROM ta b WHERE b.k = a.k);

-- pass
SELECT k, n FROM (SELECT k, count(*) AS n FROM ta GROUP BY k) sub WHERE n > 3;

-- pass
SELECT avg(n) AS a FROM (SELECT k, count(*) AS n FROM ta GROUP BY k);

-- pass
SELECT * FROM (SELECT id, i FROM ta) AS t(a, b) WHERE a < 5;

-- pass
SELECT id FROM ta WHERE i > ALL (SELECT i FROM tc WHERE i IS NOT NULL AND i < 100);

-- pass
SELECT id FROM ta WHERE i = ANY (SELECT i FROM tc);

-- pass
SELECT id FROM ta WHERE i < ANY (SELECT i FROM tc);

-- pass
SELECT n_name FROM nation WHERE n_regionkey = (SELECT r_regionkey FROM region WHERE r_name = 'EUROPE');

-- pass
SELECT (SELECT count(*) FROM ta) + (SELECT count(*) FROM tb) AS total;

-- pass
SELECT id, i - (SELECT min(i) FROM tb) AS above FROM tc;

-- pass
SELECT r_name FROM region r WHERE (SELECT count(*) FROM nation n WHERE n.n_regionkey = r.r_regionkey) = 5;

-- pass
SELECT id FROM ta WHERE (i, k) IN (SELECT i, k FROM tb);

-- pass
SELECT x.k FROM (SELECT DISTINCT k FROM ta) x JOIN (SELECT DISTINCT k FROM tb) y ON x.k = y.k;

-- pass
SELECT * FROM (SELECT * FROM (SELECT id, k FROM tc) WHERE k > 1) WHERE id > 2;

## ctes
-- pass
WITH t AS (SELECT k, count(*) AS n FROM ta GROUP BY k) SELECT * FROM t WHERE n > 2;

-- pass
WITH a AS (SELECT id, k FROM ta), b AS (SELECT id, k FROM tb) SELECT a.id, b.id AS bid FROM a JOIN b ON a.k = b.k;

-- pass
WITH t(x, y) AS (SELECT id, i FROM tc) SELECT x, y FROM t;

-- pass
WITH t AS (SELECT * FROM nation) SELECT count(*) AS n FROM t;

-- pass
WITH t AS (SELECT n_regionkey, count(*) AS n FROM nation GROUP BY 1), u AS (SELECT max(n) AS m FROM t) SELECT * FROM t, u WHERE t.n = u.m;

-- fail: [0A000] cannot execute this query: REPEATUNION is not supported
WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 10) SELECT sum(n) AS s FROM r;

-- fail: [42601] Encountered "MATERIALIZED" at line 1, column 11.
WITH t AS MATERIALIZED (SELECT k FROM ta) SELECT count(*) AS n FROM t;

-- pass
WITH t AS (SELECT id, i FROM ta) SELECT * FROM t a JOIN t b ON a.id = b.id;

-- pass
WITH totals AS (SELECT k, sum(i) AS s FROM ta GROUP BY k) SELECT k, s, s * 100.0 / (SELECT sum(s) FROM totals) AS pct FROM totals;

## window functions
-- pass
SELECT id, row_number() OVER (ORDER BY id) AS rn FROM ta;

-- pass
SELECT id, k, row_number() OVER (PARTITION BY k ORDER BY id) AS rn FROM ta;

-- pass
SELECT id, k, rank() OVER (ORDER BY k) AS r FROM tc;

-- pass
SELECT id, k, dense_rank() OVER (ORDER BY k) AS r FROM tc;

-- pass
SELECT id, percent_rank() OVER (ORDER BY id) AS p FROM tc;

-- pass
SELECT id, cume_dist() OVER (ORDER BY id) AS c FROM tc;

-- pass
SELECT id, ntile(4) OVER (ORDER BY id) AS q FROM ta;

-- pass
SELECT id, lag(id) OVER (ORDER BY id) AS prev FROM ta;

-- pass
SELECT id, lead(id, 2) OVER (ORDER BY id) AS nxt FROM ta;

-- pass
SELECT id, lag(id, 1, 0) OVER (ORDER BY id) AS prev FROM ta;

-- pass
SELECT id, first_value(id) OVER (PARTITION BY k ORDER BY id) AS fv FROM ta;

-- pass
SELECT id, last_value(id) OVER (PARTITION BY k ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS lv FROM ta;

-- pass
SELECT id, nth_value(id, 2) OVER (ORDER BY id) AS nv FROM tc;

-- pass
SELECT id, sum(k) OVER (ORDER BY id) AS running FROM ta;

-- pass
SELECT id, sum(k) OVER (PARTITION BY f ORDER BY id) AS running FROM ta;

-- pass
SELECT id, sum(k) OVER () AS total FROM ta;

-- pass
SELECT id, k, count(*) OVER (PARTITION BY k) AS n FROM ta;

-- pass
SELECT id, avg(k) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS ma FROM ta;

-- pass
SELECT id, min(k) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS mn FROM ta;

-- pass
SELECT id, max(k) OVER (ORDER BY id RANGE BETWEEN 3 PRECEDING AND CURRENT ROW) AS mx FROM ta;

-- pass
SELECT id, k, k - lag(k) OVER (ORDER BY id) AS delta FROM ta;

-- pass
SELECT id, k * 100.0 / sum(k) OVER () AS pct FROM tc;

-- pass
SELECT id, row_number() OVER w AS rn, sum(k) OVER w AS s FROM ta WINDOW w AS (ORDER BY id);

-- pass
SELECT * FROM (SELECT id, k, row_number() OVER (PARTITION BY k ORDER BY id) AS rn FROM ta) WHERE rn = 1;

-- pass
SELECT id, k FROM ta QUALIFY row_number() OVER (PARTITION BY k ORDER BY id) = 1;

-- pass
SELECT k, sum(i) AS s, rank() OVER (ORDER BY sum(i) DESC NULLS LAST) AS r FROM ta GROUP BY k;

-- pass
SELECT id, rank() OVER (PARTITION BY n_regionkey ORDER BY n_name) AS r FROM (SELECT n_nationkey AS id, n_regionkey, n_name FROM nation);

-- pass
SELECT id, sum(k) OVER (ORDER BY id ROWS UNBOUNDED PRECEDING) AS running FROM ta;

-- fail: [0A000] cannot execute this query: COUNT(DISTINCT ...) OVER (...) is not supported
SELECT id, count(DISTINCT k) OVER (PARTITION BY f) AS n FROM ta;

-- fail: [42601] Encountered "IGNORE" at line 1, column 18.
SELECT id, lag(i IGNORE NULLS) OVER (ORDER BY id) AS prev FROM ta;

-- fail: a RANGE offset written INTERVAL 30 DAY (not INTERVAL '30' DAY) is no constant when the window is planned
SELECT dt, sum(k) OVER (ORDER BY dt RANGE BETWEEN INTERVAL 30 DAY PRECEDING AND CURRENT ROW) AS s FROM tc;

-- fail: [42601] Encountered "GROUPS" at line 1, column 37.
SELECT id, sum(k) OVER (ORDER BY id GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW) AS s FROM tc;

-- pass
SELECT id, first_value(s) OVER (ORDER BY id) AS fs FROM tb;

-- pass
SELECT id, rank() OVER (ORDER BY dt DESC NULLS LAST) AS r FROM tb;

## grouping sets
-- pass
SELECT k, f, count(*) AS n FROM ta GROUP BY GROUPING SETS ((k), (f), ());

-- pass
SELECT k, f, count(*) AS n FROM ta GROUP BY ROLLUP (k, f);

-- pass
SELECT k, f, count(*) AS n FROM ta GROUP BY CUBE (k, f);

-- pass
SELECT k, f, grouping(k) AS gk, count(*) AS n FROM ta GROUP BY ROLLUP (k, f);

-- pass
SELECT n_regionkey, count(*) AS n FROM nation GROUP BY ROLLUP (n_regionkey);

-- pass
SELECT k, sum(i) AS s FROM tb GROUP BY GROUPING SETS ((k), ());

-- pass
SELECT coalesce(CAST(k AS VARCHAR), 'total') AS k, count(*) AS n FROM ta GROUP BY ROLLUP (k);

-- pass
SELECT k, f, grouping_id(k, f) AS g, count(*) AS n FROM ta GROUP BY CUBE (k, f);

-- pass
SELECT k, f, count(*) AS n FROM ta GROUP BY k, ROLLUP (f);

## set operations
-- pass
SELECT k FROM ta UNION SELECT k FROM tb;

-- pass
SELECT k FROM ta UNION ALL SELECT k FROM tb;

-- pass
SELECT k FROM ta INTERSECT SELECT k FROM tb;

-- pass
SELECT k FROM ta EXCEPT SELECT k FROM tc;

-- pass
SELECT k FROM ta INTERSECT ALL SELECT k FROM tb;

-- pass
SELECT k FROM ta EXCEPT ALL SELECT k FROM tc;

-- pass
SELECT 1 EXCEPT SELECT 2;

-- pass
SELECT 1 AS a UNION SELECT 2 UNION SELECT 1;

-- pass
SELECT id, s FROM tc UNION ALL SELECT id, s FROM tc ORDER BY id;

-- pass
(SELECT k FROM ta ORDER BY k NULLS LAST LIMIT 3) UNION ALL (SELECT k FROM tb ORDER BY k NULLS LAST LIMIT 3);

-- pass
SELECT count(*) AS n FROM (SELECT i FROM ta UNION SELECT i FROM tb);

-- pass
SELECT n_name FROM nation WHERE n_regionkey = 1 UNION SELECT r_name FROM region;

-- pass
SELECT k, f FROM ta UNION DISTINCT SELECT k, f FROM tb;

-- fail: [42601] Incorrect syntax near the keyword 'BY' at line 1, column 28.
SELECT id, s FROM tc UNION BY NAME SELECT s, id FROM tc;

-- pass
SELECT i FROM ta INTERSECT SELECT i FROM tb EXCEPT SELECT i FROM tc;

-- pass
SELECT 1 AS x UNION ALL SELECT 2.5;

-- pass
SELECT 'a' AS x UNION ALL SELECT 'bb';

-- pass
SELECT k FROM ta EXCEPT SELECT k FROM te;

## values
-- pass
VALUES (1, 'a'), (2, 'b');

-- pass
SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS t(id, name);

-- pass
SELECT id, name FROM (VALUES (1, 'a'), (2, 'b')) t(id, name) ORDER BY id DESC;

-- pass
SELECT t.id, n_name FROM (VALUES (1), (2), (3)) t(id) JOIN nation ON n_nationkey = t.id;

-- pass
SELECT sum(v) AS s FROM (VALUES (1), (2), (NULL)) t(v);

-- pass
SELECT * FROM (VALUES (DATE '2024-01-01', 1.5), (DATE '2024-02-01', 2.5)) t(d, v);

-- pass
SELECT * FROM (VALUES (1, NULL), (NULL, 'x')) t(a, b);

-- pass
SELECT a FROM (VALUES (3), (1), (2)) t(a) ORDER BY a;

## ddl and dml
-- pass
CREATE TABLE p1 (id INTEGER, name VARCHAR, amount DECIMAL(10, 2), day DATE);

-- pass
INSERT INTO p1 VALUES (1, 'apple', 1.50, DATE '2024-01-01'), (2, 'pear', 2.25, DATE '2024-01-02');

-- pass
INSERT INTO p1 (id, name) VALUES (3, 'fig');

-- pass
SELECT * FROM p1 ORDER BY id;

-- pass
INSERT INTO p1 SELECT id + 10, s, d, dt FROM tc WHERE d IS NOT NULL AND abs(d) < 1000;

-- pass
SELECT count(*) AS n, sum(amount) AS s FROM p1;

-- pass
CREATE TABLE p2 AS SELECT k, count(*) AS n FROM ta GROUP BY k;

-- pass
SELECT * FROM p2;

-- pass
CREATE TABLE IF NOT EXISTS p2 (x INTEGER);

-- pass
CREATE OR REPLACE TABLE p2 AS SELECT 1 AS x;

-- fail: [0A000] column 'a': NOT NULL is not supported: ascan's tables keep no constraints or defaults (declare the column with its type alone) (at line 1, column 1)
CREATE TABLE p3 (a INTEGER NOT NULL, b VARCHAR);

-- fail: [0A000] column 'a': PRIMARY KEY is not supported: ascan's tables keep no constraints or defaults (declare the column with its type alone) (at line 1, column 1)
CREATE TABLE p4 (a INTEGER PRIMARY KEY, b VARCHAR);

-- pass
CREATE TABLE p5 (a INT, b TEXT, c DOUBLE, d BOOLEAN, e TIMESTAMP, f BIGINT);

-- pass
INSERT INTO p5 VALUES (1, 'x', 1.5, true, TIMESTAMP '2024-01-01 10:00:00', 10);

-- pass
SELECT * FROM p5;

-- fail: [0A000] column 'a': DEFAULT is not supported: ascan's tables keep no constraints or defaults (declare the column with its type alone) (at line 1, column 1)
CREATE TABLE p6 (a INTEGER DEFAULT 7, b VARCHAR);

-- fail: [42601] Incorrect syntax near the keyword 'CREATE' at line 1, column 1.
CREATE TEMP TABLE tmp1 AS SELECT 1 AS x;

-- pass
CREATE VIEW v1 AS SELECT k, count(*) AS n FROM ta GROUP BY k;

-- pass
SELECT * FROM v1 WHERE n > 3;

-- pass
CREATE OR REPLACE VIEW v1 AS SELECT k FROM ta WHERE k > 3;

-- pass
SELECT count(*) AS n FROM v1;

-- pass
DROP VIEW v1;

-- pass
DROP VIEW IF EXISTS v1;

-- fail: [0A000] only queries can be planned, not UPDATE (at line 1, column 1)
UPDATE p1 SET amount = 0 WHERE id = 1;

-- fail: [0A000] only queries can be planned, not DELETE (at line 1, column 1)
DELETE FROM p1 WHERE id = 2;

-- fail: [42601] Encountered "TABLE" at line 1, column 7.
ALTER TABLE p1 ADD COLUMN note VARCHAR;

-- fail: [42601] Encountered "TABLE" at line 1, column 7.
ALTER TABLE p5 RENAME TO p5b;

-- fail: [42601] Incorrect syntax near the keyword 'BY' at line 1, column 1.
INSERT INTO p1 BY NAME SELECT 4 AS id, 'kiwi' AS name;

-- fail: [42601] Encountered "OR" at line 1, column 8.
INSERT OR REPLACE INTO p4 VALUES (1, 'a');

-- fail: follows from the failed ALTER TABLE p5 RENAME TO p5b (TRUNCATE itself runs: sqllogic/ddl/truncate.test)
TRUNCATE p5b;

-- pass
DROP TABLE p2;

-- pass
DROP TABLE IF EXISTS p2;

-- pass
DROP TABLE IF EXISTS nosuchtable;

-- fail: [42601] Incorrect syntax near the keyword 'CREATE' at line 1, column 1.
CREATE SCHEMA s1;

-- fail: [42601] Incorrect syntax near the keyword 'CREATE' at line 1, column 1.
CREATE SEQUENCE seq1;

-- pass
CREATE TABLE p7 AS SELECT * FROM nation WHERE n_regionkey = 0;

-- pass
SELECT n_name FROM p7 ORDER BY n_name;

-- pass
INSERT INTO p7 SELECT * FROM nation WHERE n_regionkey = 1;

-- pass
SELECT count(*) AS n FROM p7;

-- pass
CREATE TABLE p8 AS FROM nation;

-- pass
CREATE TABLE p9 (id INTEGER, v DOUBLE);

-- pass
INSERT INTO p9 SELECT range, range * 1.5 FROM range(100);

-- pass
SELECT count(*) AS n, sum(v) AS s FROM p9;

-- fail: [0A000] only queries can be planned, not OTHER
BEGIN TRANSACTION;

-- fail: [0A000] only queries can be planned, not OTHER
COMMIT;

## metadata
-- pass, unchecked: each engine's own text
SHOW TABLES;

-- fail: [42601] Incorrect syntax near the keyword 'SHOW' at line 1, column 1.
SHOW ALL TABLES;

-- pass, unchecked: each engine's own text
DESCRIBE ta;

-- pass, unchecked: each engine's own text
DESCRIBE SELECT * FROM ta;

-- pass, unchecked: each engine's own text (DESCRIBE's columns)
SHOW ta;

-- pass
SELECT table_name FROM information_schema.tables WHERE table_name IN ('ta', 'tb', 'nation') ORDER BY table_name;

-- pass
SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'ta' ORDER BY ordinal_position;

-- pass
SELECT count(*) AS n FROM information_schema.columns WHERE table_name = 'nation';

-- pass
SELECT table_name, table_type FROM information_schema.tables WHERE table_name = 'nation';

-- fail: [42601] Non-query expression encountered in illegal context (at line 1, column 1)
PRAGMA table_info('ta');

-- fail: [42883] From line 1, column 15 to line 1, column 29: No match found for function signature duckdb_tables()
SELECT * FROM duckdb_tables();

-- fail: [42601] Non-query expression encountered in illegal context (at line 1, column 1)
SUMMARIZE ta;

-- pass
SELECT version() IS NOT NULL AS v;

-- fail: [42883] From line 1, column 8 to line 1, column 23: No match found for function signature CURRENT_SCHEMA()
SELECT current_schema() AS s;

## explain
-- pass, unchecked: each engine's own text
EXPLAIN SELECT * FROM ta WHERE k = 1;

-- pass, unchecked: each engine's own text
EXPLAIN SELECT k, count(*) FROM ta GROUP BY k;

-- pass, unchecked: each engine's own text
EXPLAIN ANALYZE SELECT count(*) FROM ta;

## files
-- pass
SELECT count(*) AS n FROM read_csv('${data}/people.csv');

-- pass
SELECT * FROM read_csv('${data}/people.csv') ORDER BY id LIMIT 5;

-- pass
SELECT dept, count(*) AS n, avg(salary) AS a FROM read_csv('${data}/people.csv') GROUP BY dept;

-- pass
SELECT count(*) AS n FROM read_csv_auto('${data}/people.csv');

-- fail: a file name as a table (FROM 'f.csv') is DuckDB's syntax, Calcite's parser takes no string there: write read_csv('f.csv')
SELECT count(*) AS n FROM '${data}/people.csv';

-- pass
SELECT * FROM read_csv('${data}/semi.csv', delim = ';') ORDER BY id;

-- pass
SELECT * FROM read_csv('${data}/semi.csv', delim = ';', header = true) ORDER BY id;

-- pass
SELECT count(*) AS n FROM read_parquet('${data}/people.parquet');

-- pass
SELECT name, salary FROM read_parquet('${data}/people.parquet') WHERE salary > 1400 ORDER BY name;

-- fail: a file name as a table (FROM 'f.csv') is DuckDB's syntax, Calcite's parser takes no string there: write read_csv('f.csv')
SELECT count(*) AS n FROM '${data}/people.parquet';

-- pass
SELECT g, count(*) AS n FROM read_parquet('${data}/part*.parquet') GROUP BY g;

-- fail: [42601] Encountered "[" at line 1, column 40.
SELECT count(*) AS n FROM read_parquet(['${data}/part0.parquet', '${data}/part1.parquet']);

-- pass
SELECT p.name, n.n_name FROM read_parquet('${data}/people.parquet') p JOIN nation n ON p.dept = n.n_nationkey WHERE p.id < 10;

-- pass
SELECT count(*) AS n FROM parquet_scan('${data}/people.parquet');

-- pass
SELECT year(hired) AS y, count(*) AS n FROM read_parquet('${data}/people.parquet') GROUP BY 1;

-- pass
CREATE TABLE people AS SELECT * FROM read_csv('${data}/people.csv');

-- pass
SELECT count(*) AS n FROM people;

-- pass
CREATE TABLE people2 AS SELECT * FROM read_parquet('${data}/people.parquet');

-- pass
SELECT dept, max(salary) AS m FROM people2 GROUP BY dept;

-- pass
COPY (SELECT * FROM nation) TO '${out}/nation.parquet' (FORMAT parquet);

-- pass
COPY (SELECT * FROM nation) TO '${out}/nation.csv' (HEADER, DELIMITER ',');

-- pass
COPY nation TO '${out}/nation2.csv';

-- pass
CREATE TABLE p10 (id INTEGER, name VARCHAR, dept INTEGER, salary DOUBLE, hired DATE);

-- fail: [42601] Non-query expression encountered in illegal context (at line 1, column 1)
COPY p10 FROM '${data}/people.csv' (HEADER);

-- fail: follows from the failed COPY p10 FROM
SELECT count(*) AS n, sum(salary) AS s FROM p10;

-- fail: options given as struct literals (columns = {...}) do not parse
SELECT count(*) AS n FROM read_csv('${data}/people.csv', header = true, columns = {'id': 'INTEGER', 'name': 'VARCHAR', 'dept': 'INTEGER', 'salary': 'DOUBLE', 'hired': 'DATE'});

## duckdb syntax
-- pass
SELECT * EXCLUDE (n_comment) FROM nation;

-- pass
SELECT * REPLACE (upper(n_name) AS n_name) FROM nation;

-- pass
FROM nation;

-- pass
FROM nation SELECT n_name WHERE n_regionkey = 1;

-- pass
FROM nation WHERE n_regionkey = 2;

-- fail: [42883] From line 1, column 8 to line 1, column 25: No match found for function signature columns(<CHARACTER>)
SELECT COLUMNS('n_.*key') FROM nation;

-- fail: [42703] At line 1, column 20: Unknown identifier '*'
SELECT max(COLUMNS(*)) FROM region;

-- fail: [42601] Encountered "c" at line 1, column 27.
SELECT min(COLUMNS(lambda c: c LIKE 'r_%')) FROM region;

-- pass
SELECT n_name, n_regionkey FROM nation ORDER BY ALL;

-- pass
SELECT k, count(*) AS n FROM ta GROUP BY ALL ORDER BY ALL;

-- fail: [42703] From line 1, column 31 to line 1, column 34: Column 'name' not found in any table
SELECT n_name AS name, length(name) AS len FROM nation;

-- pass
SELECT count() AS n FROM nation;

-- fail: [42883] From line 1, column 15 to line 1, column 21: No match found for function signature upper()
SELECT n_name.upper() AS u FROM nation;

-- fail: [42601] Lexical error at line 1, column 41.  Encountered: "@" (64), after : ""
SELECT n_name FROM nation WHERE n_name ^@ 'A';

-- fail: [42601] Encountered "[" at line 1, column 8.
SELECT [1, 2, 3] AS l;

-- fail: [42601] Encountered "{" at line 1, column 8.
SELECT {'a': 1} AS st;

-- pass
SELECT range AS r FROM range(5);

-- pass
SELECT * FROM range(3) t(x);

-- pass
SELECT * FROM generate_series(1, 3);

-- fail: [42601] Encountered "unnest" at line 1, column 8.
SELECT unnest([1, 2]) AS u;

-- pass
SELECT 1_000_000 AS million;

-- pass
SELECT n_name FROM nation LIMIT 3 -- a comment;

-- pass
SELECT /* a comment */ count(*) AS n FROM nation;

-- pass
SELECT 'x' AS "quoted col";

-- pass
SELECT n_name FROM nation WHERE n_name IN ('FRANCE', 'GERMANY');

-- fail: [42601] Lexical error at line 1, column 8.  Encountered: "#" (35), after : ""
SELECT #1, #2 FROM (SELECT n_name, n_regionkey FROM nation) LIMIT 2;

-- pass
SELECT x FROM (SELECT 1 AS x) t;

-- fail: [42703] At line 1, column 17: Column 'x' not found in any table
SELECT 10 AS x, x + 1 AS y;

-- fail: [42601] Non-query expression encountered in illegal context (at line 1, column 1)
SUMMARIZE SELECT * FROM nation;

-- fail: [42601] Non-query expression encountered in illegal context (at line 1, column 27)
PIVOT (SELECT k, f FROM ta) ON f USING count(*);

-- pass
SELECT hash(1) IS NOT NULL AS h;

-- fail: [42883] From line 1, column 21 to line 1, column 32: No match found for function signature list(<CHARACTER>)
SELECT n_regionkey, list(n_name) AS names FROM nation GROUP BY 1;

-- fail: [42601] Incorrect syntax near the keyword 'USING' at line 1, column 22.
SELECT * FROM nation USING SAMPLE 5 ROWS;

-- fail: [42601] Encountered "uuid (" at line 1, column 8.
SELECT uuid() IS NOT NULL AS u;

-- pass
SELECT CAST(NULL AS INTEGER) AS n;

-- pass
SELECT NULL AS n;

-- pass
SELECT 'a' AS s, NULL AS n;
