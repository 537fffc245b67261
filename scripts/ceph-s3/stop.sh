#!/bin/bash
# Stops the cluster start.sh made in CEPH_DIR (by the PIDs in its pid files) and waits for the daemons to exit.
dir=${CEPH_DIR:-/tmp/modelhub-ceph}
daemons="client.rgw osd.0 mon.a"
for name in $daemons; do
  file="$dir/run/$name.pid"
  [ -f "$file" ] && kill "$(cat "$file")" 2>/dev/null
done
for name in $daemons; do
  file="$dir/run/$name.pid"
  for _ in $(seq 1 50); do
    { [ -f "$file" ] && kill -0 "$(cat "$file")" 2>/dev/null; } || break
    sleep 0.2
  done
done
if [ "${CEPH_KEEP_DIR:-}" != "1" ]; then rm -rf "$dir"; fi
exit 0
