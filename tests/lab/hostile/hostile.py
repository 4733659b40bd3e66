#!/usr/bin/python3
"""Hostile traffic for tests/lab/t_hostile.sh, sent from the lab client.

    hostile.py PHASE SRC4 DST4 SRC6 DST6 [--flood-seconds S] [--flood-max N]

PHASE is one of: malformed (every malformed kind below, bounded counts),
flood (a SYN flood at the highest rate one raw socket gives, for at most
S seconds and N packets), all (both). Packets are built with scapy and
sent as whole frames on eth0 (scapy's L3 send() resolves the next hop;
the flood uses one AF_PACKET socket with prebuilt frames), so what is on
the wire is exactly what was built: the client's kernel fixes nothing.
Addresses must be in 198.18.0.0/15 and 2001:2::/48 (checked).

Prints one line per kind, "KIND sent N", and a last line
"total sent N" on stdout. Needs Debian's python3-scapy.
"""
import argparse
import ipaddress
import random
import socket
import sys
import time

import logging
logging.getLogger("scapy.runtime").setLevel(logging.ERROR)
# The layers used, not scapy.all: importing every layer costs seconds.
from scapy.arch import get_if_hwaddr  # noqa: E402
from scapy.config import conf  # noqa: E402
from scapy.layers.inet import ICMP, IP, TCP, UDP, fragment  # noqa: E402
from scapy.layers.inet6 import (ICMPv6DestUnreach, ICMPv6EchoRequest,  # noqa: E402
                                ICMPv6PacketTooBig, ICMPv6ParamProblem,
                                ICMPv6TimeExceeded, IPv6, IPv6ExtHdrDestOpt,
                                IPv6ExtHdrFragment, IPv6ExtHdrHopByHop,
                                IPv6ExtHdrRouting)
from scapy.layers.l2 import Ether, getmacbyip  # noqa: E402
from scapy.packet import Raw  # noqa: E402
from scapy.sendrecv import sr1  # noqa: E402

LAB4 = ipaddress.ip_network("198.18.0.0/15")
LAB6 = ipaddress.ip_network("2001:2::/48")
IFACE = "eth0"
T0 = time.monotonic()
MARK = b"hostile-attack"	# t_hostile.sh's drop rule matches this
random.seed(7)
counts = {}


class Wire:
    """Sends frames on eth0 to the ips (the next hop for everything)."""

    def __init__(self, gw4):
        self.src = get_if_hwaddr(IFACE)
        self.dst = None
        for _ in range(5):
            self.dst = getmacbyip(gw4)
            if self.dst:
                break
            time.sleep(0.2)
        if not self.dst:
            sys.exit("hostile.py: no MAC address for the gateway %s" % gw4)
        self.sock = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)
        self.sock.bind((IFACE, 0))

    def frame(self, pkt):
        et = 0x86DD if isinstance(pkt, IPv6) else 0x0800
        return bytes(Ether(src=self.src, dst=self.dst, type=et) / pkt)

    def raw_frame(self, l3, v6=False):
        """l3 is bytes: sent as is behind an Ethernet header."""
        return bytes(Ether(src=self.src, dst=self.dst,
                           type=0x86DD if v6 else 0x0800)) + l3

    def send(self, kind, frames, pace=0.0):
        n = 0
        for f in frames:
            try:
                self.sock.send(f)
                n += 1
            except OSError:
                pass
            if pace:
                time.sleep(pace)
        counts[kind] = counts.get(kind, 0) + n
        print("%s sent %d (at %.1f s, epoch %.1f)" % (kind, n, time.monotonic() - T0, time.time()), flush=True)


