# ascan storage node image (docs/storage-node.md): the launcher's classes and their jars on a JDK 25
# runtime, no build tools. Build from the repository root:
#   docker build -f docker/storage-node.Dockerfile -t ascan-storage-node .
#   docker run --rm -p 47470:47470 -v /path/to/catalog:/data:ro ascan-storage-node
# The same image runs any ascan command or the sqlline JDBC shell (docker/compose.yaml shows both).
# io_uring inside a container needs a seccomp profile that allows io_uring_setup/enter; without it
# the node reads with its portable reader and logs so.

FROM eclipse-temurin:25-jdk AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends unzip \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# Only the launcher's module and what it needs; then its jar and every jar of its runtime class path in one directory.
RUN ./mvnw -B -q -DskipTests -Djmh.jar.skip=true -Djdbc.jar.skip=true -pl planner/cli -am package \
    && mkdir -p /out/lib \
    && cp planner/cli/target/cli-*[0-9T].jar /out/lib/ \
    && tr ':' '\n' < planner/cli/target/launcher.classpath | xargs -I{} cp {} /out/lib/

FROM eclipse-temurin:25-jre
RUN apt-get update \
    && apt-get install -y --no-install-recommends liburing2 libnuma1 \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home-dir /opt/ascan ascan
COPY --from=build /out/lib /opt/ascan/lib
USER ascan
EXPOSE 47470
# The ./ascan launcher's JVM flags: native access for io_uring/FFM, java.nio opened to Arrow.
ENTRYPOINT ["java", "--enable-native-access=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED", \
            "--sun-misc-unsafe-memory-access=allow", "-cp", "/opt/ascan/lib/*"]
CMD ["io.ascan.cli.Main", "storage-node", "--dir", "/data", "--host", "0.0.0.0", "--port", "47470", "--storage-threads", "2"]
