# gym-base:bookworm, the base of deploy/runtime.Dockerfile, on a machine that reaches a
# registry and Debian's mirror:
#   docker build -t gym-base:bookworm -f deploy/base.Dockerfile deploy
# scripts/container-check makes the same image offline from debootstrap (minbase with
# these packages) and `docker import`. The executables are statically linked (Swift's
# runtime, Foundation, glibc, libstdc++, zlib and SQLite inside them); of the base they
# read only IANA time zones (tzdata, for Foundation) and the system's trust store
# (ca-certificates, for auth's SMTP relay). The tools image adds a shell to gymctl.
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends tzdata ca-certificates \
    && rm -rf /var/lib/apt/lists/*
