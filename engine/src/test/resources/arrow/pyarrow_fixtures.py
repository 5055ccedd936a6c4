# Makes the pyarrow-written fixtures of ImportArrowTest (run from this directory; pyarrow 26):
#   python3 pyarrow_fixtures.py
# Row r (0-based) has id = r, x = r / 4, s = 's<r>', dt = 1992-01-01 + r days, flag = r even,
# dec = (r * 7 - 5000) / 100 as DECIMAL(10,2); every column but id is NULL where (r + column index) % 5 == 0.
import datetime
import decimal
import pyarrow as pa
import pyarrow.feather as feather
import pyarrow.ipc as ipc

ROWS = 3000

def column(index, value):
    return [None if (r + index) % 5 == 0 else value(r) for r in range(ROWS)]

table = pa.table({
    "id": pa.array(range(ROWS), pa.int32()),
    "x": pa.array(column(1, lambda r: r / 4), pa.float64()),
    "s": pa.array(column(2, lambda r: "s%d" % r), pa.string()),
    "dt": pa.array(column(3, lambda r: datetime.date(1992, 1, 1) + datetime.timedelta(days=r)), pa.date32()),
    "flag": pa.array(column(4, lambda r: r % 2 == 0), pa.bool_()),
    "dec": pa.array(column(5, lambda r: decimal.Decimal(r * 7 - 5000).scaleb(-2)), pa.decimal128(10, 2)),
})

feather.write_feather(table, "pyarrow-default.feather", chunksize=1000)  # Feather v2: LZ4 frame by default
with ipc.new_stream("pyarrow-zstd.arrows", table.schema, options=ipc.IpcWriteOptions(compression="zstd")) as w:
    w.write_table(table, max_chunksize=1000)
