import sys
from scapy.all import Ether, IP, TCP, UDP, wrpcap, Raw
# flows: (client, server, sport, start_time, ndata)
flows = [("198.18.0.1","198.18.1.1",40001,0.0,4), ("198.18.0.2","198.18.1.1",40002,0.05,4),
         ("198.18.0.1","198.18.1.2",40003,0.1,4), ("198.18.0.1","198.18.1.1",40004,30.0,3),
         ("198.18.0.3","198.18.1.3",40005,70.0,3), ("198.18.0.1","198.18.1.1",40006,75.0,3)]
base = 1700000000.0
pk = []
for (c, s, sp, t0, n) in flows:
    e = Ether(src="00:11:22:33:44:55", dst="66:77:88:99:aa:bb")
    er = Ether(src="66:77:88:99:aa:bb", dst="00:11:22:33:44:55")
    cs, ss = 1000, 5000
    t = base + t0
    seq = []
    seq.append((t, e/IP(src=c, dst=s)/UDP(sport=sp, dport=80))); cs += 1; t += 0.001
    seq.append((t, er/IP(src=s, dst=c)/UDP(sport=80, dport=sp))); ss += 1; t += 0.001
    seq.append((t, e/IP(src=c, dst=s)/UDP(sport=sp, dport=80))); t += 0.001
    for i in range(n):
        pl = b"X%d req" % i
        seq.append((t, e/IP(src=c, dst=s)/UDP(sport=sp, dport=80)/Raw(pl))); cs += len(pl); t += 0.2
        pl = b"Y%d rsp" % i
        seq.append((t, er/IP(src=s, dst=c)/UDP(sport=80, dport=sp)/Raw(pl))); ss += len(pl); t += 0.2
    seq.append((t, e/IP(src=c, dst=s)/UDP(sport=sp, dport=80))); cs += 1; t += 0.001
    seq.append((t, er/IP(src=s, dst=c)/UDP(sport=80, dport=sp))); ss += 1; t += 0.001
    seq.append((t, e/IP(src=c, dst=s)/UDP(sport=sp, dport=80)))
    pk.extend(seq)
pk.sort(key=lambda x: x[0])
out = []
for t, p in pk:
    p.time = t
    out.append(p)
wrpcap(sys.argv[1], out)
