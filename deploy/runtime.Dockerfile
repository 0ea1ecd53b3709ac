# The platform's images from executables built on the host (no Swift in any image):
#   swift build -c release --static-swift-stdlib -Xswiftc -static-executable --scratch-path .build-static
#   deploy/stage-dist.sh .build-static/release deploy/dist   (stripped; symbols in deploy/dist-debug)
#   docker build --target auth -t gym-auth:host -f deploy/runtime.Dockerfile deploy
#   … one per service (auth, catalog, plan, messaging, places, gateway); without --target:
#   the operator's tools image (gymctl). docker-compose.host.yml does all of it.
# The build context is deploy/ and deploy/.dockerignore sends only dist/.
# BASE is Debian bookworm with tzdata and ca-certificates: deploy/base.Dockerfile,
# or the debootstrap image scripts/container-check imports when no registry is reachable.
# The service images keep only the files of it that the executables load.
ARG BASE=gym-base:bookworm

FROM scratch AS dist
COPY dist/ /dist/

# ---- From here on the same in deploy/Dockerfile and deploy/runtime.Dockerfile ----------
# (DeploymentTests/ImageTests holds the two to it.) The stages take the staged executables
# from the `dist` stage above.

# The root file system every service image starts from: the files the executables read and
# nothing else (no shell, no package manager, no loader, no shared library: the
# executables are static, Swift's runtime, Foundation, glibc, libstdc++, zlib and SQLite
# linked in): IANA time zones (Foundation's calendars; not the leap-second "right/" copies,
# 1.9 MB no calendar reads), the CA bundle (auth's SMTP relay), and the platform's user.
FROM ${BASE} AS root
COPY --from=dist /dist/ /dist/
RUN set -eu; r=/rootfs; \
    mkdir -p $r/usr/local/bin $r/etc $r/tmp $r/data $r/backups; \
    for f in /dist/gym-*; do \
      if ldd "$f" >/dev/null 2>&1; then echo "$f is linked dynamically; the service images hold no shared library" >&2; exit 1; fi; \
    done; \
    cp -a --parents /usr/share/zoneinfo /etc/ssl/certs/ca-certificates.crt $r/; \
    rm -rf $r/usr/share/zoneinfo/right; \
    test -f $r/usr/share/zoneinfo/Europe/London; \
    printf 'root:x:0:0:root:/nonexistent:/nonexistent\ngym:x:10001:10001:gym:/nonexistent:/nonexistent\n' >$r/etc/passwd; \
    printf 'root:x:0:\ngym:x:10001:\n' >$r/etc/group; \
    printf 'hosts: files dns\n' >$r/etc/nsswitch.conf; \
    chown 10001:10001 $r/data $r/backups; chmod 700 $r/data $r/backups; chmod 1777 $r/tmp

FROM scratch AS minimal
COPY --from=root /rootfs/ /
ENV PATH=/usr/local/bin GYM_DATA_DIR=/data
WORKDIR /data
USER 10001:10001

# One image per service: its executable (stripped; the symbols are in dist-debug/, kept
# apart) and its resource bundle. `gym-SERVICE health` is the health check: it reads
# GYM_HEALTH_ADDR, the service's own address.
FROM minimal AS auth
COPY --from=dist /dist/gym-auth /usr/local/bin/
COPY --from=dist /dist/gym_GymAuth.resources/ /usr/local/bin/gym_GymAuth.resources/
ENV GYM_HEALTH_ADDR=127.0.0.1:7001
HEALTHCHECK --interval=5s --timeout=3s --start-period=30s --retries=5 CMD ["gym-auth", "health"]
CMD ["gym-auth"]

FROM minimal AS catalog
COPY --from=dist /dist/gym-catalog /usr/local/bin/
COPY --from=dist /dist/gym_GymCatalog.resources/ /usr/local/bin/gym_GymCatalog.resources/
ENV GYM_HEALTH_ADDR=127.0.0.1:7002
HEALTHCHECK --interval=5s --timeout=3s --start-period=30s --retries=5 CMD ["gym-catalog", "health"]
CMD ["gym-catalog"]

FROM minimal AS plan
COPY --from=dist /dist/gym-plan /usr/local/bin/
ENV GYM_HEALTH_ADDR=127.0.0.1:7003
HEALTHCHECK --interval=5s --timeout=3s --start-period=30s --retries=5 CMD ["gym-plan", "health"]
CMD ["gym-plan"]

FROM minimal AS messaging
COPY --from=dist /dist/gym-messaging /usr/local/bin/
ENV GYM_HEALTH_ADDR=127.0.0.1:7004
HEALTHCHECK --interval=5s --timeout=3s --start-period=30s --retries=5 CMD ["gym-messaging", "health"]
CMD ["gym-messaging"]

FROM minimal AS places
COPY --from=dist /dist/gym-places /usr/local/bin/
ENV GYM_HEALTH_ADDR=127.0.0.1:7005
HEALTHCHECK --interval=5s --timeout=3s --start-period=30s --retries=5 CMD ["gym-places", "health"]
CMD ["gym-places"]

FROM minimal AS gateway
COPY --from=dist /dist/gym-gateway /usr/local/bin/
ENV GYM_HEALTH_ADDR=127.0.0.1:7000
HEALTHCHECK --interval=5s --timeout=3s --start-period=30s --retries=5 CMD ["gym-gateway", "health"]
CMD ["gym-gateway"]

# The operator's image (the default target): gymctl on the Debian base, with a shell, for
# what operators run beside the platform (scheduled backups, restores, imports, gymctl
# commands from inside the network); no service runs from it.
FROM ${BASE} AS tools
RUN groupadd --system --gid 10001 gym \
    && useradd --system --uid 10001 --gid 10001 --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin gym \
    && mkdir /data /backups && chown 10001:10001 /data /backups && chmod 700 /data /backups
COPY --from=dist /dist/gymctl /usr/local/bin/
COPY --from=dist /dist/gym_GymAuth.resources/ /usr/local/bin/gym_GymAuth.resources/
COPY --from=dist /dist/gym_GymCatalog.resources/ /usr/local/bin/gym_GymCatalog.resources/
RUN set -e; for f in /usr/local/bin/gym*; do \
      if ldd "$f" | grep 'not found'; then echo "$f: missing libraries in the base image" >&2; exit 1; fi; \
    done
ENV GYM_DATA_DIR=/data
WORKDIR /data
USER 10001:10001
