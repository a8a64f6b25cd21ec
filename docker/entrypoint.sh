#!/bin/sh
# Switchyard container entrypoint.
#
#   (no arguments) | serve   check the data directory, apply pending migrations, then exec the server
#   migrate                  check the data directory and apply pending migrations only
#   backup <file>            online copy of the database (VACUUM INTO) to <file>
#   restore [flags...]       litestream restore of the database from LITESTREAM_REPLICA_URL, with its flags
#                            (-timestamp 2026-01-02T03:04:05Z, -o <file>); without -o only where no database is
#   <command> [args...]      run any other command as the service user (for example: sh)
#
# Everything runs as PUID:PGID (default 1000:1000; 0:0 runs as root). Privileges are dropped with su-exec
# (alpine) or setpriv (util-linux); the server is exec'd, so it replaces this script and receives SIGTERM.
# With LITESTREAM_REPLICA_URL set, serve first restores a missing database from the replica, then runs the
# server under `litestream replicate -exec`, which streams every commit to the replica and passes SIGTERM on.
# APP_HOME, NODE_BIN, APP_SERVER, APP_MIGRATE, APP_BACKUP, LITESTREAM_BIN and LITESTREAM_CONFIG let the same
# script run outside the image.
set -eu

APP_HOME=${APP_HOME:-/app}
NODE_BIN=${NODE_BIN:-node}
APP_SERVER=${APP_SERVER:-$APP_HOME/dist/server.js}
APP_MIGRATE=${APP_MIGRATE:-$APP_HOME/dist/migrate.js}
APP_BACKUP=${APP_BACKUP:-$APP_HOME/dist/backup.js}
LITESTREAM_BIN=${LITESTREAM_BIN:-litestream}
DATA_DIR=${DATA_DIR:-$APP_HOME/data}
export DATA_DIR

fail() {
  printf 'switchyard: %s\n' "$*" >&2
  exit 1
}

is_id() {
  case $1 in '' | *[!0-9]*) return 1 ;; *) return 0 ;; esac
}

if [ "$(id -u)" = 0 ]; then
  RUN_UID=${PUID:-1000}
  RUN_GID=${PGID:-1000}
  is_id "$RUN_UID" || fail "PUID must be a numeric user id, got '$RUN_UID'"
  is_id "$RUN_GID" || fail "PGID must be a numeric group id, got '$RUN_GID'"
else
  # Started as a non-root user (docker run --user, runAsUser): identity cannot change, so run as that user.
  RUN_UID=$(id -u)
  RUN_GID=$(id -g)
  if [ "${PUID:-$RUN_UID}:${PGID:-$RUN_GID}" != "$RUN_UID:$RUN_GID" ]; then
    printf 'switchyard: started as uid:gid %s, PUID/PGID (%s:%s) ignored\n' \
      "$RUN_UID:$RUN_GID" "${PUID:-}" "${PGID:-}" >&2
  fi
fi

# run_as COMMAND [ARGS...]: runs COMMAND as RUN_UID:RUN_GID and returns its status.
run_as() {
  if [ "$RUN_UID:$RUN_GID" = "$(id -u):$(id -g)" ]; then
    "$@"
  elif command -v su-exec >/dev/null 2>&1; then
    su-exec "$RUN_UID:$RUN_GID" "$@"
  elif command -v setpriv >/dev/null 2>&1; then
    setpriv --reuid "$RUN_UID" --regid "$RUN_GID" --clear-groups -- "$@"
  else
    fail "cannot switch to uid:gid $RUN_UID:$RUN_GID: neither su-exec nor setpriv is installed"
  fi
}

# exec_as COMMAND [ARGS...]: replaces this shell with COMMAND running as RUN_UID:RUN_GID.
exec_as() {
  if [ "$RUN_UID:$RUN_GID" = "$(id -u):$(id -g)" ]; then
    exec "$@"
  elif command -v su-exec >/dev/null 2>&1; then
    exec su-exec "$RUN_UID:$RUN_GID" "$@"
  elif command -v setpriv >/dev/null 2>&1; then
    exec setpriv --reuid "$RUN_UID" --regid "$RUN_GID" --clear-groups -- "$@"
  else
    fail "cannot switch to uid:gid $RUN_UID:$RUN_GID: neither su-exec nor setpriv is installed"
  fi
}

not_writable() {
  owner=$(stat -c '%u:%g' "$1" 2>/dev/null || echo 'unknown')
  fail "$1 is not writable by uid:gid $RUN_UID:$RUN_GID (owner $owner); fix: chown -R $RUN_UID:$RUN_GID $1 (on the host, the directory mounted there), or set PUID/PGID to its owner"
}

# check_dir DIR: creates DIR for the service user when missing, then proves it writable by creating a file
# in it as that user (permission bits alone do not tell: ACLs, read-only mounts, user namespaces).
check_dir() {
  if [ ! -d "$1" ] && [ "$(id -u)" = 0 ]; then
    if mkdir -p "$1" 2>/dev/null; then chown "$RUN_UID:$RUN_GID" "$1" 2>/dev/null || true; fi
  fi
  # shellcheck disable=SC2016 # $1 is expanded by the inner shell
  run_as sh -c 'probe="$1/.switchyard-write-test.$$" && : >"$probe" && rm -f "$probe"' sh "$1" \
    >/dev/null 2>&1 || not_writable "$1"
}

