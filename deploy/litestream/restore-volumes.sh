#!/bin/sh
# Restores the stateful services' own volumes, every service stopped: docker-compose.backup.yml's
# `restore` profile runs it (deploy/litestream/restore.Dockerfile's image), and so does
# deploy/k8s/restore/restore-job.yaml. `gymctl restore` restores into one data directory;
# here each service has a volume of its own (mounted at VOLUMES/SERVICE), so:
#
#   1. Every service's lock (VOLUMES/SERVICE/SERVICE.lock) is taken: while any service still
#      runs on its volume, nothing is touched.
#   2. gymctl restores into a scratch directory (GYM_DATA_DIR), every file checked (sizes and
#      SHA-256 against the run's manifest, PRAGMA integrity_check), all or nothing:
#        GYM_RESTORE_RUN=RUN_ID     the backup run RUN_ID (`gymctl restore --run`): every
#                                   database, auth's signing keys, messaging's attachments;
#      otherwise
#        GYM_REPLICA_URL=URL        every database from Litestream's replica
#        [GYM_RESTORE_AT=TIME]      (`gymctl restore --from-replica URL [--at TIME]`).
#   3. Each database is copied into its volume beside the old one, flushed, and renamed over
#      it (the old -wal/-shm removed first, and Litestream's local state for it).
#   4. Signing keys and attachments: a run's replace the volumes' own. A replica holds the
#      databases only: then they come from the newest complete backup run, if any (auth's
#      keys when its volume has none, the attachments messaging's volume lacks).
#
# Backup runs are read from GYM_RESTORE_BACKUPS (default /backups): one directory of runs
# (compose's shared `backups` volume), or with GYM_RESTORE_BACKUPS_BY_SERVICE=true one per
# service, BACKUPS/SERVICE (Kubernetes' <service>-backups claims), whose parts of a run are
# gathered first. GYM_RESTORE_VOLUMES (default /volumes) says where the volumes are.
set -eu
umask 077

services="auth catalog plan messaging places"
volumes=${GYM_RESTORE_VOLUMES:-/volumes}
backups=${GYM_RESTORE_BACKUPS:-/backups}
by_service=${GYM_RESTORE_BACKUPS_BY_SERVICE:-false}
scratch=${GYM_DATA_DIR:-/data}
run=${GYM_RESTORE_RUN:-}
replica=${GYM_REPLICA_URL:-}
if [ -z "$run$replica" ]; then
  echo "nothing to restore: give GYM_RESTORE_RUN=RUN_ID (a backup run) or GYM_REPLICA_URL=URL (Litestream's replica)" >&2
  exit 2
fi

# Where SERVICE's backup runs are.
runs_of() { if [ "$by_service" = true ]; then echo "$backups/$1"; else echo "$backups"; fi; }

# 1. Every service's lock, held (file descriptors 3-7) until the end.
fd=3
for s in $services; do
  [ -d "$volumes/$s" ] || { echo "no volume of $s at $volumes/$s" >&2; exit 1; }
  eval "exec $fd>>\"\$volumes/\$s/\$s.lock\""
  if ! flock -n "$fd"; then
    echo "gym-$s is still running on its volume (its lock is held): stop it first; nothing was restored" >&2
    exit 1
  fi
  fd=$((fd + 1))
done

# 2. Everything, checked, into the scratch directory.
rm -rf "$scratch/signing-keys" "$scratch/attachments" "$scratch/.runs"
if [ -n "$run" ]; then
  runs=$backups
  if [ "$by_service" = true ]; then
    # Each service's part (and its copy of the run's manifest) from its own directory.
    runs=$scratch/.runs
    mkdir -p "$runs/$run"
    for s in $services; do
      part=$(runs_of "$s")/$run
      if [ ! -f "$part/manifest.json" ] || [ ! -d "$part/$s" ]; then
        echo "$part holds no complete part of $s for run $run; nothing was restored" >&2
        exit 1
      fi
      cp -a "$part/$s" "$runs/$run/$s"
      [ -f "$runs/$run/manifest.json" ] || cp -a "$part/manifest.json" "$runs/$run/manifest.json"
    done
  fi
  echo "restoring backup run $run"
  gymctl restore --data-dir "$scratch" --backup-dir "$runs" --run "$run"
  rm -rf "$scratch/.runs"
