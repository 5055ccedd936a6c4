package io.ascan.planner;

import io.ascan.engine.EngineConfig;
import io.ascan.engine.EngineProperties;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EnginePropertiesTest {
    @ParameterizedTest
    @CsvSource({"0, 0", "4096, 4096", "1_000_000, 1000000", "512k, 524288", "512m, 536870912", "4G, 4294967296", "1t, 1099511627776"})
    void cacheBytesTakesBinarySuffixes(String text, long bytes) {
        assertEquals(bytes, EngineProperties.parse(Map.of("cache.bytes", text)).cacheBytes());
    }

    @Test
    void cacheBytesDefaultsToTheAutomaticSize() {
        assertEquals(EngineConfig.DEFAULT_CACHE, EngineProperties.parse(Map.of()).cacheBytes());
        assertEquals(EngineConfig.DEFAULT_CACHE, EngineConfig.DEFAULTS.cacheBytes());
        assertTrue(EngineProperties.NAMES.containsKey("cache.bytes"));
    }

    @Test
    void absurdCacheBytesAreErrors() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EngineProperties.parse(Map.of("cache.bytes", "99999999999t")));
        assertEquals("cache.bytes is too large: 99999999999t (at most 2^63 - 1 bytes)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> EngineProperties.parse(Map.of("cache.bytes", "m")));
        assertTrue(e.getMessage().startsWith("cache.bytes must be a byte count"), e.getMessage());
    }

    @Test
    void execBitmapsDefaultsToAutoAndRefusesOtherValues() {
        assertEquals(io.ascan.scan.BitmapUse.AUTO, EngineProperties.parse(Map.of()).query().bitmaps());
        assertEquals(io.ascan.scan.BitmapUse.FORCE, EngineProperties.parse(Map.of("exec.bitmaps", " Force ")).query().bitmaps());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EngineProperties.parse(Map.of("exec.bitmaps", "always")));
        assertEquals("exec.bitmaps must be one of off, auto, force, got 'always'", e.getMessage());
    }

    @Test
    void scanSelfServeDefaultsToTrueAndRefusesOtherValues() {
        assertTrue(EngineProperties.parse(Map.of()).query().selfServe());
        assertFalse(EngineProperties.parse(Map.of("scan.selfServe", " false ")).query().selfServe());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EngineProperties.parse(Map.of("scan.selfServe", "yes")));
        assertEquals("scan.selfServe must be one of true, false, got 'yes'", e.getMessage());
    }
}
