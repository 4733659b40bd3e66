#!/usr/bin/env python3
"""Writes the seed corpora of fuzz_packet and fuzz_nfq_msg.

    tests/fuzz/seeds.py CAPTURE.pcap

CAPTURE.pcap comes from bench/gen-traffic (Ethernet link type):
    build/bench/gen-traffic -n 300 -o /tmp/mixed.pcap
Takes a few packets of each kind from it, adds hand-made malformed ones
(truncated headers, bad IHL and lengths, IPv4 options, IPv6 extension
header chains, fragments, TCP options of every length, ICMP errors
quoting broken packets) and multi-packet sequences in fuzz_packet's
"QPK1" format. Writes only files named seed-*; crash regressions and
libFuzzer's additions are left alone. Plain Python 3, no scapy.
"""
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
A4, B4 = bytes([198, 18, 0, 1]), bytes([198, 18, 1, 1])
A6 = bytes.fromhex("20010002000000000000000000000001")
B6 = bytes.fromhex("20010002000000000000000000000002")


def csum(b):
    if len(b) % 2:
        b += b"\0"
    s = sum(struct.unpack("!%dH" % (len(b) // 2), b))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def ipv4(proto, l4, src=A4, dst=B4, ihl=5, opts=b"", tot=None, frag=0,
         ident=1, ttl=64, tos=0):
    hl = 20 + len(opts)
    if tot is None:
        tot = hl + len(l4)
    h = struct.pack("!BBHHHBBH4s4s", (4 << 4) | ihl, tos, tot & 0xFFFF,
                    ident, frag, ttl, proto, 0, src, dst) + opts
    h = h[:10] + struct.pack("!H", csum(h)) + h[12:]
    return h + l4


def ipv6(nh, payload, src=A6, dst=B6, plen=None, hlim=64):
    if plen is None:
        plen = len(payload)
    return struct.pack("!IHBB16s16s", 6 << 28, plen & 0xFFFF, nh, hlim,
                       src, dst) + payload


def tcp(sport=40000, dport=80, seq=1, ack=0, flags=0x02, win=65535,
        opts=b"", data=b"", doff=None):
    if doff is None:
        doff = (20 + len(opts) + 3) // 4
    opts = opts + b"\0" * ((-len(opts)) % 4)
    return struct.pack("!HHIIBBHHH", sport, dport, seq, ack, doff << 4,
                       flags, win, 0, 0) + opts + data


def udp(sport=12345, dport=53, data=b"", ulen=None):
    if ulen is None:
        ulen = 8 + len(data)
    return struct.pack("!HHHH", sport, dport, ulen & 0xFFFF, 0) + data


def icmp(t, c, rest=b"\0\0\0\0", data=b""):
    return struct.pack("!BBH", t, c, 0) + rest + data


def seq(*pkts, ctl=0):
    """A QPK1 sequence; pkts are bytes or (ctl, bytes)."""
    out = b"QPK1"
    for p in pkts:
        c, b = (p if isinstance(p, tuple) else (ctl, p))
        out += struct.pack("!BH", c, len(b)) + b
    return out


def pcap_packets(path):
    d = open(path, "rb").read()
    magic, _, _, _, _, _, link = struct.unpack("<IHHiIII", d[:24])
    if magic != 0xA1B2C3D4 or link != 1:
        sys.exit("seeds.py: want a little-endian Ethernet pcap")
    off = 24
    while off + 16 <= len(d):
        _, _, incl, _ = struct.unpack("<IIII", d[off:off + 16])
        frame = d[off + 16:off + 16 + incl]
        off += 16 + incl
        et = struct.unpack("!H", frame[12:14])[0]
        if et in (0x0800, 0x86DD):
            yield frame[14:]


def kind(p):
    if p[0] >> 4 == 4:
        proto, l4 = p[9], p[(p[0] & 15) * 4:]
        fam = "4"
    else:
        proto, l4 = p[6], p[40:]
        fam = "6"
    if proto == 6:
        flags = l4[13]
        doff = (l4[12] >> 4) * 4
        if flags & 0x02:
            return fam + "-tcp-syn" + ("ack" if flags & 0x10 else "")
        if len(l4) > doff:
            port = struct.unpack("!HH", l4[:4])
            return fam + "-tcp-data-%d" % min(port)
        return fam + "-tcp-" + ("fin" if flags & 1 else "ack")
    if proto == 17:
        port = struct.unpack("!HH", l4[:4])
        return fam + "-udp-%d" % min(port)
    return fam + "-proto%d-type%d" % (proto, l4[0] if l4 else -1)


def packet_seeds(pcap):
    s = {}
    # One packet of each kind from the capture, and the first TCP flow.
    seen = set()
    pkts = list(pcap_packets(pcap))
    for p in pkts:
        k = kind(p)
        if k not in seen:
            seen.add(k)
            s["pcap-" + k] = p
    flow = []
    for p in pkts:
        if p[0] >> 4 == 4 and p[9] == 6:
            ports = set(struct.unpack("!HH", p[20:24]))
            if not flow:
                key = ports
            if ports == key:
                flow.append(p)
    s["seq-pcap-tcp-flow"] = seq(*flow[:24])
    s["seq-pcap-first-40"] = seq(*pkts[:40], ctl=1)

    # Truncated headers and bad lengths.
    syn = ipv4(6, tcp())
    s["empty"] = b""
    s["v4-1-byte"] = b"\x45"
    s["v4-trunc-10"] = syn[:10]
    s["v4-ihl-4"] = bytes([0x44]) + syn[1:]
    s["v4-ihl-15-short"] = bytes([0x4F]) + syn[1:]
    s["v4-totlen-big"] = ipv4(6, tcp(), tot=1500)
    s["v4-totlen-lt-ihl"] = ipv4(6, tcp(), tot=12)
    s["v4-tcp-trunc"] = syn[:30]
    s["v4-tcp-doff-15"] = ipv4(6, tcp(doff=15))
    s["v4-tcp-doff-2"] = ipv4(6, tcp(doff=2))
    s["v4-udp-len-4"] = ipv4(17, udp(ulen=4, data=b"abcd"))
    s["v4-udp-len-big"] = ipv4(17, udp(ulen=900, data=b"abcd"))
    s["v4-icmp-3-bytes"] = ipv4(1, b"\x08\x00\x00")
    s["v4-with-icmpv6"] = ipv4(58, icmp(128, 0))
    s["v6-with-icmpv4"] = ipv6(1, icmp(8, 0))
    s["v5-version"] = bytes([0x55]) + syn[1:]
    s["v6-trunc-39"] = ipv6(6, tcp())[:39]
    s["v6-plen-big"] = ipv6(6, tcp(), plen=4000)
    # IPv4 options: RR, timestamp, LSRR, bad lengths, EOL, NOPs.
    rr = bytes([7, 11, 4]) + b"\0" * 8 + b"\0"
    s["v4-opt-rr"] = ipv4(6, tcp(), ihl=8, opts=rr)
    s["v4-opt-ts-lsrr"] = ipv4(6, tcp(), ihl=11, opts=bytes(
        [68, 12, 5, 0]) + b"\0" * 8 + bytes([131, 7, 4]) + A4 + b"\0" * 5)
    s["v4-opt-len-0"] = ipv4(6, tcp(), ihl=6, opts=bytes([7, 0, 0, 0]))
    s["v4-opt-len-1"] = ipv4(6, tcp(), ihl=6, opts=bytes([68, 1, 1, 1]))
    s["v4-opt-len-255"] = ipv4(6, tcp(), ihl=6, opts=bytes([130, 255, 0, 0]))
    s["v4-opt-nop-eol"] = ipv4(6, tcp(), ihl=6, opts=bytes([1, 1, 0, 7]))
    # TCP options of every length 0..40 (kind 254, length byte).
    for n in (0, 1, 2, 3, 4, 10, 39, 40):
        o = bytes([254, n]) + bytes(max(0, n - 2)) if n >= 2 else \
            bytes([254, n]) if n == 1 else bytes([254])
        s["v4-tcp-optlen-%02d" % n] = ipv4(6, tcp(opts=o[:40]))
    s["v4-tcp-opts-real"] = ipv4(6, tcp(opts=bytes(
        [2, 4, 5, 180, 4, 2, 8, 10]) + b"\1\2\3\4\0\0\0\0" + bytes(
        [1, 3, 3, 7, 5, 10]) + b"\0" * 8))
    s["v4-tcp-mss-short"] = ipv4(6, tcp(opts=bytes([2, 3, 5])))
    # IPv6 extension headers: long chains, routing type 0, fragments,
    # no-next-header with data, option TLVs with bad lengths.
    chain = tcp()
    for _ in range(40):
        chain = bytes([0, 0, 1, 4]) + b"\0" * 4 + chain
    s["v6-40-dstopts"] = ipv6(60, chain.replace(bytes([0, 0]), bytes([60, 0]), 0))
    hop = b""
    payload = tcp()
    nh = 6
    for i in range(60):
        hop = bytes([nh, 0, 1, 4, 0, 0, 0, 0]) + hop
        nh = 60 if i % 2 else 0
    s["v6-60-exthdrs"] = ipv6(nh, hop + payload)
    s["v6-rh0"] = ipv6(43, bytes([6, 2, 0, 1, 0, 0, 0, 0]) + A6 + tcp())
    s["v6-hop-badopt"] = ipv6(0, bytes([6, 0, 5, 9, 0, 0, 0, 0]) + tcp())
    s["v6-none-data"] = ipv6(59, b"trailing bytes")
    s["v6-frag-first"] = ipv6(44, bytes([6, 0, 0, 1, 0, 0, 0, 7]) + tcp()[:16])
    s["v6-frag-tiny"] = ipv6(44, bytes([6, 0, 0, 9, 0, 0, 0, 7]))
    s["v6-exthdr-trunc"] = ipv6(60, bytes([6, 200, 1]))
    # ICMP errors quoting broken packets.
    s["v4-icmp-unreach-trunc-inner"] = ipv4(1, icmp(3, 3, data=syn[:24]))
    s["v4-icmp-unreach-bad-inner"] = ipv4(1, icmp(3, 1, data=bytes(
        [0x4F]) + syn[1:28]))
    s["v4-icmp-timex-inner-icmp"] = ipv4(1, icmp(11, 0, data=ipv4(
        1, icmp(3, 3, data=syn))))
    s["v6-icmp-unreach-inner-exthdr"] = ipv6(58, icmp(1, 4, data=ipv6(
        0, bytes([6, 255]), plen=2000)))
    s["v6-icmp-ptb"] = ipv6(58, icmp(2, 0, rest=struct.pack("!I", 68),
                                     data=ipv6(6, tcp())[:48]))
    # Sequences: handshake and data, overlapping and tiny fragments, a
    # SYN flood over the memcap, zero window, retransmissions, timeouts.
    req = b"GET /index.html HTTP/1.1\r\nHost: x\r\nUser-Agent: a\r\n\r\n"
    c = lambda **k: ipv4(6, tcp(**k))
    sv = lambda **k: ipv4(6, tcp(sport=80, dport=40000, **k), src=B4, dst=A4)
    s["seq-handshake-http"] = seq(
        c(seq=100), sv(seq=500, ack=101, flags=0x12), c(seq=101, ack=501,
        flags=0x10), c(seq=101, ack=501, flags=0x18, data=req),
        sv(seq=501, ack=101 + len(req), flags=0x18, data=b"HTTP/1.1 200 OK\r\n"),
        c(seq=101 + len(req), ack=520, flags=0x11),
        sv(seq=520, ack=102 + len(req), flags=0x11), ctl=1)
    s["seq-zero-window-retrans"] = seq(
        c(seq=100), sv(seq=500, ack=101, flags=0x12, win=0),
        *[c(seq=101, ack=501, flags=0x18, data=b"retransmit", win=0)] * 20)
    s["seq-rst-then-syn"] = seq(c(seq=1), c(seq=2, flags=0x04), c(seq=3),
                                sv(seq=9, ack=4, flags=0x14))
    s["seq-syn-flood"] = seq(*[ipv4(6, tcp(sport=1024 + i, seq=i),
                                    ident=i) for i in range(300)])
    s["seq-timeouts"] = seq((0, c(seq=1)), (0x20, c(seq=2)), (0x60, sv(
        seq=3, flags=0x12)), (0x4F, c(seq=4, flags=0x10)))
    body = tcp(data=b"A" * 40)
    s["seq-v4-frag-overlap"] = seq(
        ipv4(6, body[:24], frag=0x2000, ident=77),
        ipv4(6, body[8:32], frag=0x2000 | 1, ident=77),
        ipv4(6, body[16:], frag=2, ident=77),
        ipv4(6, body[:8], frag=0x2000, ident=77))
    s["seq-v4-tiny-frags"] = seq(*[ipv4(6, body[i * 8:i * 8 + 8],
                                        frag=(0x2000 if i < 7 else 0) | i,
                                        ident=99) for i in range(8)])
    s["seq-v6-frag-overlap"] = seq(
        ipv6(44, bytes([6, 0, 0, 1, 0, 0, 0, 5]) + body[:16]),
        ipv6(44, bytes([6, 0, 0, 1, 0, 0, 0, 5]) + body[8:24]),
        ipv6(44, bytes([6, 0, 0, 2, 0, 0, 0, 5]) + body[16:]))
    s["seq-truncated-capture"] = seq((0x10, c(data=b"x" * 60)),
                                     (0x11, ipv6(6, tcp(data=b"y" * 9))))
    s["seq-alerting"] = seq(
        c(seq=100), sv(seq=500, ack=101, flags=0x12), c(seq=101, ack=501,
        flags=0x10), c(seq=101, ack=501, flags=0x18, data=b"evil passme "
        b"rej mark thr both df f abcdefgh 0123456789 aaaaaaax\x01\x00\x10"),
        ipv4(17, udp(data=b"\xab\xcd\x00\x01" + b"DROPME" * 3)),
        ipv4(1, icmp(8, 0, rest=b"\0\1\0\1", data=b"ping")),
        ipv4(6, tcp(flags=0xC2), ttl=2, tos=4), ctl=1)
    return s


def nla(t, payload):
    n = 4 + len(payload)
    return struct.pack("=HH", n, t) + payload + b"\0" * ((-n) % 4)


def nfq_seeds(pkts):
    s = {}
    hdr = lambda pid=1, proto=0x0800, hook=2: nla(
        1, struct.pack("!IHB", pid, proto, hook))
    mark = nla(3, struct.pack("!I", 0x40000000))
    for name, p in pkts:
        s["attrs-" + name] = b"\0" + hdr() + mark + nla(10, p)
    p = pkts[0][1]
    s["attrs-caplen-skbinfo"] = b"\0" + hdr(7) + nla(10, p) + nla(
        13, struct.pack("!I", 9000)) + nla(14, struct.pack("!I", 5))
    s["attrs-all"] = b"\0" + hdr(9, 0x86DD, 1) + mark + nla(
        4, b"\0" * 16) + nla(5, b"\0\0\0\2") + nla(6, b"\0\0\0\3") + nla(
        9, b"\0\6" + b"\0" * 10) + nla(10, p) + nla(16, b"\0\0\0\0") + nla(
        17, b"\0\0\0\0") + nla(18, b"system_u") + nla(19 | 0x8000, nla(
        1, b"\x81\0") + nla(2, b"\0\5")) + nla(20, b"\0" * 14) + nla(21, b"\0" * 4)
    s["attrs-no-hdr"] = b"\0" + mark + nla(10, p)
    s["attrs-short-hdr"] = b"\0" + nla(1, b"\0\0\0\1\x08") + nla(10, p)
    s["attrs-short-mark"] = b"\0" + hdr() + nla(3, b"\1\2") + nla(10, p)
    s["attrs-short-caplen"] = b"\0" + hdr() + nla(13, b"\1")
    s["attrs-bad-len"] = b"\0" + hdr() + struct.pack("=HH", 200, 10) + p[:20]
    s["attrs-zero-len"] = b"\0" + hdr() + struct.pack("=HH", 0, 10) * 4
    s["attrs-empty-payload"] = b"\0" + hdr() + nla(10, b"")
    s["attrs-dup"] = b"\0" + hdr(1) + hdr(2) + nla(10, p) + nla(10, b"\x45")
    s["attrs-unknown-type"] = b"\0" + hdr() + nla(200, b"x" * 9) + nla(10, p)
    s["attrs-none"] = b"\0"

    def msg(attrs, typ=(3 << 8) | 0, flags=0, extra=b"\0\0\0\3"):
        body = extra + attrs
        return struct.pack("=IHHII", 16 + len(body), typ, flags, 0, 0) + body
    a = hdr(5) + nla(10, p)
    s["dgram-one"] = b"\1" + msg(a)
    s["dgram-two"] = b"\1" + msg(a) + msg(hdr(6) + mark + nla(10, pkts[1][1]))
    s["dgram-error-then-packet"] = b"\1" + struct.pack(
        "=IHHII", 36, 2, 0, 0, 0) + struct.pack("=i", -22) + b"\0" * 16 + msg(a)
    s["dgram-config-type"] = b"\1" + msg(a, typ=(3 << 8) | 2)
    s["dgram-noop-done"] = b"\1" + struct.pack("=IHHII", 16, 1, 0, 0, 0) + \
        struct.pack("=IHHII", 16, 3, 0, 0, 0) + msg(a)
    s["dgram-short-len"] = b"\1" + struct.pack("=IHHII", 10, 0x300, 0, 0, 0)
    s["dgram-trailing"] = b"\1" + msg(a) + b"\xff\xff"
    s["dgram-no-nfgen"] = b"\1" + struct.pack("=IHHII", 18, 0x300, 0, 0, 0) + b"\0\0"
    return s


def write(folder, seeds):
    os.makedirs(folder, exist_ok=True)
    for f in os.listdir(folder):
        if f.startswith("seed-"):
            os.unlink(os.path.join(folder, f))
    for name, data in sorted(seeds.items()):
        with open(os.path.join(folder, "seed-" + name), "wb") as f:
            f.write(data)
    print("%s: %d seeds" % (folder, len(seeds)))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    ps = packet_seeds(sys.argv[1])
    write(os.path.join(HERE, "corpus", "packet"), ps)
    some = [(k, v) for k, v in sorted(ps.items())
            if k.startswith("pcap-")][:6]
    write(os.path.join(HERE, "corpus", "nfq_msg"), nfq_seeds(some))


if __name__ == "__main__":
    main()