elif [ -n "${GYM_RESTORE_AT:-}" ]; then
  gymctl restore --data-dir "$scratch" --from-replica "$replica" --at "$GYM_RESTORE_AT"
else
  gymctl restore --data-dir "$scratch" --from-replica "$replica"
fi

# 3. The databases into the volumes.
for s in $services; do
  dir=$volumes/$s
  cp "$scratch/$s.sqlite" "$dir/.$s.sqlite.restoring"
  sync "$dir/.$s.sqlite.restoring"
  # A log left beside the new file would be replayed into it: it goes first.
  rm -f "$dir/$s.sqlite-wal" "$dir/$s.sqlite-shm"
  mv -f "$dir/.$s.sqlite.restoring" "$dir/$s.sqlite"
  rm -rf "$dir/.$s.sqlite-litestream"
  sync "$dir"
  rm -f "$scratch/$s.sqlite" "$scratch/$s.sqlite-wal" "$scratch/$s.sqlite-shm"
  echo "$s: $dir/$s.sqlite restored"
done

# 4. Signing keys and attachments.
if [ -n "$run" ]; then
  # SERVICE DIRECTORY: the run's copy replaces the volume's.
  for pair in auth:signing-keys messaging:attachments; do
    s=${pair%%:*} d=${pair#*:}
    [ -d "$scratch/$d" ] || continue
    rm -rf "$volumes/$s/.$d.restoring"
    cp -a "$scratch/$d" "$volumes/$s/.$d.restoring"
    rm -rf "${volumes:?}/$s/$d"
    mv "$volumes/$s/.$d.restoring" "$volumes/$s/$d"
    rm -rf "${scratch:?}/$d"
    echo "$s: $d restored"
  done
  sync
  exit 0
fi
# The newest complete run holding SERVICE's part (run ids begin with their UTC time, so their
# order is their age; a complete run has its manifest).
newest() {
  root=$(runs_of "$1") found=""
  if [ -d "$root" ]; then
    for candidate in $(ls -1 "$root" | sort); do
      if [ -f "$root/$candidate/manifest.json" ] && [ -d "$root/$candidate/$1" ]; then found=$root/$candidate/$1; fi
    done
  fi
  echo "$found"
}
keys=$(newest auth)
if [ -z "$keys" ]; then
  echo "auth: no complete backup run; it makes new signing keys at start if its volume has none (access tokens end, refresh tokens go on)"
elif [ -d "$keys/signing-keys" ] && [ -z "$(ls -A "$volumes/auth/signing-keys" 2>/dev/null)" ]; then
  rm -rf "$volumes/auth/.signing-keys.restoring" "$volumes/auth/signing-keys"
  cp -a "$keys/signing-keys" "$volumes/auth/.signing-keys.restoring"
  mv "$volumes/auth/.signing-keys.restoring" "$volumes/auth/signing-keys"
  echo "auth: signing keys from $keys (the volume had none)"
fi
attachments=$(newest messaging)
if [ -z "$attachments" ]; then
  echo "messaging: no complete backup run; attachments are as the volume has them"
elif [ -d "$attachments/attachments" ]; then
  mkdir -p "$volumes/messaging/attachments"
  for file in "$attachments/attachments"/*; do
    [ -f "$file" ] || continue
    [ -e "$volumes/messaging/attachments/${file##*/}" ] || cp -a "$file" "$volumes/messaging/attachments/"
  done
  echo "messaging: attachments the volume lacked copied from $attachments"
fi
sync
