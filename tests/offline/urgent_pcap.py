#!/usr/bin/python3
"""Writes the capture of t_stream_urgent.sh (argv[1] = output folder).

urgent.pcap: one TCP connection 198.18.0.1:40000 -> 198.19.0.1:80: a
handshake, "GET /malic", a one-byte segment "X" with URG and urgent
pointer 1 (so "X" is the urgent byte, RFC 6093 3.1), the server's ACKs
of both, "ious HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n", the server's response,
and the teardown. A receiver that reads urgent data out of band sees
"GET /malicious"; on the wire the bytes read "GET /malicXious".
"""
import sys

from scapy.all import IP, TCP, Raw, wrpcap

C, S, CP, SP = "198.18.0.1", "198.19.0.1", 40000, 80
CISN, SISN = 1000, 5000
T = [0.0]


def seg(src, flags, seq, ack, data=b"", urgptr=0):
    sport, dport = (CP, SP) if src == C else (SP, CP)
    dst = S if src == C else C
    p = IP(src=src, dst=dst) / TCP(sport=sport, dport=dport, flags=flags,
                                   seq=seq, ack=ack, window=65535,
                                   urgptr=urgptr)
    if data:
        p = p / Raw(data)
    T[0] += 0.01
    p.time = 1700000000 + T[0]
    return p


a, x, b = b"GET /malic", b"X", b"ious HTTP/1.1\r\nHost: x\r\n\r\n"
resp = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
c1 = CISN + 1
s1 = SISN + 1
pkts = [
    seg(C, "S", CISN, 0),
    seg(S, "SA", SISN, c1),
    seg(C, "A", c1, s1),
    seg(C, "PA", c1, s1, a),
    seg(C, "UPA", c1 + len(a), s1, x, urgptr=1),
    seg(S, "A", s1, c1 + len(a)),
    seg(S, "A", s1, c1 + len(a) + 1),
    seg(C, "PA", c1 + len(a) + 1, s1, b),
    seg(S, "PA", s1, c1 + len(a) + 1 + len(b), resp),
    seg(C, "A", c1 + len(a) + 1 + len(b), s1 + len(resp)),
]
cend = c1 + len(a) + 1 + len(b)
send = s1 + len(resp)
pkts += [seg(C, "FA", cend, send), seg(S, "FA", send, cend + 1),
         seg(C, "A", cend + 1, send + 1)]
wrpcap(sys.argv[1] + "/urgent.pcap", pkts)
