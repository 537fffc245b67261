#!/bin/bash
# Stops the cluster start.sh made in CEPH_DIR, gateway first, by the PIDs in its pid files: each daemon
# gets SIGTERM and 10 s to exit, then SIGKILL. Removes CEPH_DIR unless CEPH_KEEP_DIR=1.
dir=${CEPH_DIR:-/tmp/modelhub-ceph}
for name in client.rgw osd.0 mon.a; do
  file="$dir/run/$name.pid"
  [ -f "$file" ] || continue
  pid=$(cat "$file")
  kill "$pid" 2>/dev/null || continue
  for _ in $(seq 1 50); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null
done
if [ "${CEPH_KEEP_DIR:-}" != "1" ]; then rm -rf "$dir"; fi
exit 0
