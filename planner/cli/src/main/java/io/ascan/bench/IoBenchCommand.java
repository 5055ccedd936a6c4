package io.ascan.bench;

import io.ascan.io.BlockReader;
import io.ascan.io.BlockReaders;
import io.ascan.io.IoMode;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ascan bench io}: sequential direct-read bandwidth of a file, comparable with fio. */
public final class IoBenchCommand extends BenchCommand {
    public IoBenchCommand() {
        super("io");
    }

    @Override
    public Object command() {
        return new Run();
    }

    @Command(name = "io", mixinStandardHelpOptions = true,
            description = {"Reads FILE sequentially with O_DIRECT, DEPTH reads of BS bytes in flight, and prints "
                    + "the bandwidth. The last line is 'MB/s: <number>' (median over the runs; MB = 10^6 bytes).", "",
                    "Compare with: fio --name=r --filename=FILE --ioengine=io_uring --direct=1 --rw=read --bs=2m --iodepth=16"})
    static final class Run implements Callable<Integer> {
        @Option(names = "--file", required = true, description = "File to read.")
        Path file;

        @Option(names = "--bs", defaultValue = "2097152", description = "Block size in bytes, a multiple of 4096 (default: ${DEFAULT-VALUE}).")
        int blockSize;

        @Option(names = "--depth", defaultValue = "16", description = "Reads in flight (default: ${DEFAULT-VALUE}).")
        int depth;

        @Option(names = "--io", defaultValue = "uring", description = "Reader: uring or portable (default: ${DEFAULT-VALUE}).")
        String io;

        @Option(names = "--runs", defaultValue = "1", description = "Repetitions; the disk is noisy (default: ${DEFAULT-VALUE}).")
        int runs;

        @Override
        public Integer call() throws Exception {
            if (!Files.isRegularFile(file)) throw new NoSuchFileException(file.toString(), null, "not a readable file");
            if (depth < 1 || runs < 1) throw new IllegalArgumentException("--depth and --runs must be at least 1");
            if (blockSize <= 0 || blockSize % BlockReader.ALIGNMENT != 0) {
                throw new IllegalArgumentException("--bs must be a positive multiple of " + BlockReader.ALIGNMENT);
            }
            double[] mbs = new double[runs];
            try (BlockReader reader = BlockReaders.open(IoMode.parse(io), depth)) {
                for (int r = 0; r < runs; r++) {
                    SequentialRead.Result res = SequentialRead.run(reader, file, blockSize);
                    mbs[r] = res.megabytesPerSecond();
                    System.out.printf(Locale.ROOT, "run %d: reader=%s bs=%d depth=%d bytes=%d seconds=%.3f MB/s=%.1f%n",
                            r + 1, reader.name(), blockSize, depth, res.bytes(), res.nanos() / 1e9, mbs[r]);
                }
            }
            Arrays.sort(mbs);
            double median = runs % 2 == 1 ? mbs[runs / 2] : (mbs[runs / 2 - 1] + mbs[runs / 2]) / 2;
            System.out.printf(Locale.ROOT, "MB/s: %.1f%n", median);
            return 0;
        }
    }
}
