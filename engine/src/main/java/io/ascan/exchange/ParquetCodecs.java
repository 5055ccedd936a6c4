package io.ascan.exchange;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * Parquet page compression without Hadoop. parquet-java's own codec factories instantiate Hadoop
 * {@code Configuration} and codec classes, which would drag in Hadoop's runtime; these codecs
 * call the compression libraries parquet-java already depends on (snappy-java, zstd-jni,
 * aircompressor) or the JDK (gzip) directly. Pages are small (about 1 MiB), so whole-array
 * calls are fine.
 */
final class ParquetCodecs implements CompressionCodecFactory {
    static final ParquetCodecs INSTANCE = new ParquetCodecs();
    private static final int ZSTD_LEVEL = 3;

    /** One codec: both directions over whole pages. */
    private interface Codec {
        byte[] compress(byte[] in) throws IOException;

        byte[] decompress(byte[] in, int uncompressedSize) throws IOException;
    }

    private ParquetCodecs() {}

    private static Codec codec(CompressionCodecName name) {
        return switch (name) {
            case UNCOMPRESSED -> new Codec() {
                public byte[] compress(byte[] in) { return in; }
                public byte[] decompress(byte[] in, int size) { return in; }
            };
            case SNAPPY -> new Codec() {
                public byte[] compress(byte[] in) throws IOException { return Snappy.compress(in); }
                public byte[] decompress(byte[] in, int size) throws IOException { return Snappy.uncompress(in); }
            };
            case ZSTD -> new Codec() {
                public byte[] compress(byte[] in) { return Zstd.compress(in, ZSTD_LEVEL); }
                public byte[] decompress(byte[] in, int size) { return Zstd.decompress(in, size); }
            };
            case GZIP -> new Codec() {
                public byte[] compress(byte[] in) throws IOException {
                    ByteArrayOutputStream out = new ByteArrayOutputStream(in.length / 2 + 64);
                    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
                        gz.write(in);
                    }
                    return out.toByteArray();
                }

                public byte[] decompress(byte[] in, int size) throws IOException {
                    try (InputStream gz = new GZIPInputStream(new ByteArrayInputStream(in))) {
                        return gz.readNBytes(size);
                    }
                }
            };
            case LZ4_RAW -> new Codec() {
                public byte[] compress(byte[] in) {
                    var c = new io.airlift.compress.lz4.Lz4Compressor();
                    byte[] out = new byte[c.maxCompressedLength(in.length)];
                    int n = c.compress(in, 0, in.length, out, 0, out.length);
                    return java.util.Arrays.copyOf(out, n);
                }

                public byte[] decompress(byte[] in, int size) {
                    byte[] out = new byte[size];
                    new io.airlift.compress.lz4.Lz4Decompressor().decompress(in, 0, in.length, out, 0, size);
                    return out;
                }
            };
            default -> throw new UserException("Parquet compression " + name + " is not supported "
                    + "(supported: uncompressed, snappy, zstd, gzip, lz4_raw)");
        };
    }

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName name) {
        Codec codec = codec(name);
        return new BytesInputCompressor() {
            @Override
            public BytesInput compress(BytesInput bytes) throws IOException {
                return BytesInput.from(codec.compress(bytes(bytes)));
            }

            @Override
            public CompressionCodecName getCodecName() {
                return name;
            }

            @Override
            public void release() {}
        };
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName name) {
        Codec codec = codec(name);
        return new BytesInputDecompressor() {
            @Override
            public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
                return BytesInput.from(checked(codec.decompress(bytes(bytes), uncompressedSize), uncompressedSize));
            }

            @Override
            public void decompress(ByteBuffer in, int compressedSize, ByteBuffer out, int uncompressedSize)
                    throws IOException {
                byte[] src = new byte[compressedSize];
                in.duplicate().get(src);
                out.put(checked(codec.decompress(src, uncompressedSize), uncompressedSize));
            }

            @Override
            public void release() {}
        };
    }

    private static byte[] bytes(BytesInput in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.toIntExact(in.size()));
        in.writeAllTo(out);
        return out.toByteArray();
    }

    private static byte[] checked(byte[] page, int expected) throws IOException {
        if (page.length != expected) {
            throw new IOException("corrupt Parquet page: decompressed to " + page.length + " bytes, expected " + expected);
        }
        return page;
    }

    @Override
    public void release() {}
}
