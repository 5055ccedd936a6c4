#!/usr/bin/env bash
# A real network link with a bandwidth limit, for storage-node experiments (docs/storage-node.md,
# "Network conditions"). Needs root, iproute2 (ip, tc) and the kernel's veth and tbf (netem for --delay).
#
#   benchmarks/netns.sh [--rate RATE] [--delay D] [--subnet A.B.C] [--name N] -- COMMAND [ARG...]
#   benchmarks/netns.sh [--rate RATE] [--delay D] [--subnet A.B.C] --measure [MB]
#
# Creates a network namespace of its own, joined to this one by a veth pair: A.B.C.1 on this side,
# A.B.C.2 inside (default subnet 10.250.<pid % 250>; the addresses are printed on stderr and passed to
# COMMAND as NETNS_HOST_ADDR and NETNS_ADDR). With --rate (tc syntax: 1gbit, 10gbit, 500mbit; default:
# none) each end's egress gets a token bucket filter (tbf) of that rate, so both directions are
# limited; --delay (e.g. 0.1ms) adds netem latency in front of it. COMMAND runs inside the namespace
# (ip netns exec) until it exits or this script is stopped (INT/TERM); then, and on any error,
# COMMAND is stopped and the namespace and veth pair are deleted.
# --measure sends MB megabytes (default 500) each way over the link with python3 and prints MB/s.
set -euo pipefail

RATE="" DELAY="" SUBNET="10.250.$(($$ % 250))" NAME="ascan-net-$$" MEASURE=""
usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rate) RATE="$2"; shift 2 ;;
    --delay) DELAY="$2"; shift 2 ;;
    --subnet) SUBNET="$2"; shift 2 ;;
    --name) NAME="$2"; shift 2 ;;
    --measure) MEASURE=500; if [[ "${2:-}" =~ ^[0-9]+$ ]]; then MEASURE="$2"; shift; fi; shift ;;
    --) shift; break ;;
    -h|--help) usage ;;
    *) echo "netns.sh: unknown option '$1'" >&2; usage ;;
  esac
done
[[ -n "$MEASURE" || $# -gt 0 ]] || usage
[[ $(id -u) == 0 ]] || { echo "netns.sh: needs root (network namespaces and tc)" >&2; exit 1; }
command -v tc >/dev/null && command -v ip >/dev/null || { echo "netns.sh: needs iproute2 (ip, tc)" >&2; exit 1; }

HOST_IF="vh$$" NS_IF="vn$$"  # interface names are at most 15 characters; a pid is unique
HOST_ADDR="$SUBNET.1" NS_ADDR="$SUBNET.2"
CHILD=""

teardown() {
  local rc=$?
  trap - EXIT INT TERM
  if [[ -n "$CHILD" ]] && kill -0 "$CHILD" 2>/dev/null; then
    kill -TERM "$CHILD" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$CHILD" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$CHILD" 2>/dev/null || true
    wait "$CHILD" 2>/dev/null || true
  fi
  # Whatever else still runs in the namespace (COMMAND's children) goes with it.
  local pids
  pids="$(ip netns pids "$NAME" 2>/dev/null || true)"
  [[ -z "$pids" ]] || kill -KILL $pids 2>/dev/null || true
  ip link del "$HOST_IF" 2>/dev/null || true  # deletes its peer too
  ip netns del "$NAME" 2>/dev/null || true
  exit "$rc"
}
trap teardown EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

# Limits one interface's egress: tbf at RATE, behind netem when a delay is asked for. The bucket
# holds 4 ms at the rate (at least 256 KiB: veth passes 64 KiB GSO packets, which a smaller bucket drops).
shape() {  # dev, [netns]
  local dev="$1" exec=() parent="root"
  [[ -n "${2:-}" ]] && exec=(ip netns exec "$2")
  if [[ -n "$DELAY" ]]; then
    "${exec[@]}" tc qdisc add dev "$dev" root handle 1: netem delay "$DELAY"
    parent="parent 1:1"
  fi
  [[ -n "$RATE" ]] || return 0
  local bits bytes burst
  bits="$(rate_bits "$RATE")"
  bytes=$((bits / 8))
  burst=$((bytes / 250)); ((burst >= 262144)) || burst=262144
  # shellcheck disable=SC2086 # $parent is two words on purpose
  "${exec[@]}" tc qdisc add dev "$dev" $parent handle 10: tbf rate "$RATE" burst "$burst" latency 50ms
}

rate_bits() {  # tc rate syntax (bit, kbit, mbit, gbit; bps, kbps, mbps, gbps are bytes) -> bits/s
  local v="${1,,}" n u
  [[ "$v" =~ ^([0-9]+)([a-z]*)$ ]] || { echo "netns.sh: --rate '$1' is not a tc rate such as 1gbit" >&2; exit 2; }
  n="${BASH_REMATCH[1]}" u="${BASH_REMATCH[2]}"
  case "$u" in
    ""|bit) echo "$n" ;; kbit) echo $((n * 1000)) ;; mbit) echo $((n * 1000000)) ;; gbit) echo $((n * 1000000000)) ;;
    bps) echo $((n * 8)) ;; kbps) echo $((n * 8000)) ;; mbps) echo $((n * 8000000)) ;; gbps) echo $((n * 8000000000)) ;;
    *) echo "netns.sh: --rate '$1': unknown unit '$u'" >&2; exit 2 ;;
  esac
}

