#!/usr/bin/python3
"""Writes fuzz_packet's seeds for link layers, encapsulations, tunnels and
IP reassembly: tests/fuzz/corpus/packet/seed-encap-*, in the "QPK2"
format (link type and overlap policy, then packet records; see
fuzz_packet.c); and fuzz_defrag's: tests/fuzz/corpus/defrag/seed-*, the
classic overlap vectors (Novak and Sturges) for every policy, IPv4 and
IPv6, and the limits.

    tests/fuzz/seeds_encap.py

Needs scapy (Debian's python3-scapy, for /usr/bin/python3). Writes only
files named seed-encap-* and, in corpus/defrag, seed-*.
"""
import os
import struct
import sys

from scapy.all import (GRE, ICMP, IP, TCP, UDP, Dot1AD, Dot1Q, Ether, Raw,
                       fragment, conf)
from scapy.contrib.mpls import MPLS
from scapy.layers.inet6 import (IPv6, IPv6ExtHdrFragment, ICMPv6EchoRequest,
                                ICMPv6PacketTooBig)
from scapy.layers.l2 import CookedLinux
from scapy.layers.ppp import PPP, PPPoE, PPPoED
from scapy.layers.sctp import SCTP, SCTPChunkData, SCTPChunkInit
from scapy.layers.vxlan import VXLAN

conf.verb = 0
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "corpus", "packet")

# fuzz_packet.c's fuzz_links[] order
RAW, IPV4, IPV6, ETH, SLL, SLL2, NULL, LOOP, CHDLC, PPPL, PPP_HDLC = range(11)
# defrag/policy.h order
BSD, BSD_RIGHT, LINUX, WINDOWS, SOLARIS, FIRST, LAST = range(7)

S4, D4 = "198.18.0.1", "198.18.1.1"
S6, D6 = "2001:2::1", "2001:2::2"


def qpk2(link, pkts, policy=BSD):
    """pkts: bytes, or (ctl, bytes)."""
    out = b"QPK2" + bytes([link, policy])
    for p in pkts:
        ctl, b = p if isinstance(p, tuple) else (1, p)
        b = bytes(b)
        out += struct.pack("!BH", ctl, len(b)) + b
    return out


def eth(l3, typ=None):
    e = Ether(src="02:00:00:00:00:01", dst="02:00:00:00:00:02")
    if typ is not None:
        e.type = typ
    return e / l3


def tcp4(data=b"GET / HTTP/1.0\r\n\r\n", flags="PA"):
    return IP(src=S4, dst=D4) / TCP(sport=40000, dport=80, flags=flags) / data


def udp6(data=b"hello"):
    return IPv6(src=S6, dst=D6) / UDP(sport=5353, dport=53) / data


def sll2(l3, proto):
    # protocol, reserved, ifindex, arphrd, pkttype, addr len, addr[8]
    return struct.pack("!HHIHBB8s", proto, 0, 1, 1, 0, 6, b"\x02\0\0\0\0\1\0\0") + bytes(l3)


def chdlc(l3, proto):
    return struct.pack("!BBH", 0x0F, 0, proto) + bytes(l3)


