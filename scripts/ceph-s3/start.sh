#!/bin/bash
# Starts a throw-away single-node Ceph (Debian 12, Pacific) serving S3 on 127.0.0.1: one monitor, one
# OSD keeping its data in memory (memstore, CEPH_OSD_BYTES, 2 GiB by default) and radosgw. No cephx
# between the daemons. Needs: ceph-mon ceph-osd radosgw ceph-common curl (see .ci/run).
#   CEPH_DIR=/tmp/c RGW_PORT=7480 MON_PORT=3300 S3_ACCESS_KEY=AK S3_SECRET_KEY=SK scripts/ceph-s3/start.sh
# Every cluster running at once needs its own CEPH_DIR, RGW_PORT and MON_PORT. Stop it with stop.sh.
set -euo pipefail
dir=${CEPH_DIR:-/tmp/modelhub-ceph}
rgw_port=${RGW_PORT:-7480}
mon_port=${MON_PORT:-3300}
access_key=${S3_ACCESS_KEY:-MODELHUBTESTKEY}
secret_key=${S3_SECRET_KEY:-modelhub-test-secret-0123456789}
osd_bytes=${CEPH_OSD_BYTES:-2147483648}

rm -rf "$dir"
mkdir -p "$dir/mon" "$dir/osd0" "$dir/log" "$dir/run"
fsid=$(cat /proc/sys/kernel/random/uuid)
export CEPH_CONF="$dir/ceph.conf"
# crc mode matters: without auth, a client asking for a secure session waits minutes for nothing.
cat >"$CEPH_CONF" <<CONF
[global]
fsid = $fsid
mon_host = v2:127.0.0.1:$mon_port
public_addr = 127.0.0.1
ms_bind_ipv6 = false
auth_cluster_required = none
auth_service_required = none
auth_client_required = none
ms_mon_client_mode = crc
client_mount_timeout = 30
run_dir = $dir/run
log_file = $dir/log/\$name.log
admin_socket = $dir/run/\$name.asok
pid_file = $dir/run/\$name.pid
osd_pool_default_size = 1
osd_pool_default_min_size = 1
osd_pool_default_pg_num = 8
osd_pool_default_pgp_num = 8
osd_crush_chooseleaf_type = 0
mon_allow_pool_size_one = true
mon_allow_pool_delete = true
mon_max_pg_per_osd = 1000
mon_warn_on_pool_no_redundancy = false
mon_data_avail_warn = 1
mon_data_avail_crit = 0
[mon]
mon_data = $dir/mon
paxos_propose_interval = 0.05
paxos_min_wait = 0.01
[osd]
osd_data = $dir/osd\$id
osd_objectstore = memstore
memstore_device_bytes = $osd_bytes
[client.rgw]
rgw_frontends = beast endpoint=127.0.0.1:$rgw_port
rgw_dns_name = localhost
CONF

monmaptool --create --addv a "[v2:127.0.0.1:$mon_port]" --fsid "$fsid" "$dir/monmap" >/dev/null
ceph-mon --mkfs -i a --monmap "$dir/monmap"
ceph-mon -i a
osd_uuid=$(cat /proc/sys/kernel/random/uuid)
ceph osd new "$osd_uuid" >/dev/null
ceph-osd -i 0 --mkfs --osd-uuid "$osd_uuid" 2>/dev/null
ceph-osd -i 0 2>/dev/null
radosgw -n client.rgw

up=""
for _ in $(seq 1 120); do
  if curl -sf -o /dev/null "http://127.0.0.1:$rgw_port/"; then up=1; break; fi
  sleep 0.5
done
if [ -z "$up" ]; then
  echo "radosgw did not answer on port $rgw_port" >&2
  tail -n 40 "$dir"/log/*.log >&2 || true
  exit 1
fi
radosgw-admin user create --uid=modelhub --display-name=modelhub \
  --access-key="$access_key" --secret-key="$secret_key" >/dev/null
echo "S3 endpoint http://127.0.0.1:$rgw_port access key $access_key"