# The database file, as the server resolves DATABASE_URL: file:<path>, relative paths from APP_HOME.
db_url=${DATABASE_URL:-file:$DATA_DIR/db.sqlite}
case $db_url in
  file://*) db_path=${db_url#file://} ;;
  file:*) db_path=${db_url#file:} ;;
  *) fail "DATABASE_URL must be a file: URL such as file:/app/data/db.sqlite, got '$db_url'" ;;
esac
case $db_path in
  /*) ;;
  *) db_path=$APP_HOME/${db_path#./} ;;
esac
db_dir=$(dirname "$db_path")

check_data() {
  check_dir "$DATA_DIR"
  [ "$db_dir" = "$DATA_DIR" ] || check_dir "$db_dir"
  # Files left by an earlier run under another uid (say as root with PUID=0) must be writable too.
  for f in "$db_path" "$db_path-wal" "$db_path-shm"; do
    if [ -e "$f" ]; then
      # shellcheck disable=SC2016 # $1 is expanded by the inner shell
      run_as sh -c '[ -w "$1" ]' sh "$f" || not_writable "$f"
    fi
  done
}

# ---- replication (LITESTREAM_REPLICA_URL) -------------------------------------------------------------------

# What docker/litestream.yml reads: Litestream replaces these variables in it.
litestream_setup() {
  LITESTREAM_CONFIG=${LITESTREAM_CONFIG:-$APP_HOME/docker/litestream.yml}
  metrics_url=${LITESTREAM_METRICS_URL:-http://127.0.0.1:9090/metrics}
  metrics_addr=${metrics_url#http://}
  SWITCHYARD_LITESTREAM_ADDR=${metrics_addr%%/*}
  SWITCHYARD_DB_PATH=$db_path
  LITESTREAM_SYNC_INTERVAL=${LITESTREAM_SYNC_INTERVAL:-1s}
  LITESTREAM_RETENTION=${LITESTREAM_RETENTION:-24h}
  LITESTREAM_S3_ENDPOINT=${LITESTREAM_S3_ENDPOINT:-}
  LITESTREAM_S3_REGION=${LITESTREAM_S3_REGION:-}
  export LITESTREAM_CONFIG SWITCHYARD_LITESTREAM_ADDR SWITCHYARD_DB_PATH LITESTREAM_SYNC_INTERVAL LITESTREAM_RETENTION \
    LITESTREAM_S3_ENDPOINT LITESTREAM_S3_REGION
  [ -r "$LITESTREAM_CONFIG" ] || fail "LITESTREAM_CONFIG: cannot read $LITESTREAM_CONFIG"
  # A folder replica is written by the service user: proved writable now rather than failing every sync.
  case $LITESTREAM_REPLICA_URL in
    file://*) check_dir "${LITESTREAM_REPLICA_URL#file://}" ;;
  esac
}

# On a start without a database, the replica's latest state comes first (nothing happens when there is none yet).
restore_missing_database() {
  [ -e "$db_path" ] && return 0
  # A WAL without its database would be replayed over the restored one; Litestream's own state of the old
  # file would confuse it (litestream.io/tips, "Deleting SQLite databases").
  rm -rf "$db_path-wal" "$db_path-shm" "$db_dir/.$(basename "$db_path")-litestream"
  run_as "$LITESTREAM_BIN" restore -config "$LITESTREAM_CONFIG" -if-db-not-exists -if-replica-exists "$db_path" ||
    fail "restoring $db_path from $LITESTREAM_REPLICA_URL failed (exit $?); the server was not started"
  remove_restore_leftovers "$db_path"
}

# Litestream 0.3 restores into FILE.tmp and leaves that file's empty -wal and -shm behind.
remove_restore_leftovers() {
  rm -f "$1.tmp-wal" "$1.tmp-shm"
}

# quote WORD: WORD as one single-quoted word, for Litestream's -exec, which splits its command as a shell does.
quote() {
  printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

command=${1:-serve}
[ "$#" -eq 0 ] || shift

case $command in
  serve)
    check_data
    [ -z "${LITESTREAM_REPLICA_URL:-}" ] || { litestream_setup && restore_missing_database; }
    run_as "$NODE_BIN" "$APP_MIGRATE" || fail "migrations failed (exit $?); the server was not started"
    # The flags of src/boot/node-flags.ts (SERVER_NODE_FLAGS): a small young generation keeps the server's memory low.
    if [ -z "${LITESTREAM_REPLICA_URL:-}" ]; then
      exec_as "$NODE_BIN" --max-semi-space-size=1 "$APP_SERVER" "$@"
    fi
    server=
    for word in "$NODE_BIN" --max-semi-space-size=1 "$APP_SERVER" "$@"; do server="$server $(quote "$word")"; done
    exec_as "$LITESTREAM_BIN" replicate -config "$LITESTREAM_CONFIG" -exec "$server"
    ;;
  restore)
    [ -n "${LITESTREAM_REPLICA_URL:-}" ] || fail "restore needs LITESTREAM_REPLICA_URL, the replica to restore from"
    litestream_setup
    restored=$db_path previous=
    for arg in "$@"; do
      [ "$previous" != -o ] || restored=$arg
      previous=$arg
    done
    run_as "$LITESTREAM_BIN" restore -config "$LITESTREAM_CONFIG" "$@" "$db_path" || exit
    remove_restore_leftovers "$restored"
    ;;
  migrate)
    check_data
    exec_as "$NODE_BIN" "$APP_MIGRATE" "$@"
    ;;
  backup)
    [ "$#" -ge 1 ] || fail "usage: backup <file>, for example: backup /app/data/backup.sqlite"
    exec_as "$NODE_BIN" "$APP_BACKUP" "$@"
    ;;
  *)
    exec_as "$command" "$@"
    ;;
esac
