#!/usr/bin/env bash
# Start-up benchmark: cold `ascan` processes (docs/performance.md, "Start-up").
#   benchmarks/startup.sh [-n RUNS] [-d SSB_CATALOG] [-q QUERY] [LAUNCHER ...]
# Runs `sql -e "SELECT 1"` on an empty catalog and, with -d, one SSB query (default q1.1) on that
# catalog, RUNS times each, interleaving the launchers (so that a shared machine's load hits them
# alike); prints per launcher and statement the median, min and max wall time and the median CPU
# time (user + system, all threads). A LAUNCHER is a command prefix, e.g. ./ascan or
# "env ASCAN_AOT=off ./ascan"; the default is this checkout's ./ascan.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS=5 CATALOG="" QUERY=q1.1
while getopts "n:d:q:" opt; do
  case $opt in
    n) RUNS=$OPTARG ;; d) CATALOG=$OPTARG ;; q) QUERY=$OPTARG ;;
    *) sed -n '2,9p' "$0" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
LAUNCHERS=("$@")
[[ ${#LAUNCHERS[@]} -gt 0 ]] || LAUNCHERS=("$ROOT/ascan")

SQL_FILE="$ROOT/benchmarks/workloads/src/main/resources/queries/ssb/$QUERY.sql"
CASES=("select1")
if [[ -n "$CATALOG" ]]; then
  [[ -f "$SQL_FILE" ]] || { echo "no SSB query $QUERY ($SQL_FILE)" >&2; exit 2; }
  CASES+=("ssb-$QUERY")
fi

run_case() {  # launcher, case: runs one cold process, prints its wall and CPU (user + system) time in ms
  local launcher=$1 kase=$2 t
  local -a cmd
  read -r -a cmd <<<"$launcher"
  if [[ $kase == select1 ]]; then
    /usr/bin/time -f '%e %U %S' -o "$EMPTY.time" "${cmd[@]}" sql --dir "$EMPTY" -e "SELECT 1" >/dev/null
  else
    /usr/bin/time -f '%e %U %S' -o "$EMPTY.time" "${cmd[@]}" sql --dir "$CATALOG" -f "$SQL_FILE" >/dev/null
  fi
  read -r -a t <"$EMPTY.time"
  awk -v e="${t[0]}" -v u="${t[1]}" -v s="${t[2]}" 'BEGIN { printf "%d/%d", e * 1000, (u + s) * 1000 }'
}

EMPTY="$(mktemp -d)"  # `sql` needs a catalog; SELECT 1 gets an empty one
trap 'rm -rf "$EMPTY" "$EMPTY.time"' EXIT

declare -A TIMES
for l in "${LAUNCHERS[@]}"; do  # one unmeasured run each: builds and makes the AOT cache if needed
  read -r -a warm <<<"$l"; "${warm[@]}" sql --dir "$EMPTY" -e "SELECT 1" >/dev/null
done
for ((i = 0; i < RUNS; i++)); do
  for kase in "${CASES[@]}"; do
    for l in "${LAUNCHERS[@]}"; do
      TIMES["$l|$kase"]+="$(run_case "$l" "$kase") "
    done
  done
done

median() { tr ' ' '\n' | sed '/^$/d' | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
printf '%-44s %-10s %8s %8s %8s %8s  (ms, %d runs)\n' launcher case median min max cpu "$RUNS"
for kase in "${CASES[@]}"; do
  for l in "${LAUNCHERS[@]}"; do
    runs="${TIMES["$l|$kase"]}"
    wall="$(tr ' ' '\n' <<<"$runs" | cut -d/ -f1 | tr '\n' ' ')"
    cpu="$(tr ' ' '\n' <<<"$runs" | sed '/^$/d' | cut -d/ -f2 | tr '\n' ' ')"
    printf '%-44s %-10s %8d %8d %8d %8d\n' "${l/#$ROOT\//}" "$kase" "$(median <<<"$wall")" \
      "$(tr ' ' '\n' <<<"$wall" | sed '/^$/d' | sort -n | head -n 1)" \
      "$(tr ' ' '\n' <<<"$wall" | sed '/^$/d' | sort -n | tail -n 1)" "$(median <<<"$cpu")"
  done
done
