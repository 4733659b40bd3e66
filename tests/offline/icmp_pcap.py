"""ICMP flow captures for tests/offline/t_icmp_flows.sh: DIR/NAME.pcap.

errors  a UDP request and the port unreachable quoting it; a time
        exceeded quoting a datagram of no flow; a TCP SYN and a host
        unreachable quoting it cut short (8 bytes of TCP); an echo
echo    echo request id 7, its reply, a request id 9, a timestamp
echo6   the same over IPv6, a neighbour solicitation, a destination
        unreachable (ICMPv6), then the UDP datagram it quoted
orient  a reply of no request; requests both ways; replies both ways
Addresses from 198.18.0.0/15 and 2001:2::/48 only.
"""
import sys

from scapy.all import (ICMP, IP, UDP, TCP, Ether, IPv6, ICMPv6EchoRequest,
                       ICMPv6EchoReply, ICMPv6ND_NS, ICMPv6DestUnreach, Raw,
                       wrpcap)

C, S = '198.18.0.1', '198.18.1.1'
C6, S6 = '2001:2::1', '2001:2::2'


def errors():
    u = IP(src=C, dst=S) / UDP(sport=40000, dport=5353) / Raw(b'hello')
    u2 = IP(src=C, dst='198.18.2.2') / UDP(sport=40001, dport=33434) / \
        Raw(b'x' * 8)
    t = IP(src=C, dst=S) / TCP(sport=40002, dport=80, flags='S', seq=1000)
    return [u,
            IP(src=S, dst=C) / ICMP(type=3, code=3) / bytes(u)[:28],
            IP(src='198.18.3.3', dst=C) / ICMP(type=11, code=0) /
            bytes(u2)[:28],
            t,
            IP(src=S, dst=C) / ICMP(type=3, code=1) / bytes(t)[:28],
            IP(src=C, dst=S) / ICMP(type=8, id=7, seq=1)]


def echo():
    return [IP(src=C, dst=S) / ICMP(type=8, id=7, seq=1),
            IP(src=S, dst=C) / ICMP(type=0, id=7, seq=1),
            IP(src=C, dst=S) / ICMP(type=8, id=9, seq=1),
            IP(src=C, dst=S) / ICMP(type=13, id=9, seq=1)]


def echo6():
    return [IPv6(src=C6, dst=S6) / ICMPv6EchoRequest(id=7, seq=1),
            IPv6(src=S6, dst=C6) / ICMPv6EchoReply(id=7, seq=1),
            IPv6(src=C6, dst=S6) / ICMPv6EchoRequest(id=9, seq=1),
            IPv6(src=C6, dst=S6) / ICMPv6ND_NS(tgt=S6),
            IPv6(src=S6, dst=C6) / ICMPv6DestUnreach() /
            IPv6(src=C6, dst=S6) / UDP(sport=1, dport=2),
            IPv6(src=C6, dst=S6) / UDP(sport=1, dport=2)]


def orient():
    return [IP(src='198.18.5.5', dst='198.18.6.6') / ICMP(type=0, id=3, seq=1),
            IP(src=C, dst=S) / ICMP(type=8, id=1, seq=1),
            IP(src=S, dst=C) / ICMP(type=8, id=2, seq=1),
            IP(src=C, dst=S) / ICMP(type=0, id=2, seq=1),
            IP(src=S, dst=C) / ICMP(type=0, id=1, seq=1)]


def main():
    out = sys.argv[1]
    for name, make in (('errors', errors), ('echo', echo),
                       ('echo6', echo6), ('orient', orient)):
        pkts = []
        for i, p in enumerate(make()):
            e = Ether(src='02:00:00:00:00:01', dst='02:00:00:00:00:02') / p
            e.time = 1700000000 + i / 10
            pkts.append(e)
        wrpcap('%s/%s.pcap' % (out, name), pkts)


if __name__ == '__main__':
    main()
