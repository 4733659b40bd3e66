"""Listens on a unix socket for quelld's eve lines and writes what it
receives to a file, one record per line, for tests/offline/t_eve_sockets.sh.

    eve_listen.py stream|dgram SOCKET OUT [SECONDS]

stream: accepts connections one after the other and copies their bytes;
dgram: writes each datagram followed by a newline. Prints "ready" once the
socket is bound. Stops on SIGTERM or after SECONDS (default 60) at most.
"""
import os
import signal
import socket
import sys
import time


def main():
    kind, path, out = sys.argv[1], sys.argv[2], sys.argv[3]
    limit = float(sys.argv[4]) if len(sys.argv) > 4 else 60.0
    deadline = time.monotonic() + limit
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if os.path.exists(path):
        os.unlink(path)
    typ = socket.SOCK_STREAM if kind == "stream" else socket.SOCK_DGRAM
    s = socket.socket(socket.AF_UNIX, typ)
    s.bind(path)
    if kind == "stream":
        s.listen(4)
    s.settimeout(0.2)
    print("ready", flush=True)
    with open(out, "ab", buffering=0) as f:
        while time.monotonic() < deadline:
            try:
                if kind == "stream":
                    c, _ = s.accept()
                    c.settimeout(0.2)
                    while time.monotonic() < deadline:
                        try:
                            data = c.recv(65536)
                        except socket.timeout:
                            continue
                        if not data:
                            break
                        f.write(data)
                    c.close()
                else:
                    data = s.recv(1 << 20)
                    f.write(data + b"\n")
            except socket.timeout:
                continue


if __name__ == "__main__":
    main()