def malformed(w, s4, d4, s6, d6):
    F = w.frame
    R = w.raw_frame
    port = lambda: random.randint(20000, 60000)

    # Truncated headers: the IP header itself, then every L4 header cut
    # at each length (IPv4 total length and IPv6 payload length agree
    # with the cut, so the ips forwards them).
    syn4 = bytes(IP(src=s4, dst=d4) / TCP(sport=port(), dport=9, flags="S"))
    frames = [R(syn4[:n]) for n in range(1, 20)]
    for l4 in (TCP(sport=port(), dport=9, flags="S", options=[("MSS", 1460)]),
               UDP(sport=port(), dport=9), ICMP(type=8)):
        full = bytes(l4)
        for n in range(0, len(full)):
            frames.append(F(IP(src=s4, dst=d4, proto=l4.__class__ is TCP and 6
                               or l4.__class__ is UDP and 17 or 1) / Raw(full[:n])))
            frames.append(F(IPv6(src=s6, dst=d6, nh=l4.__class__ is TCP and 6
                                 or l4.__class__ is UDP and 17 or 58) / Raw(full[:n])))
    frames.append(R(bytes(IPv6(src=s6, dst=d6))[:39], v6=True))
    w.send("truncated", frames)

    # Bad IHL and lengths, each once over a TCP SYN with payload.
    base = IP(src=s4, dst=d4) / TCP(sport=port(), dport=9, flags="S") / Raw(MARK)
    frames = []
    for ihl in range(0, 16):
        b = bytearray(bytes(base))
        b[0] = 0x40 | ihl
        frames.append(R(fix4(b)))
    for tot in (0, 1, 19, 20, 39, 41, len(bytes(base)) + 1, 1500, 65535):
        b = bytearray(bytes(base))
        b[2:4] = tot.to_bytes(2, "big")
        frames.append(R(fix4(b)))
    for plen in (0, 1, 7, 19, 100, 65535):
        b = bytearray(bytes(IPv6(src=s6, dst=d6) / TCP(sport=port(), dport=9) / Raw(MARK)))
        b[4:6] = plen.to_bytes(2, "big")
        frames.append(R(bytes(b), v6=True))
    # IPv4 options with bad lengths, and a full 40 bytes of NOPs.
    for opts in (b"\x07\x00\x00\x00", b"\x44\x01\x00\x00", b"\x82\xff\x00\x00",
                 b"\x83\x03\x04\x00", b"\x01" * 40, b"\x07\x27\x04" + b"\x00" * 37):
        b = bytearray(bytes(IP(src=s4, dst=d4) / TCP(sport=port(), dport=9) / Raw(MARK)))
        b = b[:20] + bytearray(opts) + b[20:]
        b[0] = 0x40 | (5 + len(opts) // 4)
        b[2:4] = len(b).to_bytes(2, "big")
        frames.append(R(fix4(b)))
    w.send("bad-ihl-lengths-options", frames)

    # IPv6 extension header chains: up to 100 headers, every kind, a
    # routing type 0, repeated fragment headers, a hop-by-hop not first,
    # option TLVs that overrun, and chains that end in a truncation.
    frames = []
    for n in (1, 2, 8, 16, 32, 64, 100):
        p = IPv6(src=s6, dst=d6)
        for i in range(n):
            p = p / [IPv6ExtHdrDestOpt, IPv6ExtHdrHopByHop, IPv6ExtHdrRouting][i % 3]()
        frames.append(F(p / TCP(sport=port(), dport=9, flags="S")))
        q = IPv6(src=s6, dst=d6)
        for i in range(n):
            q = q / IPv6ExtHdrDestOpt()
        frames.append(F(q / UDP(sport=port(), dport=9) / Raw(MARK)))
    frames.append(F(IPv6(src=s6, dst=d6) / IPv6ExtHdrRouting(type=0, addresses=[d6, s6, d6])
                    / TCP(sport=port(), dport=9)))
    frames.append(F(IPv6(src=s6, dst=d6) / IPv6ExtHdrFragment() / IPv6ExtHdrFragment()
                    / IPv6ExtHdrFragment(m=1) / TCP(sport=port(), dport=9)))
    frames.append(F(IPv6(src=s6, dst=d6) / IPv6ExtHdrDestOpt() / IPv6ExtHdrHopByHop()
                    / TCP(sport=port(), dport=9)))
    # A "loop": each header says the next is a destination-options header,
    # forever, until the packet ends in the middle of one.
    loop = b"".join(bytes([60, 0, 1, 4, 0, 0, 0, 0]) for _ in range(150)) + b"\x3c\x05"
    frames.append(R(bytes(IPv6(src=s6, dst=d6, nh=60, plen=len(loop))) + loop, v6=True))
    bad_tlv = bytes([6, 0, 0x05, 0xff, 0, 0, 0, 0])
    frames.append(R(bytes(IPv6(src=s6, dst=d6, nh=60, plen=len(bad_tlv) + 20)) + bad_tlv
                    + bytes(TCP(sport=port(), dport=9)), v6=True))
    frames.append(R(bytes(IPv6(src=s6, dst=d6, nh=59, plen=len(MARK))) + MARK, v6=True))
    w.send("ipv6-extension-chains", frames)

    # Fragments: tiny (8 bytes, a TCP header split over three), overlapping
    # (a later fragment rewrites bytes of an earlier one), duplicated and
    # out of order, offsets past 64 KiB, and the same for IPv6.
    frames = []
    body = bytes(TCP(sport=port(), dport=8080, flags="PA") / Raw(MARK * 4))
    ident = 4242
    for i in range(0, len(body), 8):
        frames.append(F(IP(src=s4, dst=d4, id=ident, proto=6, frag=i // 8,
                           flags="MF" if i + 8 < len(body) else 0) / Raw(body[i:i + 8])))
    ident += 1
    for off, chunk, mf in ((0, body[:24], 1), (1, b"X" * 24, 1), (2, body[16:], 0),
                           (0, body[:16], 1)):
        frames.append(F(IP(src=s4, dst=d4, id=ident, proto=6, frag=off,
                           flags="MF" if mf else 0) / Raw(chunk)))
    ident += 1
    frames.append(F(IP(src=s4, dst=d4, id=ident, proto=6, frag=8190, flags="MF") / Raw(b"Y" * 16)))
    frames.append(F(IP(src=s4, dst=d4, id=ident, proto=6, frag=8191) / Raw(b"Z" * 64)))
    for f in reversed(fragment(IP(src=s4, dst=d4, id=ident + 1) / UDP(sport=port(), dport=9)
                               / Raw(MARK * 20), fragsize=16)):
        frames.append(F(f))
    for off, chunk, m in ((0, body[:16], 1), (1, b"Q" * 16, 1), (2, body[16:], 0), (0, body[:8], 1)):
        frames.append(F(IPv6(src=s6, dst=d6) / IPv6ExtHdrFragment(nh=6, offset=off, m=m, id=77)
                        / Raw(chunk)))
    frames.append(F(IPv6(src=s6, dst=d6) / IPv6ExtHdrFragment(nh=6, offset=8191, m=0, id=78)
                    / Raw(b"W" * 16)))
    frames.append(F(IPv6(src=s6, dst=d6) / IPv6ExtHdrFragment(nh=6, offset=0, m=1, id=79)))
    w.send("fragments", frames)

    # TCP options of every length 0..40: unknown kind 253 with a length
    # byte of n (and the bytes to match), plus the real ones at each size
    # and impossible length bytes (0, 1, longer than the header).
    frames = []
    for n in range(0, 41):
        for ob in (bytes([253, n]) + bytes(max(0, n - 2)) if n >= 2 else bytes([253] * n),
                   bytes([1] * n),
                   (bytes([2, 4, 5, 180, 3, 3, 14, 4, 2, 8, 10] + [1] * 40) + bytes(40))[:n],
                   bytes([5, min(255, n)]) + bytes(max(0, n - 2)) if n >= 2 else bytes([5] * n),
                   bytes([8, 0]) + bytes(max(0, n - 2)) if n >= 2 else bytes([8] * n),
                   bytes([2, 44]) + bytes(max(0, n - 2)) if n >= 2 else bytes([2] * n)):
            ob = ob + bytes((-len(ob)) % 4)
            t = bytes(TCP(sport=port(), dport=9, flags="S", dataofs=5 + len(ob) // 4))
            l4 = t[:20] + ob
            frames.append(F(IP(src=s4, dst=d4, proto=6) / Raw(l4)))
            frames.append(F(IPv6(src=s6, dst=d6, nh=6) / Raw(l4)))
    # Data offsets that lie: 0..4 and more than the packet holds.
    for doff in (0, 1, 4, 15):
        frames.append(F(IP(src=s4, dst=d4) / TCP(sport=port(), dport=9, dataofs=doff) / Raw(MARK)))
    w.send("tcp-options", frames)

    # ICMP errors quoting malformed inner packets (never the lab's real
    # flows: random ports on port 9).
    frames = []
    inner4 = [bytes(IP(src=d4, dst=s4) / TCP(sport=9, dport=port()))[:n] for n in (1, 8, 20, 28)]
    inner4 += [bytes([0x4F]) + bytes(IP(src=d4, dst=s4) / UDP(sport=9, dport=port()))[1:],
               bytes([0x41]) + bytes(IP(src=d4, dst=s4) / UDP(sport=9, dport=port()))[1:],
               bytes(IP(src=d4, dst=s4, proto=1) / ICMP(type=3, code=3) /
                     IP(src=s4, dst=d4) / ICMP(type=3) / Raw(b"\x45" * 3)),
               bytes(IP(src=d4, dst=s4, len=9000) / TCP(sport=9, dport=port()))]
    for inner in inner4:
        for t, c in ((3, 3), (3, 4), (11, 0), (12, 0), (5, 1), (4, 0)):
            frames.append(F(IP(src=s4, dst=d4) / ICMP(type=t, code=c) / Raw(inner)))
    inner6 = [bytes(IPv6(src=d6, dst=s6) / TCP(sport=9, dport=port()))[:n] for n in (1, 40, 44)]
    inner6 += [bytes(IPv6(src=d6, dst=s6, plen=4000) / IPv6ExtHdrDestOpt() / IPv6ExtHdrRouting()
                     / IPv6ExtHdrFragment() / UDP(sport=9, dport=port())),
               bytes(IPv6(src=d6, dst=s6, nh=60) / Raw(bytes([60, 200, 1])))]
    for inner in inner6:
        for cls in (ICMPv6DestUnreach, ICMPv6TimeExceeded, ICMPv6ParamProblem):
            frames.append(F(IPv6(src=s6, dst=d6) / cls() / Raw(inner)))
        frames.append(F(IPv6(src=s6, dst=d6) / ICMPv6PacketTooBig(mtu=68) / Raw(inner)))
    frames.append(F(IPv6(src=s6, dst=d6) / ICMPv6EchoRequest(data=MARK * 10)))
    frames.append(F(IP(src=s4, dst=d4, proto=58) / Raw(bytes(ICMPv6EchoRequest()))))
    frames.append(F(IPv6(src=s6, dst=d6, nh=1) / ICMP(type=8)))
    w.send("icmp-errors", frames)

    # Zero window and retransmission storms on one TCP connection to the
    # lab server: a real handshake (the client's kernel would reset the
    # server's SYN/ACK, so the caller drops the client's RSTs to that
    # port), then 1000 zero-window ACKs and 1000 copies of one segment.
    sport = 47000
    synack = None
    try:
        synack = sr1(IP(src=s4, dst=d4) / TCP(sport=sport, dport=8080, flags="S", seq=1000),
                     timeout=2, verbose=0, iface=IFACE)
    except Exception:  # noqa: BLE001 - midstream then
        synack = None
    ack = (synack[TCP].seq + 1) if synack is not None and TCP in synack else 1
    frames = [F(IP(src=s4, dst=d4) / TCP(sport=sport, dport=8080, flags="A", seq=1001, ack=ack))]
    frames += [F(IP(src=s4, dst=d4) / TCP(sport=sport, dport=8080, flags="A", seq=1001, ack=ack,
                                         window=0))] * 1000
    seg = F(IP(src=s4, dst=d4) / TCP(sport=sport, dport=8080, flags="PA", seq=1001, ack=ack,
                                     window=0) / Raw(b"GET /retransmitted HTTP/1.0\r\n"))
    frames += [seg] * 1000
    frames.append(F(IP(src=s4, dst=d4) / TCP(sport=sport, dport=8080, flags="R", seq=1001)))
    w.send("zero-window-retransmissions", frames)


def flood(w, s4, d4, seconds, maxn):
    # Prebuilt SYNs from the client's address, random ports, to a closed
    # port of the server (it answers each with a RST through the ips): the
    # flood is aimed at the ips, not at the lab server's listen queue, which
    # the legitimate client shares. Sent back to back from one socket.
    tmpl = bytearray(bytes(IP(src=s4, dst=d4, ttl=64) / TCP(sport=1, dport=8081, flags="S",
                                                              seq=1, window=1024)))
    # 32768 source ports: as many flows in flight, more than a small
    # flow.memcap holds. The TCP checksum is the template's one's
    # complement sum plus the two fields that change (port, sequence).
    tmpl[20:22] = b"\0\0"
    tmpl[24:28] = b"\0\0\0\0"
    tmpl[36:38] = b"\0\0"
    tmpl[10:12] = b"\0\0"
    tmpl[10:12] = cksum(bytes(tmpl[:20])).to_bytes(2, "big")
    ph = bytes(tmpl[12:20]) + bytes([0, 6]) + (len(tmpl) - 20).to_bytes(2, "big")
    base = (~cksum(ph + bytes(tmpl[20:]))) & 0xFFFF
    head = w.raw_frame(b"")
    frames = []
    for i in range(32768):
        sp = 1024 + (i * 7919) % 32768
        sq = random.getrandbits(32)
        c = base + sp + (sq >> 16) + (sq & 0xFFFF)
        while c >> 16:
            c = (c & 0xFFFF) + (c >> 16)
        b = bytearray(tmpl)
        b[20:22] = sp.to_bytes(2, "big")
        b[24:28] = sq.to_bytes(4, "big")
        b[36:38] = (~c & 0xFFFF).to_bytes(2, "big")
        frames.append(head + bytes(b))
    send = w.sock.send
    n = errors = 0
    t0 = time.monotonic()
    deadline = t0 + seconds
    i = 0
    while n < maxn:
        try:
            send(frames[i])
        except OSError:
            errors += 1
        n += 1
        i = (i + 1) % len(frames)
        if i % 1024 == 0 and time.monotonic() >= deadline:
            break
    dt = time.monotonic() - t0
    counts["syn-flood"] = n - errors
    print("syn-flood sent %d errors %d seconds %.2f rate %d/s (epoch %.1f)" % (n - errors, errors, dt,
          (n - errors) / dt if dt > 0 else 0, time.time()), flush=True)


def fix4(b):
    """The IPv4 header checksum of b (bytearray) made right again, so the
    ips judges the packet by the field that was broken on purpose."""
    hl = (b[0] & 15) * 4
    if hl >= 20 and len(b) >= hl:
        b[10:12] = b"\0\0"
        b[10:12] = cksum(bytes(b[:hl])).to_bytes(2, "big")
    return bytes(b)


def cksum(b):
    if len(b) % 2:
        b += b"\0"
    s = sum(int.from_bytes(b[i:i + 2], "big") for i in range(0, len(b), 2))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("phase", choices=("malformed", "flood", "all"))
    ap.add_argument("src4")
    ap.add_argument("dst4")
    ap.add_argument("src6")
    ap.add_argument("dst6")
    ap.add_argument("--gw4", required=True)
    ap.add_argument("--flood-seconds", type=float, default=3.0)
    ap.add_argument("--flood-max", type=int, default=300000)
    a = ap.parse_args()
    for x in (a.src4, a.dst4, a.gw4):
        if ipaddress.ip_address(x) not in LAB4:
            sys.exit("hostile.py: %s is not in %s" % (x, LAB4))
    for x in (a.src6, a.dst6):
        if ipaddress.ip_address(x) not in LAB6:
            sys.exit("hostile.py: %s is not in %s" % (x, LAB6))
    if not 0 < a.flood_seconds <= 10 or not 0 < a.flood_max <= 2000000:
        sys.exit("hostile.py: flood bounds out of range")
    conf.verb = 0
    w = Wire(a.gw4)
    if a.phase in ("malformed", "all"):
        malformed(w, a.src4, a.dst4, a.src6, a.dst6)
    if a.phase in ("flood", "all"):
        flood(w, a.src4, a.dst4, a.flood_seconds, a.flood_max)
    print("total sent %d" % sum(counts.values()), flush=True)


if __name__ == "__main__":
    main()
