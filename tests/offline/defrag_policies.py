#!/usr/bin/python3
"""Writes tests/data/defrag-policies.pcap for t_defrag_policy.sh: the
Novak/Sturges overlap pattern (17 fragments of 8-byte letter blocks) after
a UDP header fragment, once to each of 13 IPv4 and 13 IPv6 hosts
(t_defrag_policy.sh maps each host to one OS name in host-os-policy).

    tests/offline/defrag_policies.py tests/data/defrag-policies.pcap

Needs scapy (for /usr/bin/python3)."""
import struct, sys
from scapy.all import IP, Raw, wrpcap, conf
from scapy.layers.inet6 import IPv6, IPv6ExtHdrFragment
conf.verb = 0
NOVAK = [('A', 0, 24), ('B', 32, 16), ('C', 48, 24), ('D', 80, 8), ('E', 104, 16),
         ('F', 120, 24), ('G', 144, 16), ('H', 160, 16), ('I', 176, 8), ('J', 8, 32),
         ('K', 48, 24), ('L', 72, 24), ('M', 96, 24), ('N', 128, 8), ('O', 152, 8),
         ('P', 160, 8), ('Q', 176, 16)]
OS = ["bsd", "bsd-right", "linux", "windows", "solaris", "macos", "hpux10", "irix",
      "old-linux", "vista", "windows2k3", "old-solaris", "hpux11"]
pkts = []
t = 1700000000.0
for i, os_name in enumerate(OS):
    for v6 in (False, True):
        udp = struct.pack("!HHHH", 40000 + i, 7000, 8 + 192, 0)
        frags = [(0, udp, True)] + [(8 + off, c.encode() * n, k != len(NOVAK) - 1)
                                    for k, (c, off, n) in enumerate(NOVAK)]
        for off, data, more in frags:
            if v6:
                p = IPv6(src="2001:db8::1", dst="2001:db8::%x" % (0x10 + i)) / \
                    IPv6ExtHdrFragment(nh=17, offset=off // 8, m=int(more), id=100 + i) / Raw(data)
            else:
                p = IP(src="192.0.2.1", dst="198.51.100.%d" % (10 + i), id=100 + i, proto=17,
                       flags="MF" if more else 0, frag=off // 8) / Raw(data)
            p.time = t
            t += 0.001
            pkts.append(p)
wrpcap(sys.argv[1] if len(sys.argv) > 1 else "defrag-policies.pcap", pkts, linktype=101)
