#!/usr/bin/env python3
"""Raw HTTP/1.1 requests for the quell lab, each write its own TCP segment.

    http_client.py HOST PORT PIECE [PIECE ...]

Connects (5 s timeout), sends each PIECE (Python escapes: \\r\\n) with
TCP_NODELAY and 0.3 s between them, so that each is a segment of its own
(a request split across segments, or pipelined requests one per
segment), then reads until the server closes, 3 s pass without data, or
10 s in all. Prints the number of HTTP responses read ("responses N") and
the status line of each, and exits 0; exits 2 when it cannot connect.
Standard library only; bounded in time and bytes (1 MiB).
"""

import socket
import sys
import time


def main():
    host, port, pieces = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    fam = socket.AF_INET6 if ":" in host else socket.AF_INET
    s = socket.socket(fam, socket.SOCK_STREAM)
    s.settimeout(5)
    try:
        s.connect((host, port))
    except OSError as e:
        print("connect failed: %s" % e)
        return 2
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    for i, p in enumerate(pieces):
        if i:
            time.sleep(0.3)
        try:
            s.sendall(p.encode().decode("unicode_escape").encode("latin-1"))
        except OSError as e:
            print("send failed: %s" % e)
            break
    data = b""
    end = time.monotonic() + 10
    s.settimeout(3)
    while time.monotonic() < end and len(data) < (1 << 20):
        try:
            b = s.recv(65536)
        except (socket.timeout, OSError):
            break
        if not b:
            break
        data += b
    s.close()
    lines = [l for l in data.split(b"\r\n") if l.startswith(b"HTTP/1.")]
    print("responses %d" % len(lines))
    for l in lines:
        print(l.decode("latin-1"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