def seeds():
    inner4 = tcp4()
    s = {}
    # link layers
    s["raw4"] = qpk2(RAW, [inner4])
    s["ipv4"] = qpk2(IPV4, [inner4])
    s["ipv6"] = qpk2(IPV6, [udp6()])
    s["eth"] = qpk2(ETH, [eth(inner4), eth(udp6())])
    s["sll"] = qpk2(SLL, [CookedLinux(pkttype=0, lladdrtype=1, lladdrlen=6,
                                      proto=0x0800) / inner4])
    s["sll2"] = qpk2(SLL2, [sll2(inner4, 0x0800), sll2(udp6(), 0x86DD)])
    s["null"] = qpk2(NULL, [struct.pack("<I", 2) + bytes(inner4),
                            struct.pack("<I", 30) + bytes(udp6())])
    s["loop"] = qpk2(LOOP, [struct.pack("!I", 2) + bytes(inner4),
                            struct.pack("!I", 24) + bytes(udp6())])
    s["chdlc"] = qpk2(CHDLC, [chdlc(inner4, 0x0800), chdlc(udp6(), 0x86DD)])
    s["ppp"] = qpk2(PPPL, [struct.pack("!H", 0x21) + bytes(inner4),
                           struct.pack("!H", 0x57) + bytes(udp6())])
    s["ppp-hdlc"] = qpk2(PPP_HDLC, [b"\xff\x03\x00\x21" + bytes(inner4)])
    # Ethernet encapsulations
    s["vlan"] = qpk2(ETH, [eth(Dot1Q(vlan=10) / inner4)])
    s["qinq"] = qpk2(ETH, [eth(Dot1AD(vlan=20) / Dot1Q(vlan=10) / inner4),
                           eth(Dot1Q(vlan=1) / Dot1Q(vlan=2) / Dot1Q(vlan=3) /
                               Dot1Q(vlan=4) / inner4)])
    s["8021ah"] = qpk2(ETH, [eth(Raw(b"\0\0\0\x01" + b"\x02\0\0\0\0\x03" +
                                     b"\x02\0\0\0\0\x04" + b"\x08\x00" +
                                     bytes(inner4)), typ=0x88E7)])
    s["vntag"] = qpk2(ETH, [eth(Raw(b"\0\x01\0\x02\x08\x00" + bytes(inner4)),
                               typ=0x8926)])
    s["etag"] = qpk2(ETH, [eth(Raw(b"\0\x01\0\x02\0\x03\x08\x00" +
                                   bytes(inner4)), typ=0x893F)])
    s["dce"] = qpk2(ETH, [eth(Raw(b"\0\0" + bytes(eth(inner4))), typ=0x8903)])
    s["mpls"] = qpk2(ETH, [eth(MPLS(label=100, s=0) / MPLS(label=200, s=1) /
                               inner4),
                           eth(MPLS(label=0, s=1) / inner4),
                           eth(MPLS(label=2, s=1) / udp6())])
    s["nsh"] = qpk2(ETH, [eth(Raw(b"\x0f\xc6\x01\x01\0\0\x01\xff" +
                                  b"\0" * 16 + bytes(inner4)), typ=0x894F)])
    s["pppoe"] = qpk2(ETH, [eth(PPPoE(sessionid=1) / Raw(b"\x00\x21" + bytes(inner4))),
                            eth(PPPoED(code=0x09, sessionid=0) /
                                Raw(b"\x01\x01\0\0"))])
    # tunnels
    s["gre"] = qpk2(RAW, [IP(src=S4, dst=D4) / GRE(proto=0x0800) / inner4,
                          IP(src=S4, dst=D4) / GRE(key_present=1, key=7,
                                                   seqnum_present=1, proto=0x86DD) /
                          udp6(),
                          IP(src=S4, dst=D4) / GRE(proto=0x6558) / eth(inner4)])
    s["gre-pptp"] = qpk2(RAW, [IP(src=S4, dst=D4, proto=47) /
                               Raw(b"\x30\x01\x88\x0b\x00\x2c\x00\x01\x00\x00\x00\x01" +
                                   b"\xff\x03\x00\x21" + bytes(inner4))])
    s["erspan1"] = qpk2(RAW, [IP(src=S4, dst=D4) / GRE(proto=0x88BE) / eth(inner4)])
    s["erspan2"] = qpk2(RAW, [IP(src=S4, dst=D4) /
                              GRE(seqnum_present=1, proto=0x88BE) /
                              Raw(b"\x10\x0a\0\x01\0\0\0\0" + bytes(eth(inner4)))])
    s["erspan3"] = qpk2(RAW, [IP(src=S4, dst=D4) /
                              GRE(seqnum_present=1, proto=0x22EB) /
                              Raw(b"\x20\x0a\0\x01" + b"\0" * 8 + bytes(eth(inner4)))])
    s["vxlan"] = qpk2(ETH, [eth(IP(src=S4, dst=D4) / UDP(sport=5000, dport=4789) /
                                VXLAN(vni=42) / eth(inner4))])
    s["geneve"] = qpk2(RAW, [IP(src=S4, dst=D4) / UDP(sport=5000, dport=6081) /
                             Raw(b"\x00\x00\x65\x58\x00\x00\x2a\x00" + bytes(eth(inner4))),
                             IP(src=S4, dst=D4) / UDP(sport=5000, dport=6081) /
                             Raw(b"\x02\x00\x08\x00\x00\x00\x2a\x00" +
                                 b"\x01\x02\x03\x01\0\0\0\0" + bytes(inner4))])
    s["teredo"] = qpk2(RAW, [IP(src=S4, dst=D4) / UDP(sport=3544, dport=40000) /
                             udp6(),
                             IP(src=S4, dst=D4) / UDP(sport=3544, dport=40000) /
                             Raw(b"\x00\x01\x00\x00" + b"\0" * 4 + bytes(udp6()))])
    s["ipip"] = qpk2(RAW, [IP(src=S4, dst=D4) / inner4,
                           IP(src=S4, dst=D4) / udp6(),
                           IPv6(src=S6, dst=D6) / inner4,
                           IPv6(src=S6, dst=D6) / udp6()])
    s["tunnel-depth"] = qpk2(RAW, [IP(src=S4, dst=D4) / IP(src=S4, dst=D4) /
                                   IP(src=S4, dst=D4) / IP(src=S4, dst=D4) /
                                   IP(src=S4, dst=D4) / IP(src=S4, dst=D4) /
                                   IP(src=S4, dst=D4) / IP(src=S4, dst=D4) /
                                   IP(src=S4, dst=D4) / inner4])
    # upper layers
    s["sctp"] = qpk2(RAW, [IP(src=S4, dst=D4) / SCTP(sport=1, dport=2) /
                           SCTPChunkInit(),
                           IP(src=S4, dst=D4) / SCTP(sport=1, dport=2) /
                           SCTPChunkData(data=b"abcd") / SCTPChunkData(data=b"ef")])
    s["esp"] = qpk2(RAW, [IP(src=S4, dst=D4, proto=50) / Raw(b"\0\0\x10\x01\0\0\0\x01" +
                                                            b"x" * 16),
                          IPv6(src=S6, dst=D6, nh=50) / Raw(b"\0\0\x10\x01\0\0\0\x02")])
    s["igmp"] = qpk2(RAW, [IP(src=S4, dst="224.0.0.1", proto=2) /
                           Raw(b"\x11\x64\xee\x9b\0\0\0\0"),
                           IP(src=S4, dst="224.0.0.22", proto=2) /
                           Raw(b"\x22\0\0\0\0\0\0\x01\x04\0\0\x01\xef\x01\x01\x01" +
                               b"\xc6\x12\0\x05")])
    s["icmpv6-toobig"] = qpk2(RAW, [IPv6(src=S6, dst=D6) / ICMPv6PacketTooBig(mtu=1280) /
                                    bytes(udp6())[:48]])
    # reassembly: in order, reversed, overlapping, each policy
    big4 = IP(src=S4, dst=D4, id=7) / UDP(sport=1111, dport=2222) / (b"A" * 64)
    s["frag4-inorder"] = qpk2(RAW, fragment(big4, fragsize=24))
    s["frag4-reversed"] = qpk2(ETH, [eth(f) for f in reversed(fragment(big4, fragsize=16))])
    body = b"".join(bytes([0x41 + i]) * 8 for i in range(6))
    ov = []
    for off, chunk, mf in ((0, body[:24], 1), (1, b"X" * 24, 1), (2, b"Y" * 16, 1),
                           (4, body[32:], 0), (0, body[:8], 1)):
        ov.append(IP(src=S4, dst=D4, id=9, proto=17, frag=off, flags="MF" if mf else 0) /
                  Raw(chunk))
    for pol, name in ((BSD, "bsd"), (BSD_RIGHT, "bsd-right"), (LINUX, "linux"),
                      (WINDOWS, "windows"), (SOLARIS, "solaris"), (FIRST, "first"),
                      (LAST, "last")):
        s["frag4-overlap-" + name] = qpk2(RAW, ov, policy=pol)
    big6 = IPv6(src=S6, dst=D6) / IPv6ExtHdrFragment(id=5) / UDP(sport=1, dport=2) / (b"B" * 64)
    f6 = [IPv6(src=S6, dst=D6) / IPv6ExtHdrFragment(nh=17, offset=o, m=m, id=5) / Raw(d)
          for o, d, m in ((0, bytes(UDP(sport=1, dport=2, len=72)) + b"B" * 16, 1),
                          (3, b"B" * 24, 1), (2, b"Q" * 16, 1), (6, b"B" * 24, 0))]
    s["frag6"] = qpk2(IPV6, f6, policy=LINUX)
    s["frag6-atomic"] = qpk2(RAW, [IPv6(src=S6, dst=D6) / IPv6ExtHdrFragment(nh=58, id=3) /
                                   ICMPv6EchoRequest()])
    s["frag-in-vlan"] = qpk2(ETH, [eth(Dot1Q(vlan=5) / f) for f in fragment(big4, fragsize=32)])
    s["frag-in-gre"] = qpk2(RAW, [IP(src=S4, dst=D4) / GRE(proto=0x0800) / f
                                  for f in fragment(big4, fragsize=32)])
    # timeouts and limits: a datagram never completed, then the clock
    frags = fragment(IP(src=S4, dst=D4, id=11) / UDP() / (b"C" * 200), fragsize=16)
    s["frag-limits"] = qpk2(RAW, [(0, f) for f in frags[:-1]] + [(0x60, frags[-1])] +
                            [(0, IP(src=S4, dst=D4, id=100 + i, flags="MF") / UDP() /
                              (b"D" * 8)) for i in range(8)])
    return s


