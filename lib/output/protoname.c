#include "core/base.h"

#include "output/protoname.h"

/*
 * IANA "Assigned Internet Protocol Numbers" keywords as Suricata 7
 * spells them in eve.json and fast.log (measured on 7.0.6: 4 is
 * "IP-in-IP", 58 "IPv6-ICMP"); the numbers the registry gives no
 * keyword (host internal, local network, ...) are "Any". Ten per line,
 * starting at the number in the comment.
 */
static const char *const names[] = {
	/* 0 */ "HOPOPT", "ICMP", "IGMP", "GGP", "IP-in-IP", "ST", "TCP",
	    "CBT", "EGP", "IGP",
	/* 10 */ "BBN-RCC-MON", "NVP-II", "PUP", "ARGUS", "EMCON", "XNET",
	    "CHAOS", "UDP", "MUX", "DCN-MEAS",
	/* 20 */ "HMP", "PRM", "XNS-IDP", "TRUNK-1", "TRUNK-2", "LEAF-1",
	    "LEAF-2", "RDP", "IRTP", "ISO-TP4",
	/* 30 */ "NETBLT", "MFE-NSP", "MERIT-INP", "DCCP", "3PC", "IDPR",
	    "XTP", "DDP", "IDPR-CMTP", "TP++",
	/* 40 */ "IL", "IPv6", "SDRP", "IPv6-Route", "IPv6-Frag", "IDRP",
	    "RSVP", "GRE", "DSR", "BNA",
	/* 50 */ "ESP", "AH", "I-NLSP", "SwIPe", "NARP", "MOBILE", "TLSP",
	    "SKIP", "IPv6-ICMP", "IPv6-NoNxt",
	/* 60 */ "IPv6-Opts", "Any", "CFTP", "Any", "SAT-EXPAK", "KRYPTOLAN",
	    "RVD", "IPPC", "Any", "SAT-MON",
	/* 70 */ "VISA", "IPCU", "CPNX", "CPHB", "WSN", "PVP", "BR-SAT-MON",
	    "SUN-ND", "WB-MON", "WB-EXPAK",
	/* 80 */ "ISO-IP", "VMTP", "SECURE-VMTP", "VINES", "TTP",
	    "NSFNET-IGP", "DGP", "TCF", "EIGRP", "OSPF",
	/* 90 */ "Sprite-RPC", "LARP", "MTP", "AX.25", "OS", "MICP",
	    "SCC-SP", "ETHERIP", "ENCAP", "Any",
	/* 100 */ "GMTP", "IFMP", "PNNI", "PIM", "ARIS", "SCPS", "QNX", "A/N",
	    "IPComp", "SNP",
	/* 110 */ "Compaq-Peer", "IPX-in-IP", "VRRP", "PGM", "Any", "L2TP",
	    "DDX", "IATP", "STP", "SRP",
	/* 120 */ "UTI", "SMP", "SM", "PTP", "IS-IS", "FIRE", "CRTP", "CRUDP",
	    "SSCOPMCE", "IPLT",
	/* 130 */ "SPS", "PIPE", "SCTP", "FC", "RSVP-E2E-IGNORE", "Mobility",
	    "UDPLite", "MPLS-in-IP", "manet", "HIP",
	/* 140 */ "Shim6", "WESP", "ROHC", "Ethernet",
};

const char *
output_protoname_get(uint8_t proto)
{
	return proto < QUELL_NITEMS(names) ? names[proto] : NULL;
}
