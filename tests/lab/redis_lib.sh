# shellcheck shell=bash
# A real redis-server for the eve tests, inside the lab's ips namespace
# (127.0.0.1 there is the namespace's own loopback, not the host's), so
# parallel runs and a host redis never meet. Source after lib.sh.

LAB_REDIS_PORT=6379

# lab_require_redis: redis-server and redis-cli, and a quelld built with
# hiredis; else exit 99 (LAB TEST CANNOT RUN).
lab_require_redis() {
	local t
	for t in redis-server redis-cli; do
		command -v "$t" >/dev/null 2>&1 ||
			_lab_cannot_run "'$t' not found (Debian: apt-get install redis-server redis-tools)"
	done
	"$QUELL_TOP_BUILDDIR/daemon/quelld" --build-info 2>/dev/null | grep -q 'hiredis: yes' ||
		_lab_cannot_run "daemon/quelld was built without hiredis (configure found no libhiredis-dev)"
}

# lab_redis CMD...: redis-cli against the lab's redis.
lab_redis() {
	lab_ips redis-cli -h 127.0.0.1 -p "$LAB_REDIS_PORT" "$@"
}

# lab_start_redis [NAME]: start redis-server (no persistence) in the ips
# namespace and wait (at most 10 s) until it answers PING.
lab_start_redis() {
	local name="${1:-redis}" i
	_lab_spawn "$name" "$LAB_NS_I" "$(readlink -f "$(command -v redis-server)")" \
		redis-server --bind 127.0.0.1 --port "$LAB_REDIS_PORT" --save "" \
		--appendonly no --daemonize no --protected-mode no
	for ((i = 0; i < 100; i++)); do
		[ "$(lab_redis ping 2>/dev/null)" = PONG ] && return 0
		_lab_alive "${LAB_PID[$name]}" || break
		sleep 0.1
	done
	lab_fail "redis-server did not answer PING within 10 s"
}