def defrag_rec(sel, off, data, mf, secs=0, far=False, proto_first=False):
    hdr = (sel & 3) | (4 if mf else 0) | ((secs & 7) << 3) | (0x40 if far else 0) | \
        (0x80 if proto_first else 0)
    return struct.pack("!BHB", hdr, off & 0x1FFF, len(data)) + data


def defrag_seeds():
    # Novak's: fragments (offset in 8-byte units, length in units, letter)
    # in the order sent, the last one ending the datagram.
    novak = [(0, 2, "A"), (4, 1, "B"), (6, 3, "C"), (10, 1, "D"), (13, 1, "E"),
             (16, 2, "F"), (1, 3, "G"), (5, 3, "H"), (7, 1, "I"), (9, 2, "J"),
             (12, 2, "K"), (15, 2, "L"), (18, 2, "M")]
    out = {}
    for pol, name in ((BSD, "bsd"), (BSD_RIGHT, "bsd-right"), (LINUX, "linux"),
                      (WINDOWS, "windows"), (SOLARIS, "solaris"), (FIRST, "first"),
                      (LAST, "last")):
        for v6 in (0, 1):
            body = b""
            last = max(o + n for o, n, _ in novak)
            for o, n, c in novak:
                body += defrag_rec(0, o, c.encode() * (8 * n), o + n != last)
            out["novak-%s-v%d" % (name, 6 if v6 else 4)] = bytes([pol, v6]) + body
    # in order, reversed, duplicated, 4 datagrams interleaved
    recs = [defrag_rec(s, o, bytes([0x30 + s]) * 16, o < 6) for o in (0, 2, 4, 6)
            for s in range(4)]
    out["interleaved"] = bytes([BSD, 0]) + b"".join(recs)
    out["reversed-v6"] = bytes([LINUX, 1]) + b"".join(reversed(recs))
    out["duplicates"] = bytes([WINDOWS, 0]) + b"".join(r + r for r in recs[:8])
    # limits: more datagrams than trackers, more bytes than the memcap,
    # one that times out, a 64 KiB end
    out["trackers"] = bytes([BSD, 0]) + b"".join(
        defrag_rec(s, 0, b"T" * 8, True) for s in range(4) for _ in range(3))
    out["memcap"] = bytes([FIRST, 0]) + b"".join(
        defrag_rec(0, o * 32, b"M" * 255, True) for o in range(60))
    out["timeout"] = bytes([LAST, 1]) + defrag_rec(1, 0, b"x" * 16, True) + \
        defrag_rec(1, 2, b"y" * 16, False, far=True)
    out["too-large"] = bytes([BSD, 0]) + defrag_rec(2, 0, b"z" * 16, True) + \
        defrag_rec(2, 8191, b"z" * 255, False)
    out["protocol"] = bytes([SOLARIS, 0]) + defrag_rec(3, 0, b"\x06" + b"p" * 23, True,
                                                       proto_first=True) + \
        defrag_rec(3, 3, b"q" * 8, False, proto_first=True)
    return out


def main():
    if not os.path.isdir(OUT):
        sys.exit("seeds_encap.py: no %s" % OUT)
    for name, data in sorted(seeds().items()):
        with open(os.path.join(OUT, "seed-encap-" + name), "wb") as f:
            f.write(data)
    print("seeds_encap.py: %d seeds in %s" % (len(seeds()), OUT))
    dout = os.path.join(HERE, "corpus", "defrag")
    os.makedirs(dout, exist_ok=True)
    for name, data in sorted(defrag_seeds().items()):
        with open(os.path.join(dout, "seed-" + name), "wb") as f:
            f.write(data)
    print("seeds_encap.py: %d seeds in %s" % (len(defrag_seeds()), dout))


if __name__ == "__main__":
    main()
