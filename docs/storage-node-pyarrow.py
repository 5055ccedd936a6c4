"""Reads a table of an ascan storage node in parallel with pyarrow's Flight client.

One GetFlightInfo gives the table's schema and its endpoints (one per range of 16 slices); each
endpoint's ticket is read with its own DoGet, several at once. The bearer token, when the node
has one, goes in the "authorization" header of every call.

usage: python3 storage-node-pyarrow.py grpc://HOST:PORT TABLE [COLUMN [TOKEN_FILE]]
prints the table's row count and, given COLUMN, the column's sum (NULLs skipped).
"""
import sys
from concurrent.futures import ThreadPoolExecutor

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.flight as flight


def read_table(url, table, token=None, parallel=4):
    client = flight.FlightClient(url)
    headers = [(b"authorization", b"Bearer " + token.encode())] if token else []
    options = flight.FlightCallOptions(headers=headers)
    info = client.get_flight_info(flight.FlightDescriptor.for_path(table), options)

    def read(endpoint):
        # every endpoint of one node names that node: the client at hand reads it
        return client.do_get(endpoint.ticket, options).read_all()

    with ThreadPoolExecutor(parallel) as pool:
        parts = list(pool.map(read, info.endpoints))
    return pa.concat_tables(parts) if parts else info.schema.empty_table()


if __name__ == "__main__":
    url, name = sys.argv[1], sys.argv[2]
    column = sys.argv[3] if len(sys.argv) > 3 else None
    token = open(sys.argv[4]).read().strip() if len(sys.argv) > 4 else None
    t = read_table(url, name, token)
    print(t.num_rows)
    if column:
        print(pc.sum(t[column]).as_py())
