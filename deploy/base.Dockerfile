# gym-base:bookworm, the base of deploy/runtime.Dockerfile, on a machine that reaches a
# registry and Debian's mirror:
#   docker build -t gym-base:bookworm -f deploy/base.Dockerfile deploy
# scripts/container-check makes the same image offline from debootstrap (minbase with
# these packages) and `docker import`. The executables are built with
# --static-swift-stdlib; besides glibc, libstdc++ and zlib they need only SQLite,
# Foundation reads IANA time zones from tzdata, and auth checks its SMTP relay's
# certificate against the system's trust store (ca-certificates).
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-0 tzdata ca-certificates \
    && rm -rf /var/lib/apt/lists/*
