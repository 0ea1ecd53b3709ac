# The image of docker-compose.replication.yml's `restore` profile: the gym image (gymctl)
# with Litestream's executable (the version of deploy/litestream/requirements.txt) and
# restore-volumes.sh beside it. Built by compose from deploy/litestream:
#   docker build --build-arg GYM_IMAGE=gym-tools:dev -f deploy/litestream/restore.Dockerfile deploy/litestream
ARG GYM_IMAGE=gym-tools:dev
ARG LITESTREAM_IMAGE=litestream/litestream:0.5.17
FROM ${LITESTREAM_IMAGE} AS litestream

FROM ${GYM_IMAGE}
USER root
COPY --from=litestream /usr/local/bin/litestream /usr/local/bin/litestream
COPY restore-volumes.sh /usr/local/bin/gym-restore-volumes
# Where the services' volumes are mounted: a volume new on this machine (a lost disk) takes
# this owner and mode, which the services need.
RUN chmod 755 /usr/local/bin/gym-restore-volumes \
    && mkdir -p /volumes/auth /volumes/catalog /volumes/plan /volumes/messaging /volumes/places \
    && chown 10001:10001 /volumes/auth /volumes/catalog /volumes/plan /volumes/messaging /volumes/places \
    && chmod 700 /volumes/auth /volumes/catalog /volumes/plan /volumes/messaging /volumes/places \
    && /usr/local/bin/litestream version
USER 10001:10001
# A one-off command, not a server.
HEALTHCHECK NONE
ENTRYPOINT ["gym-restore-volumes"]
