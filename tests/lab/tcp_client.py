#!/usr/bin/env python3
"""The quell lab's scripted TCP client (python3 standard library only).

  tcp_client.py bytes HOST PORT PATH
      One HTTP/1.1 GET of PATH, sent one byte per send() with TCP_NODELAY
      (each byte its own segment), then reads the reply for 3 s at most.
  tcp_client.py once HOST PORT PATH
      One HTTP/1.1 GET of PATH in one send(), its reply (3 s at most).
  tcp_client.py urgent HOST PORT PATH CUT
      One HTTP/1.1 GET of PATH split by urgent data: the first CUT bytes,
      then "X" sent out of band (MSG_OOB: a segment with URG whose urgent
      byte is the "X"), then the rest, 0.2 s apart; its reply (3 s at
      most). A receiver without SO_OOBINLINE reads PATH unbroken.
  tcp_client.py keep HOST PORT DIR PATH1 PATH2 PATH3
      One connection: GET PATH1 (whole), its reply; then writes DIR/ready
      and waits (20 s at most) for DIR/go; then GET PATH2 and GET PATH3 on
      the same connection, each with its reply (3 s at most each).

The connection ends with a RST (SO_LINGER 0): a request the ips dropped
is not retransmitted later, past the test's phase.

Prints one line per request: "PATH 200" (the status of the reply), "PATH
timeout" (no reply in time) or "PATH closed" (the connection ended); exits
0 when every step ran, 2 on bad usage. Every wait is bounded.
"""
import os
import socket
import struct
import sys
import time


def request(path):
    return ("GET %s HTTP/1.1\r\nHost: lab\r\nUser-Agent: quell-lab\r\n\r\n"
            % path).encode()


def reply(sock, path, timeout=3.0):
    """Reads one reply (headers and a Content-Length body)."""
    sock.settimeout(timeout)
    buf = b""
    deadline = time.monotonic() + timeout
    try:
        while b"\r\n\r\n" not in buf:
            if time.monotonic() > deadline:
                raise socket.timeout()
            chunk = sock.recv(4096)
            if not chunk:
                print("%s closed" % path, flush=True)
                return False
            buf += chunk
        head, _, body = buf.partition(b"\r\n\r\n")
        status = head.split(b"\r\n")[0].split(b" ")[1].decode()
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        while len(body) < length:
            if time.monotonic() > deadline:
                raise socket.timeout()
            chunk = sock.recv(4096)
            if not chunk:
                break
            body += chunk
        print("%s %s" % (path, status), flush=True)
        return True
    except socket.timeout:
        print("%s timeout" % path, flush=True)
        return False
    except OSError:
        print("%s closed" % path, flush=True)
        return False


def connect(host, port):
    sock = socket.create_connection((host, port), timeout=5)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                    struct.pack("ii", 1, 0))
    return sock


def mode_bytes(host, port, path):
    sock = connect(host, port)
    for b in request(path):
        sock.send(bytes([b]))
        time.sleep(0.01)
    reply(sock, path)
    sock.close()


def mode_urgent(host, port, path, cut):
    sock = connect(host, port)
    req = request(path)
    sock.send(req[:cut])
    time.sleep(0.2)
    sock.send(b"X", socket.MSG_OOB)
    time.sleep(0.2)
    try:
        sock.sendall(req[cut:])
    except OSError:
        print("%s closed" % path, flush=True)
        return
    reply(sock, path)
    sock.close()


def mode_once(host, port, path):
    try:
        sock = connect(host, port)
    except OSError:
        print("%s closed" % path, flush=True)
        return
    sock.sendall(request(path))
    reply(sock, path)
    sock.close()


def mode_keep(host, port, d, paths):
    sock = connect(host, port)
    sock.sendall(request(paths[0]))
    reply(sock, paths[0])
    with open(os.path.join(d, "ready"), "w"):
        pass
    deadline = time.monotonic() + 20
    while not os.path.exists(os.path.join(d, "go")):
        if time.monotonic() > deadline:
            print("no go within 20 s", flush=True)
            return
        time.sleep(0.05)
    for path in paths[1:]:
        try:
            sock.sendall(request(path))
        except OSError:
            print("%s closed" % path, flush=True)
            continue
        reply(sock, path)
    sock.close()


def main(argv):
    if len(argv) == 5 and argv[1] == "bytes":
        mode_bytes(argv[2], int(argv[3]), argv[4])
    elif len(argv) == 5 and argv[1] == "once":
        mode_once(argv[2], int(argv[3]), argv[4])
    elif len(argv) == 6 and argv[1] == "urgent":
        mode_urgent(argv[2], int(argv[3]), argv[4], int(argv[5]))
    elif len(argv) == 8 and argv[1] == "keep":
        mode_keep(argv[2], int(argv[3]), argv[4], argv[5:8])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
