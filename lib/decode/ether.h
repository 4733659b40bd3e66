/* Ethernet and the ethertypes below it: VLAN tags (802.1Q, 802.1ad,
 * 0x9100 QinQ), 802.1ah, VN-Tag, E-Tag, MPLS, NSH, PPPoE, IPv4, IPv6.
 * Every link type and tunnel that carries an ethertype ends up here. */
#ifndef QUELL_DECODE_ETHER_H
#define QUELL_DECODE_ETHER_H

#include "core/base.h"
#include "core/packet.h"

#define DECODE_ETHER_HDR_LEN		14

#define DECODE_ETHERTYPE_IPV4		0x0800
#define DECODE_ETHERTYPE_ARP		0x0806
#define DECODE_ETHERTYPE_IPV6		0x86dd
#define DECODE_ETHERTYPE_VLAN		0x8100
#define DECODE_ETHERTYPE_8021AD		0x88a8
#define DECODE_ETHERTYPE_QINQ		0x9100
#define DECODE_ETHERTYPE_8021AH		0x88e7
#define DECODE_ETHERTYPE_MPLS_UC	0x8847
#define DECODE_ETHERTYPE_MPLS_MC	0x8848
#define DECODE_ETHERTYPE_NSH		0x894f
#define DECODE_ETHERTYPE_PPPOE_DISC	0x8863
#define DECODE_ETHERTYPE_PPPOE_SESS	0x8864
#define DECODE_ETHERTYPE_VNTAG		0x8926
#define DECODE_ETHERTYPE_ETAG		0x893f
#define DECODE_ETHERTYPE_DCE		0x8903	/* Cisco FabricPath */
#define DECODE_ETHERTYPE_BRIDGE		0x6558	/* transparent Ethernet */
#define DECODE_ETHERTYPE_ERSPAN		0x88be	/* ERSPAN type I and II */
#define DECODE_ETHERTYPE_PPP		0x880b	/* GRE v1 (PPTP) */

/* Ethernet frame at b (len bytes). Returns 0 when an IP layer decoded
 * (somewhere below), -1 otherwise; events say why. */
int	decode_ether(struct packet *p, const uint8_t *b, uint32_t len);

/* What follows an ethertype: b[0..len) starts after the type field.
 * Non-IP types that are no error (ARP, LLC lengths, PPPoE discovery)
 * return -1 without an event. */
int	decode_ethertype(struct packet *p, uint16_t type, const uint8_t *b,
	    uint32_t len);

/* Records VLAN id vid on p (outer first). Returns -1 when p already has
 * PKT_MAX_VLAN of them. */
int	decode_ether_push_vlan(struct packet *p, uint16_t vid);

#endif
