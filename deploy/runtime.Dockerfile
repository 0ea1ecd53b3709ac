# The gym image from executables built on the host (no Swift in the image):
#   swift build -c release --static-swift-stdlib
#   deploy/stage-dist.sh .build/release deploy/dist
#   docker build -t gym-platform:host -f deploy/runtime.Dockerfile deploy
# The build context is deploy/ and deploy/.dockerignore sends only dist/.
# BASE is Debian bookworm with libsqlite3-0, tzdata and ca-certificates: deploy/base.Dockerfile, or the
# debootstrap image scripts/container-check imports when no registry is reachable.
# Everything from `RUN useradd` down matches the last stage of deploy/Dockerfile.
ARG BASE=gym-base:bookworm
FROM ${BASE}
# /data and /backups are where the volumes go (docker-compose.backup.yml mounts `backups`);
# a new named volume takes the owner and mode of the directory it is mounted on.
RUN groupadd --system --gid 10001 gym \
    && useradd --system --uid 10001 --gid 10001 --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin gym \
    && mkdir /data /backups && chown 10001:10001 /data /backups && chmod 700 /data /backups
COPY dist/ /usr/local/bin/
# Fails the build when the base lacks a library the executables link, or a bundle is missing.
RUN set -e; for f in /usr/local/bin/gym*; do \
      if ldd "$f" | grep 'not found'; then echo "$f: missing libraries in the base image" >&2; exit 1; fi; \
    done; \
    test -d /usr/local/bin/gym_GymAuth.resources && test -d /usr/local/bin/gym_GymCatalog.resources; \
    test -f /usr/share/zoneinfo/Europe/London
ENV GYM_DATA_DIR=/data
WORKDIR /data
USER 10001:10001
# GYM_HEALTH_ADDR is the container's own gRPC address (e.g. 127.0.0.1:7001); compose and
# Kubernetes set their own checks per service (gymctl health, grpc probes).
HEALTHCHECK --interval=5s --timeout=3s --start-period=30s --retries=5 \
  CMD ["/bin/sh", "-c", "exec gymctl health --addr \"${GYM_HEALTH_ADDR:?GYM_HEALTH_ADDR is not set}\""]
