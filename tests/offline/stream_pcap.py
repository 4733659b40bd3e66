#!/usr/bin/python3
"""Writes the captures of t_stream.sh (argv[1] = output folder).

overlap.pcap: one TCP connection 198.18.0.1:40000 -> 198.19.0.1:80 with
a handshake, "GET /good HTTP/1.0\\r\\n", then a retransmission of the same
sequence numbers carrying "GET /evil HTTP/1.0\\r\\n", the server's ACK and
the teardown. ooo.pcap: the request in three segments, the last first.
"""
import sys

from scapy.all import IP, TCP, Raw, wrpcap

C, S, CP, SP = "198.18.0.1", "198.19.0.1", 40000, 80
CISN, SISN = 1000, 5000


def seg(src, flags, seq, ack, data=b"", t=0.0):
    sport, dport = (CP, SP) if src == C else (SP, CP)
    dst = S if src == C else C
    p = IP(src=src, dst=dst) / TCP(sport=sport, dport=dport, flags=flags,
                                   seq=seq, ack=ack, window=65535)
    if data:
        p = p / Raw(data)
    p.time = 1700000000 + t
    return p


def handshake():
    return [seg(C, "S", CISN, 0, t=0.0),
            seg(S, "SA", SISN, CISN + 1, t=0.1),
            seg(C, "A", CISN + 1, SISN + 1, t=0.2)]


def teardown(cseq):
    return [seg(C, "FA", cseq, SISN + 1, t=1.0),
            seg(S, "FA", SISN + 1, cseq + 1, t=1.1),
            seg(C, "A", cseq + 1, SISN + 2, t=1.2)]


good = b"GET /good HTTP/1.0\r\n"
evil = b"GET /evil HTTP/1.0\r\n"
overlap = handshake() + [
    seg(C, "PA", CISN + 1, SISN + 1, good, t=0.3),
    seg(C, "PA", CISN + 1, SISN + 1, evil, t=0.4),
    seg(S, "A", SISN + 1, CISN + 1 + len(good), t=0.5),
] + teardown(CISN + 1 + len(good))
wrpcap(sys.argv[1] + "/overlap.pcap", overlap)

req = b"GET /split HTTP/1.0\r\nHost: x\r\n\r\n"
a, b, c = req[:8], req[8:20], req[20:]
ooo = handshake() + [
    seg(C, "PA", CISN + 1 + 20, SISN + 1, c, t=0.3),
    seg(C, "PA", CISN + 1, SISN + 1, a, t=0.4),
    seg(C, "PA", CISN + 1 + 8, SISN + 1, b, t=0.5),
    seg(S, "A", SISN + 1, CISN + 1 + len(req), t=0.6),
] + teardown(CISN + 1 + len(req))
wrpcap(sys.argv[1] + "/ooo.pcap", ooo)
