#!/usr/bin/python3
"""Writes fuzz_stream's urgent-data seeds, tests/fuzz/corpus/stream/urgent_*,
in the "QSU1" format (see fuzz_stream.c): an urgent byte (bits 0-1
stream.reassembly.urgent.policy: 0 inline, 1 drop, 2 oob, 3 gap; bits 2-3
oob-limit-policy), the settings byte, then records {ctl, seq:u16be,
ack:u16be, win, len, urp, bytes}. Each seed is a handshake, "GET /malic",
a one-byte URG segment "X" (urgent pointer 1) the server acknowledges,
"ious ...", the URG segment and bytes before it again, an urgent byte
inside a segment, a pointer beyond its segment, and the close. And
urgent_synq: SYNs resent with other windows (the SYN queue) before the
SYN/ACK, then the same data.

    tests/fuzz/seeds_urgent.py

Writes only files named urgent_* in tests/fuzz/corpus/stream.
"""
import os
import struct

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                   "corpus", "stream")
BITS = {"F": 1, "S": 2, "R": 3, "P": 4, "A": 5}


def rec(reply, flags, seq, ack, data=b"", urp=0, win=0xff):
    ctl = 1 if reply else 0
    for f in flags:
        ctl |= 1 << BITS[f]
    return struct.pack(">BHHBBB", ctl, seq, ack, win, len(data), urp) + data


def handshake():
    return rec(False, "S", 0, 0) + rec(True, "SA", 0, 1) + rec(False, "A", 1, 1)


MALICIOUS = [
    rec(False, "PA", 1, 1, b"GET /malic"),
    rec(False, "PA", 11, 1, b"X", urp=1),
    rec(True, "A", 1, 11),
    rec(True, "A", 1, 12),
    rec(False, "PA", 12, 1, b"ious HTTP/1.1\r\n\r\n"),
    rec(False, "PA", 8, 1, b"licX", urp=4),
    rec(False, "PA", 3, 1, b"T /mal"),
    rec(True, "A", 1, 30),
    rec(False, "PA", 30, 1, b"abcXdef", urp=4),
    rec(False, "PA", 37, 1, b"zz", urp=9),
    rec(True, "A", 1, 39),
    rec(False, "FA", 39, 1),
    rec(True, "FA", 1, 40),
    rec(False, "A", 40, 2),
]

SEEDS = {
    # name: (urgent byte, settings byte: bit 0 inline, bit 3 depth 64)
    "urgent_inline": (0, 0x01),
    "urgent_drop_inline": (1, 0x01),
    "urgent_oob_inline": (2 | (1 << 2), 0x01),
    "urgent_oob_ids": (2, 0x00),
    "urgent_gap_inline": (3, 0x01),
    "urgent_gap_ids_depth": (3, 0x08),
}

for name, (urg, cfg) in SEEDS.items():
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(b"QSU1" + bytes([urg, cfg]) + handshake() + b"".join(MALICIOUS))

# the SYN queue: the client resends its SYN with other windows
with open(os.path.join(OUT, "urgent_synq"), "wb") as f:
    f.write(b"QSU1" + bytes([2, 0x01]) +
            rec(False, "S", 0, 0, win=0x10) + rec(False, "S", 0, 0, win=0x20) +
            rec(False, "S", 0, 0, win=0x30) + rec(True, "SA", 0, 1) +
            rec(False, "A", 1, 1) + b"".join(MALICIOUS))
