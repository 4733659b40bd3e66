#!/usr/bin/python3
"""Hand-made TCP segments for tests/lab/t_stream_segments.sh, sent from the
lab client to the lab httpd (a real Linux receiver).

    tcp_segments.py SRC DST PORT SPORT SCENARIO

Makes the handshake itself (the test drops the client kernel's RSTs for
SPORT), then, by SCENARIO:

  overlap  "GET /ov", then a retransmission of those 7 bytes as "GET /at"
           (other data), then "erlap HTTP/1.1 ...": Linux keeps the bytes
           it already has, so the server's request is GET /overlap;
  ooo      "ack HTTP/1.1 ..." first, then "GET /att" before it: the
           request is GET /attack only once both are in.

Each segment waits 0.2 s for the ips. Prints "synack" when the handshake
got its SYN/ACK, then "sent N". Addresses must be in 198.18.0.0/15
(checked). Needs Debian's python3-scapy.
"""
import ipaddress
import sys
import time

import logging
logging.getLogger("scapy.runtime").setLevel(logging.ERROR)
from scapy.layers.inet import IP, TCP  # noqa: E402
from scapy.packet import Raw  # noqa: E402
from scapy.sendrecv import send, sr1  # noqa: E402

LAB4 = ipaddress.ip_network("198.18.0.0/15")
TAIL = b" HTTP/1.1\r\nHost: lab\r\nConnection: close\r\n\r\n"


def main(argv):
    if len(argv) != 6 or argv[5] not in ("overlap", "ooo"):
        print(__doc__, file=sys.stderr)
        return 2
    src, dst = argv[1], argv[2]
    port, sport = int(argv[3]), int(argv[4])
    for a in (src, dst):
        if ipaddress.ip_address(a) not in LAB4:
            print("%s is not a lab address" % a, file=sys.stderr)
            return 2
    isn = 1000
    ip = IP(src=src, dst=dst)
    synack = sr1(ip / TCP(sport=sport, dport=port, flags="S", seq=isn,
                          window=65535), timeout=3, verbose=0)
    if synack is None or not synack.haslayer(TCP) or \
            (synack[TCP].flags & 0x12) != 0x12:
        print("no synack")
        return 1
    print("synack", flush=True)
    ack = synack[TCP].seq + 1
    seq = isn + 1

    def seg(off, data):
        send(ip / TCP(sport=sport, dport=port, flags="PA", seq=seq + off,
                      ack=ack, window=65535) / Raw(data), verbose=0)
        time.sleep(0.2)

    send(ip / TCP(sport=sport, dport=port, flags="A", seq=seq, ack=ack,
                  window=65535), verbose=0)
    time.sleep(0.2)
    if argv[5] == "overlap":
        seg(0, b"GET /ov")
        seg(0, b"GET /at")
        seg(7, b"erlap" + TAIL)
        n = 3
    else:
        seg(8, b"ack" + TAIL)
        seg(0, b"GET /att")
        n = 2
    print("sent %d" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