ip netns add "$NAME"
ip link add "$HOST_IF" type veth peer name "$NS_IF"
ip link set "$NS_IF" netns "$NAME"
ip addr add "$HOST_ADDR/24" dev "$HOST_IF"
ip link set "$HOST_IF" up
ip netns exec "$NAME" ip addr add "$NS_ADDR/24" dev "$NS_IF"
ip netns exec "$NAME" ip link set "$NS_IF" up
ip netns exec "$NAME" ip link set lo up
shape "$HOST_IF"
shape "$NS_IF" "$NAME"
echo "netns.sh: namespace $NAME, this side $HOST_ADDR ($HOST_IF), inside $NS_ADDR ($NS_IF), rate ${RATE:-unlimited}${DELAY:+, delay $DELAY}" >&2

if [[ -n "$MEASURE" ]]; then
  command -v python3 >/dev/null || { echo "netns.sh: --measure needs python3" >&2; exit 1; }
  # One TCP stream each way; the receiver times from the first byte to the last.
  PY='
import socket, sys, time
mode, addr, port, mb = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
buf = bytes(1 << 20)
if mode == "recv":
    s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind((addr, port)); s.listen(1)
    print("ready", flush=True)
    c, _ = s.accept(); n = 0; t0 = None
    while True:
        d = c.recv(1 << 20)
        if not d: break
        if t0 is None: t0 = time.perf_counter()
        n += len(d)
    dt = time.perf_counter() - t0
    print("%.1f MB in %.2f s: %.1f MB/s = %.2f Gbit/s" % (n / 1e6, dt, n / 1e6 / dt, n * 8 / 1e9 / dt), flush=True)
else:
    for _ in range(100):
        try:
            c = socket.create_connection((addr, port)); break
        except OSError:
            time.sleep(0.05)
    for _ in range(mb): c.sendall(buf)
    c.close()
'
  measure() {  # label, "in" (the receiver runs inside the namespace) or "out", receiver address
    local out recv=() send=(ip netns exec "$NAME")
    [[ "$2" == in ]] && recv=(ip netns exec "$NAME") send=()
    out="$(mktemp)"
    "${recv[@]}" python3 -c "$PY" recv "$3" 47999 "$MEASURE" >"$out" &
    CHILD=$!
    for _ in $(seq 100); do grep -q ready "$out" && break; sleep 0.05; done
    "${send[@]}" python3 -c "$PY" send "$3" 47999 "$MEASURE"
    wait "$CHILD"; CHILD=""
    echo "$1: $(tail -n 1 "$out")"
    rm -f "$out"
  }
  measure "this side -> namespace" in "$NS_ADDR"
  measure "namespace -> this side" out "$HOST_ADDR"
  exit 0
fi

NETNS_ADDR="$NS_ADDR" NETNS_HOST_ADDR="$HOST_ADDR" ip netns exec "$NAME" "$@" &
CHILD=$!
set +e
wait "$CHILD"
rc=$?
set -e
CHILD=""
exit "$rc"
