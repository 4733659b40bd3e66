#!/usr/bin/python3
"""IP fragments for tests/lab/t_frag_conntrack.sh, sent from the lab client.

    frag_send.py SRC4 DST4 SRC6 DST6 GW4 GW6 PORT

Sends, to DST4 and DST6 on UDP PORT, three datagrams per address family,
each as fragments in whole Ethernet frames on eth0 (so the client's
kernel reassembles or refragments nothing):

  benign   "FRAG-BENIGN-<4|6>" and padding, in order, 3 fragments;
  attack   "FRAG-ATTACK-<4|6>" ... with the marker FRAGATTACK split
           between the first two fragments (no fragment holds it);
  overlap  "FRAG-OVERLAP-<4|6>": a second fragment rewrites the end of
           the first and runs past it (Linux drops such datagrams, RFC
           5722 for IPv6; a fragment wholly inside an older one it would
           only ignore as a duplicate).

Prints "sent N" (fragments). Addresses must be in 198.18.0.0/15 and
2001:2::/48 (checked). Needs Debian's python3-scapy.
"""
import ipaddress
import sys
import time

import logging
logging.getLogger("scapy.runtime").setLevel(logging.ERROR)
from scapy.arch import get_if_hwaddr  # noqa: E402
from scapy.config import conf  # noqa: E402
from scapy.layers.inet import IP, UDP, fragment  # noqa: E402
from scapy.layers.inet6 import IPv6, IPv6ExtHdrFragment  # noqa: E402
from scapy.layers.l2 import Ether  # noqa: E402
from scapy.packet import Raw  # noqa: E402
from scapy.sendrecv import sendp  # noqa: E402

LAB4 = ipaddress.ip_network("198.18.0.0/15")
LAB6 = ipaddress.ip_network("2001:2::/48")
IFACE = "eth0"


def payloads(fam):
    benign = ("FRAG-BENIGN-%s " % fam).encode() + b"b" * 40
    # FRAGATTACK at bytes 4..14 of the UDP data: the first fragment
    # carries the UDP header and 8 data bytes, the marker runs over
    # into the second.
    attack = b"ATK:FRAGATTACK" + ("-FRAG-ATTACK-%s " % fam).encode() + b"a" * 20
    return benign, attack


def v4(src, dst, port):
    benign, attack = payloads(4)
    out = []
    for ident, data in ((4101, benign), (4102, attack)):
        out += fragment(IP(src=src, dst=dst, id=ident) / UDP(sport=40000, dport=port) /
                        Raw(data), fragsize=16)
    # overlap: bytes 0-23 (UDP header and 16 data bytes), then 16-31,
    # which rewrites 16-23 and runs past them (a fragment inside an
    # older one would be a duplicate to Linux, kept out quietly), then
    # the tail from 32
    data = ("FRAG-OVERLAP-4 ").encode().ljust(40, b"o")
    whole = bytes(UDP(sport=40000, dport=port) / Raw(data))
    ident = 4103
    out.append(IP(src=src, dst=dst, id=ident, proto=17, flags="MF", frag=0) / Raw(whole[:24]))
    out.append(IP(src=src, dst=dst, id=ident, proto=17, flags="MF", frag=2) / Raw(b"X" * 16))
    out.append(IP(src=src, dst=dst, id=ident, proto=17, frag=4) / Raw(whole[32:]))
    return out


def v6(src, dst, port):
    benign, attack = payloads(6)
    out = []
    for ident, data in ((6101, benign), (6102, attack)):
        # the UDP checksum over IPv6 needs the addresses: let scapy do it
        whole = bytes(IPv6(src=src, dst=dst) / UDP(sport=40000, dport=port) / Raw(data))[40:]
        for off in range(0, len(whole), 16):
            out.append(IPv6(src=src, dst=dst) /
                       IPv6ExtHdrFragment(nh=17, offset=off // 8, m=int(off + 16 < len(whole)),
                                          id=ident) / Raw(whole[off:off + 16]))
    data = ("FRAG-OVERLAP-6 ").encode().ljust(40, b"o")
    whole = bytes(IPv6(src=src, dst=dst) / UDP(sport=40000, dport=port) / Raw(data))[40:]
    ident = 6103
    for off, chunk, m in ((0, whole[:24], 1), (2, b"X" * 16, 1), (4, whole[32:], 0)):
        out.append(IPv6(src=src, dst=dst) /
                   IPv6ExtHdrFragment(nh=17, offset=off, m=m, id=ident) / Raw(chunk))
    return out


def main():
    if len(sys.argv) != 8:
        sys.exit(__doc__)
    src4, dst4, src6, dst6, gw4mac, gw6mac, port = sys.argv[1:]
    for a in (src4, dst4):
        if ipaddress.ip_address(a) not in LAB4:
            sys.exit("frag_send.py: %s is not in %s" % (a, LAB4))
    for a in (src6, dst6):
        if ipaddress.ip_address(a) not in LAB6:
            sys.exit("frag_send.py: %s is not in %s" % (a, LAB6))
    conf.verb = 0
    me = get_if_hwaddr(IFACE)
    frames = [Ether(src=me, dst=gw4mac) / p for p in v4(src4, dst4, int(port))]
    frames += [Ether(src=me, dst=gw6mac) / p for p in v6(src6, dst6, int(port))]
    for f in frames:
        sendp(f, iface=IFACE)
        time.sleep(0.01)
    print("sent %d" % len(frames), flush=True)


if __name__ == "__main__":
    main()
