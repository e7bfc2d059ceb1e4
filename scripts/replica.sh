#!/usr/bin/env bash
# A streaming hot standby for the replica tests, made with pg_basebackup -R:
#
#   scripts/replica.sh start <primary-port> <standby-port> <folder>
#     Uses the PostgreSQL on 127.0.0.1:<primary-port> when it accepts replication connections;
#     otherwise starts a fresh primary there in <folder>/primary. Then copies it into
#     <folder>/standby and starts that on <standby-port>. Prints the two addresses to export:
#     TEST_REPLICA_PRIMARY_URL and TEST_REPLICA_URL (as the role watchfloor_ci, which it creates).
#   scripts/replica.sh stop <folder>
#     Stops what start started and removes the folder.
#
# Run as root (the servers run as the postgres user) or as the postgres user.
set -euo pipefail

as_postgres() { if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi; }
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)

command=${1:-}
case "$command" in
start)
  primary_port=$2
  standby_port=$3
  folder=$4
  mkdir -p "$folder"
  chown postgres "$folder"
  if ! as_postgres "$pgbin/psql" -q "host=127.0.0.1 port=$primary_port user=postgres replication=database dbname=postgres" \
    -c IDENTIFY_SYSTEM >/dev/null 2>&1; then
    if "$pgbin/pg_isready" -q -h 127.0.0.1 -p "$primary_port"; then
      echo "PostgreSQL on port $primary_port refuses replication connections and the port is taken" >&2
      exit 1
    fi
    as_postgres "$pgbin/initdb" -D "$folder/primary" -A trust -U postgres >/dev/null
    cat >>"$folder/primary/postgresql.conf" <<EOF
wal_level = replica
max_wal_senders = 4
listen_addresses = '127.0.0.1'
unix_socket_directories = '$folder'
EOF
    echo "host replication postgres 127.0.0.1/32 trust" >>"$folder/primary/pg_hba.conf"
    as_postgres "$pgbin/pg_ctl" -D "$folder/primary" -o "-p $primary_port" -l "$folder/primary.log" -w start >/dev/null
    echo "$folder/primary" >"$folder/started"
  fi
  as_postgres "$pgbin/psql" -q -h 127.0.0.1 -p "$primary_port" -U postgres -d postgres -c "do \$\$ begin
    if not exists (select from pg_roles where rolname = 'watchfloor_ci') then
      create role watchfloor_ci login createdb createrole nosuperuser nobypassrls;
    end if;
  end \$\$" >/dev/null
  as_postgres "$pgbin/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres -D "$folder/standby" -R -X stream -c fast
  cat >>"$folder/standby/postgresql.conf" <<EOF
hot_standby = on
port = $standby_port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$folder'
EOF
  as_postgres "$pgbin/pg_ctl" -D "$folder/standby" -l "$folder/standby.log" -w start >/dev/null
  echo "$folder/standby" >>"$folder/started"
  echo "TEST_REPLICA_PRIMARY_URL=postgres://watchfloor_ci@127.0.0.1:$primary_port/postgres"
  echo "TEST_REPLICA_URL=postgres://watchfloor_ci@127.0.0.1:$standby_port/postgres"
  ;;
stop)
  folder=$2
  if [ -f "$folder/started" ]; then
    # The standby first: it would otherwise keep asking the stopped primary for WAL.
    tac "$folder/started" | while read -r data; do
      as_postgres "$pgbin/pg_ctl" -D "$data" -m fast -w stop >/dev/null || true
    done
  fi
  rm -rf "$folder"
  ;;
*)
  echo "usage: $0 start <primary-port> <standby-port> <folder> | stop <folder>" >&2
  exit 2
  ;;
esac
