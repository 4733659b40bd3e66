/* Packet events: one bit each in struct packet.events, the table that
 * the decoder, defragmentation and the TCP stream engine all raise into
 * and that the decode-event and stream-event keywords read. One table,
 * as Suricata's DEvents: a rule matches an event by its name, wherever
 * it was raised.
 *
 * Names are Suricata's exactly. Decoder events drop Suricata's
 * "decoder." prefix ("ipv4.trunc_pkt", the name decode-event takes);
 * each is a counter, decoder.event.<name>. Stream events keep their
 * "stream." prefix (stream-event takes the part after it) and are not
 * counted here: lib/stream counts what it raises.
 *
 * To add an event: one X() line in the list below, the raise at the
 * place that finds it, a test. The enum, the names, the lookup used by
 * the keywords and the counters follow from the list. */
#ifndef QUELL_DECODE_EVENTS_H
#define QUELL_DECODE_EVENTS_H

#include "core/base.h"
#include "core/counters.h"

#define DECODE_EVENT_LIST(X) \
	X(IPV4_PKT_TOO_SMALL, "ipv4.pkt_too_small") \
	X(IPV4_HLEN_TOO_SMALL, "ipv4.hlen_too_small") \
	X(IPV4_IPLEN_SMALLER_THAN_HLEN, "ipv4.iplen_smaller_than_hlen") \
	X(IPV4_TRUNC_PKT, "ipv4.trunc_pkt") \
	X(IPV4_OPT_INVALID, "ipv4.opt_invalid") \
	X(IPV4_OPT_INVALID_LEN, "ipv4.opt_invalid_len") \
	X(IPV4_OPT_MALFORMED, "ipv4.opt_malformed") \
	X(IPV4_OPT_PAD_REQUIRED, "ipv4.opt_pad_required") \
	X(IPV4_OPT_EOL_REQUIRED, "ipv4.opt_eol_required") \
	X(IPV4_OPT_DUPLICATE, "ipv4.opt_duplicate") \
	X(IPV4_OPT_UNKNOWN, "ipv4.opt_unknown") \
	X(IPV4_WRONG_IP_VER, "ipv4.wrong_ip_version") \
	X(IPV4_WITH_ICMPV6, "ipv4.icmpv6") \
	X(IPV4_FRAG_PKT_TOO_LARGE, "ipv4.frag_pkt_too_large") \
	X(IPV4_FRAG_OVERLAP, "ipv4.frag_overlap") \
	X(IPV4_FRAG_IGNORED, "ipv4.frag_ignored") \
	X(IPV4_UNKNOWN_PROTOCOL, "ipv4.unknown_protocol") \
	X(ICMPV4_PKT_TOO_SMALL, "icmpv4.pkt_too_small") \
	X(ICMPV4_UNKNOWN_TYPE, "icmpv4.unknown_type") \
	X(ICMPV4_UNKNOWN_CODE, "icmpv4.unknown_code") \
	X(ICMPV4_IPV4_TRUNC_PKT, "icmpv4.ipv4_trunc_pkt") \
	X(ICMPV4_IPV4_UNKNOWN_VER, "icmpv4.ipv4_unknown_ver") \
	X(ICMPV6_UNKNOWN_TYPE, "icmpv6.unknown_type") \
	X(ICMPV6_UNKNOWN_CODE, "icmpv6.unknown_code") \
	X(ICMPV6_PKT_TOO_SMALL, "icmpv6.pkt_too_small") \
	X(ICMPV6_IPV6_UNKNOWN_VER, "icmpv6.ipv6_unknown_version") \
	X(ICMPV6_IPV6_TRUNC_PKT, "icmpv6.ipv6_trunc_pkt") \
	X(ICMPV6_MLD_MESSAGE_WITH_INVALID_HL, "icmpv6.mld_message_with_invalid_hl") \
	X(ICMPV6_UNASSIGNED_TYPE, "icmpv6.unassigned_type") \
	X(ICMPV6_EXPERIMENTATION_TYPE, "icmpv6.experimentation_type") \
	X(IPV6_PKT_TOO_SMALL, "ipv6.pkt_too_small") \
	X(IPV6_TRUNC_PKT, "ipv6.trunc_pkt") \
	X(IPV6_TRUNC_EXTHDR, "ipv6.trunc_exthdr") \
	X(IPV6_EXTHDR_DUPL_FH, "ipv6.exthdr_dupl_fh") \
	X(IPV6_EXTHDR_USELESS_FH, "ipv6.exthdr_useless_fh") \
	X(IPV6_EXTHDR_DUPL_RH, "ipv6.exthdr_dupl_rh") \
	X(IPV6_EXTHDR_DUPL_HH, "ipv6.exthdr_dupl_hh") \
	X(IPV6_EXTHDR_DUPL_DH, "ipv6.exthdr_dupl_dh") \
	X(IPV6_EXTHDR_DUPL_AH, "ipv6.exthdr_dupl_ah") \
	X(IPV6_EXTHDR_DUPL_EH, "ipv6.exthdr_dupl_eh") \
	X(IPV6_EXTHDR_INVALID_OPTLEN, "ipv6.exthdr_invalid_optlen") \
	X(IPV6_WRONG_IP_VER, "ipv6.wrong_ip_version") \
	X(IPV6_EXTHDR_AH_RES_NOT_NULL, "ipv6.exthdr_ah_res_not_null") \
	X(IPV6_HOPOPTS_UNKNOWN_OPT, "ipv6.hopopts_unknown_opt") \
	X(IPV6_HOPOPTS_ONLY_PADDING, "ipv6.hopopts_only_padding") \
	X(IPV6_DSTOPTS_UNKNOWN_OPT, "ipv6.dstopts_unknown_opt") \
	X(IPV6_DSTOPTS_ONLY_PADDING, "ipv6.dstopts_only_padding") \
	X(IPV6_EXTHDR_RH_TYPE_0, "ipv6.rh_type_0") \
	X(IPV6_ZERO_LEN_PADN, "ipv6.zero_len_padn") \
	X(IPV6_FH_NON_ZERO_RES_FIELD, "ipv6.fh_non_zero_reserved_field") \
	X(IPV6_DATA_AFTER_NONE_HEADER, "ipv6.data_after_none_header") \
	X(IPV6_UNKNOWN_NEXT_HEADER, "ipv6.unknown_next_header") \
	X(IPV6_WITH_ICMPV4, "ipv6.icmpv4") \
	X(IPV6_FRAG_PKT_TOO_LARGE, "ipv6.frag_pkt_too_large") \
	X(IPV6_FRAG_OVERLAP, "ipv6.frag_overlap") \
	X(IPV6_FRAG_INVALID_LENGTH, "ipv6.frag_invalid_length") \
	X(IPV6_FRAG_IGNORED, "ipv6.frag_ignored") \
	X(IPV4_IN_IPV6_TOO_SMALL, "ipv6.ipv4_in_ipv6_too_small") \
	X(IPV4_IN_IPV6_WRONG_IP_VER, "ipv6.ipv4_in_ipv6_wrong_version") \
	X(IPV6_IN_IPV6_TOO_SMALL, "ipv6.ipv6_in_ipv6_too_small") \
	X(IPV6_IN_IPV6_WRONG_IP_VER, "ipv6.ipv6_in_ipv6_wrong_version") \
	X(TCP_PKT_TOO_SMALL, "tcp.pkt_too_small") \
	X(TCP_HLEN_TOO_SMALL, "tcp.hlen_too_small") \
	X(TCP_INVALID_OPTLEN, "tcp.invalid_optlen") \
	X(TCP_OPT_INVALID_LEN, "tcp.opt_invalid_len") \
	X(TCP_OPT_DUPLICATE, "tcp.opt_duplicate") \
	X(UDP_PKT_TOO_SMALL, "udp.pkt_too_small") \
	X(UDP_HLEN_TOO_SMALL, "udp.hlen_too_small") \
	X(UDP_HLEN_INVALID, "udp.hlen_invalid") \
	X(UDP_LEN_INVALID, "udp.len_invalid") \
	X(SLL_PKT_TOO_SMALL, "sll.pkt_too_small") \
	X(ETHERNET_PKT_TOO_SMALL, "ethernet.pkt_too_small") \
	X(ETHERNET_UNKNOWN_ETHERTYPE, "ethernet.unknown_ethertype") \
	X(PPP_PKT_TOO_SMALL, "ppp.pkt_too_small") \
	X(PPP_VJU_PKT_TOO_SMALL, "ppp.vju_pkt_too_small") \
	X(PPP_IPV4_PKT_TOO_SMALL, "ppp.ip4_pkt_too_small") \
	X(PPP_IPV6_PKT_TOO_SMALL, "ppp.ip6_pkt_too_small") \
	X(PPP_WRONG_TYPE, "ppp.wrong_type") \
	X(PPP_UNSUP_PROTO, "ppp.unsup_proto") \
	X(PPPOE_PKT_TOO_SMALL, "pppoe.pkt_too_small") \
	X(PPPOE_WRONG_CODE, "pppoe.wrong_code") \
	X(PPPOE_MALFORMED_TAGS, "pppoe.malformed_tags") \
	X(GRE_PKT_TOO_SMALL, "gre.pkt_too_small") \
	X(GRE_WRONG_VERSION, "gre.wrong_version") \
	X(GRE_VERSION0_RECUR, "gre.version0_recur") \
	X(GRE_VERSION0_FLAGS, "gre.version0_flags") \
	X(GRE_VERSION0_HDR_TOO_BIG, "gre.version0_hdr_too_big") \
	X(GRE_VERSION0_MALFORMED_SRE_HDR, "gre.version0_malformed_sre_hdr") \
	X(GRE_VERSION1_CHKSUM, "gre.version1_chksum") \
	X(GRE_VERSION1_ROUTE, "gre.version1_route") \
	X(GRE_VERSION1_SSR, "gre.version1_ssr") \
	X(GRE_VERSION1_RECUR, "gre.version1_recur") \
	X(GRE_VERSION1_FLAGS, "gre.version1_flags") \
	X(GRE_VERSION1_NO_KEY, "gre.version1_no_key") \
	X(GRE_VERSION1_WRONG_PROTOCOL, "gre.version1_wrong_protocol") \
	X(GRE_VERSION1_MALFORMED_SRE_HDR, "gre.version1_malformed_sre_hdr") \
	X(GRE_VERSION1_HDR_TOO_BIG, "gre.version1_hdr_too_big") \
	X(VLAN_HEADER_TOO_SMALL, "vlan.header_too_small") \
	X(VLAN_UNKNOWN_TYPE, "vlan.unknown_type") \
	X(VLAN_TOO_MANY_LAYERS, "vlan.too_many_layers") \
	X(IEEE8021AH_HEADER_TOO_SMALL, "ieee8021ah.header_too_small") \
	X(VNTAG_HEADER_TOO_SMALL, "vntag.header_too_small") \
	X(VNTAG_UNKNOWN_TYPE, "vntag.unknown_type") \
	X(ETAG_HEADER_TOO_SMALL, "etag.header_too_small") \
	X(ETAG_UNKNOWN_TYPE, "etag.unknown_type") \
	X(UNKNOWN_IP_VERSION, "ipraw.invalid_ip_version") \
	X(LTNULL_PKT_TOO_SMALL, "ltnull.pkt_too_small") \
	X(LTNULL_UNSUPPORTED_TYPE, "ltnull.unsupported_type") \
	X(SCTP_PKT_TOO_SMALL, "sctp.pkt_too_small") \
	X(SCTP_CHUNK_TOO_SMALL, "sctp.chunk_too_small") \
	X(SCTP_CHUNK_LEN_INVALID, "sctp.chunk_len_invalid") \
	X(SCTP_INIT_CHUNK_BUNDLED, "sctp.init_chunk_bundled") \
	X(SCTP_INIT_WITH_NON_ZERO_VTAG, "sctp.init_with_non_zero_vtag") \
	X(SCTP_DATA_WITH_ZERO_VTAG, "sctp.data_with_zero_vtag") \
	X(SCTP_TOO_MANY_CHUNKS, "sctp.too_many_chunks") \
	X(SCTP_TOO_MANY_DATA_CHUNKS, "sctp.too_many_data_chunks") \
	X(ESP_PKT_TOO_SMALL, "esp.pkt_too_small") \
	X(MPLS_HEADER_TOO_SMALL, "mpls.header_too_small") \
	X(MPLS_PKT_TOO_SMALL, "mpls.pkt_too_small") \
	X(MPLS_BAD_LABEL_ROUTER_ALERT, "mpls.bad_label_router_alert") \
	X(MPLS_BAD_LABEL_IMPLICIT_NULL, "mpls.bad_label_implicit_null") \
	X(MPLS_BAD_LABEL_RESERVED, "mpls.bad_label_reserved") \
	X(MPLS_UNKNOWN_PAYLOAD_TYPE, "mpls.unknown_payload_type") \
	X(VXLAN_UNKNOWN_PAYLOAD_TYPE, "vxlan.unknown_payload_type") \
	X(GENEVE_UNKNOWN_PAYLOAD_TYPE, "geneve.unknown_payload_type") \
	X(ERSPAN_HEADER_TOO_SMALL, "erspan.header_too_small") \
	X(ERSPAN_UNSUPPORTED_VERSION, "erspan.unsupported_version") \
	X(ERSPAN_TOO_MANY_VLAN_LAYERS, "erspan.too_many_vlan_layers") \
	X(DCE_PKT_TOO_SMALL, "dce.pkt_too_small") \
	X(CHDLC_PKT_TOO_SMALL, "chdlc.pkt_too_small") \
	X(NSH_HEADER_TOO_SMALL, "nsh.header_too_small") \
	X(NSH_UNSUPPORTED_VERSION, "nsh.unsupported_version") \
	X(NSH_BAD_HEADER_LENGTH, "nsh.bad_header_length") \
	X(NSH_RESERVED_TYPE, "nsh.reserved_type") \
	X(NSH_UNSUPPORTED_TYPE, "nsh.unsupported_type") \
	X(NSH_UNKNOWN_PAYLOAD, "nsh.unknown_payload") \
	X(IGMP_PKT_TOO_SMALL, "igmp.pkt_too_small") \
	X(IGMP_V3_PKT_TOO_SMALL, "igmp.v3_pkt_too_small") \
	X(IGMP_MALFORMED, "igmp.malformed") \
	X(AFPACKET_TRUNC_PKT, "afpacket.trunc_pkt") \
	X(TOO_MANY_LAYERS, "too_many_layers") \

#define DECODE_STREAM_EVENT_LIST(X) \
	X(STREAM_3WHS_ACK_DATA_INJECT, "stream.3whs_ack_data_inject") \
	X(STREAM_3WHS_ACK_IN_WRONG_DIR, "stream.3whs_ack_in_wrong_dir") \
	X(STREAM_3WHS_ASYNC_WRONG_SEQ, "stream.3whs_async_wrong_seq") \
	X(STREAM_3WHS_RIGHT_SEQ_WRONG_ACK_EVASION, "stream.3whs_right_seq_wrong_ack_evasion") \
	X(STREAM_3WHS_SYN_FLOOD, "stream.3whs_syn_flood") \
	X(STREAM_3WHS_SYN_RESEND_DIFF_SEQ_ON_SYN_RECV, "stream.3whs_syn_resend_diff_seq_on_syn_recv") \
	X(STREAM_3WHS_SYN_TOCLIENT_ON_SYN_RECV, "stream.3whs_syn_toclient_on_syn_recv") \
	X(STREAM_3WHS_SYNACK_FLOOD, "stream.3whs_synack_flood") \
	X(STREAM_3WHS_SYNACK_IN_WRONG_DIRECTION, "stream.3whs_synack_in_wrong_direction") \
	X(STREAM_3WHS_SYNACK_RESEND_WITH_DIFF_SEQ, "stream.3whs_synack_resend_with_diff_seq") \
	X(STREAM_3WHS_SYNACK_RESEND_WITH_DIFFERENT_ACK, "stream.3whs_synack_resend_with_diff_ack") \
	X(STREAM_3WHS_SYNACK_TFO_DATA_IGNORED, "stream.3whs_synack_tfo_data_ignored") \
	X(STREAM_3WHS_SYNACK_TOSERVER_ON_SYN_RECV, "stream.3whs_synack_toserver_on_syn_recv") \
	X(STREAM_3WHS_SYNACK_WITH_WRONG_ACK, "stream.3whs_synack_with_wrong_ack") \
	X(STREAM_3WHS_WRONG_SEQ_WRONG_ACK, "stream.3whs_wrong_seq_wrong_ack") \
	X(STREAM_4WHS_INVALID_ACK, "stream.4whs_invalid_ack") \
	X(STREAM_4WHS_SYNACK_WITH_WRONG_ACK, "stream.4whs_synack_with_wrong_ack") \
	X(STREAM_4WHS_SYNACK_WITH_WRONG_SYN, "stream.4whs_synack_with_wrong_syn") \
	X(STREAM_4WHS_WRONG_SEQ, "stream.4whs_wrong_seq") \
	X(STREAM_CLOSEWAIT_ACK_OUT_OF_WINDOW, "stream.closewait_ack_out_of_window") \
	X(STREAM_CLOSEWAIT_FIN_OUT_OF_WINDOW, "stream.closewait_fin_out_of_window") \
	X(STREAM_CLOSEWAIT_INVALID_ACK, "stream.closewait_invalid_ack") \
	X(STREAM_CLOSEWAIT_PKT_BEFORE_LAST_ACK, "stream.closewait_pkt_before_last_ack") \
	X(STREAM_CLOSING_ACK_WRONG_SEQ, "stream.closing_ack_wrong_seq") \
	X(STREAM_CLOSING_INVALID_ACK, "stream.closing_invalid_ack") \
	X(STREAM_EST_ACK_ZWP_DATA, "stream.est_ack_zwp_data") \
	X(STREAM_EST_INVALID_ACK, "stream.est_invalid_ack") \
	X(STREAM_EST_PACKET_OUT_OF_WINDOW, "stream.est_packet_out_of_window") \
	X(STREAM_EST_PKT_BEFORE_LAST_ACK, "stream.est_pkt_before_last_ack") \
	X(STREAM_EST_SYN_RESEND, "stream.est_syn_resend") \
	X(STREAM_EST_SYN_RESEND_DIFF_SEQ, "stream.est_syn_resend_diff_seq") \
	X(STREAM_EST_SYN_TOCLIENT, "stream.est_syn_toclient") \
	X(STREAM_EST_SYNACK_RESEND, "stream.est_synack_resend") \
	X(STREAM_EST_SYNACK_RESEND_WITH_DIFF_SEQ, "stream.est_synack_resend_with_diff_seq") \
	X(STREAM_EST_SYNACK_RESEND_WITH_DIFFERENT_ACK, "stream.est_synack_resend_with_diff_ack") \
	X(STREAM_EST_SYNACK_TOSERVER, "stream.est_synack_toserver") \
	X(STREAM_FIN1_ACK_WRONG_SEQ, "stream.fin1_ack_wrong_seq") \
	X(STREAM_FIN1_FIN_WRONG_SEQ, "stream.fin1_fin_wrong_seq") \
	X(STREAM_FIN1_INVALID_ACK, "stream.fin1_invalid_ack") \
	X(STREAM_FIN2_ACK_WRONG_SEQ, "stream.fin2_ack_wrong_seq") \
	X(STREAM_FIN2_FIN_WRONG_SEQ, "stream.fin2_fin_wrong_seq") \
	X(STREAM_FIN2_INVALID_ACK, "stream.fin2_invalid_ack") \
	X(STREAM_FIN_BUT_NO_SESSION, "stream.fin_but_no_session") \
	X(STREAM_FIN_INVALID_ACK, "stream.fin_invalid_ack") \
	X(STREAM_FIN_OUT_OF_WINDOW, "stream.fin_out_of_window") \
	X(STREAM_FIN_SYN, "stream.fin_syn") \
	X(STREAM_LASTACK_ACK_WRONG_SEQ, "stream.lastack_ack_wrong_seq") \
	X(STREAM_LASTACK_INVALID_ACK, "stream.lastack_invalid_ack") \
	X(STREAM_PKT_BAD_WINDOW_UPDATE, "stream.pkt_bad_window_update") \
	X(STREAM_PKT_BROKEN_ACK, "stream.pkt_broken_ack") \
	X(STREAM_PKT_INVALID_ACK, "stream.pkt_invalid_ack") \
	X(STREAM_PKT_INVALID_TIMESTAMP, "stream.pkt_invalid_timestamp") \
	X(STREAM_PKT_RETRANSMISSION, "stream.pkt_retransmission") \
	X(STREAM_PKT_SPURIOUS_RETRANSMISSION, "stream.pkt_spurious_retransmission") \
	X(STREAM_REASSEMBLY_DEPTH_REACHED, "stream.reassembly_depth_reached") \
	X(STREAM_REASSEMBLY_INSERT_INVALID, "stream.reassembly_insert_invalid") \
	X(STREAM_REASSEMBLY_INSERT_LIMIT, "stream.reassembly_insert_limit") \
	X(STREAM_REASSEMBLY_INSERT_MEMCAP, "stream.reassembly_insert_memcap") \
	X(STREAM_REASSEMBLY_NO_SEGMENT, "stream.reassembly_no_segment") \
	X(STREAM_REASSEMBLY_OVERLAP_DIFFERENT_DATA, "stream.reassembly_overlap_different_data") \
	X(STREAM_REASSEMBLY_SEGMENT_BEFORE_BASE_SEQ, "stream.reassembly_segment_before_base_seq") \
	X(STREAM_REASSEMBLY_SEQ_GAP, "stream.reassembly_seq_gap") \
	X(STREAM_REASSEMBLY_URGENT_OOB_LIMIT_REACHED, "stream.reassembly_urgent_oob_limit_reached") \
	X(STREAM_RST_BUT_NO_SESSION, "stream.rst_but_no_session") \
	X(STREAM_RST_INVALID_ACK, "stream.rst_invalid_ack") \
	X(STREAM_RST_WITH_DATA, "stream.rst_with_data") \
	X(STREAM_SHUTDOWN_SYN_RESEND, "stream.shutdown_syn_resend") \
	X(STREAM_SUSPECTED_RST_INJECT, "stream.suspected_rst_inject") \
	X(STREAM_TIMEWAIT_ACK_WRONG_SEQ, "stream.timewait_ack_wrong_seq") \
	X(STREAM_TIMEWAIT_INVALID_ACK, "stream.timewait_invalid_ack") \
	X(STREAM_WRONG_THREAD, "stream.wrong_thread") \

#define DECODE_EV_ENUM_(id, name)	DECODE_EV_##id,

enum decode_event {
	DECODE_EVENT_LIST(DECODE_EV_ENUM_)
	DECODE_EV_MAX,			/* decoder events: [0, DECODE_EV_MAX) */
	DECODE_EV_STREAM_FIRST = DECODE_EV_MAX,
	DECODE_EV_STREAM_BEFORE_ = DECODE_EV_STREAM_FIRST - 1,
	DECODE_STREAM_EVENT_LIST(DECODE_EV_ENUM_)
	DECODE_EV_ALL			/* every event: [0, DECODE_EV_ALL) */
};

#undef DECODE_EV_ENUM_

/* Words of struct packet.events. */
#define DECODE_EV_WORDS		((DECODE_EV_ALL + 63) / 64)

_Static_assert(DECODE_EV_WORDS <= 4, "struct packet.events: 4 words");

/* "ipv4.trunc_pkt", "stream.pkt_invalid_ack" ...; NULL out of range. */
const char *decode_event_name(enum decode_event);

/* The event named name[0..len) ("ipv4.trunc_pkt", "stream.wrong_thread";
 * case-insensitive, as Suricata compares), or -1. */
int	decode_event_lookup(const char *name, size_t len);

/* Bit DECODE_EV_INVALID_BIT of struct packet.events: the packet is
 * invalid as Suricata counts decoder.invalid (its PKT_IS_INVALID, which
 * ENGINE_SET_INVALID_EVENT sets): raised an event of the invalid class
 * (decode_event_invalid_mask, events.c), or one at a site Suricata
 * makes invalid (decode_event_set_invalid). */
#define DECODE_EV_INVALID_BIT	255
_Static_assert(DECODE_EV_ALL <= DECODE_EV_INVALID_BIT &&
    DECODE_EV_WORDS == 4, "the invalid flag is the last bit of the bits");

/* The events that always make a packet invalid, DECODE_EV_WORDS words. */
extern const uint64_t decode_event_invalid_mask[];

/* A packet keeps at most this many events, as Suricata's (its
 * PACKET_ENGINE_EVENT_MAX): past them an event is lost, neither matched
 * by decode-event nor counted. The same event may be raised more than
 * once (a repeated option); each time counts. */
#define DECODE_EV_LIST_MAX	15

_Static_assert(DECODE_EV_ALL <= 256, "events listed in a byte each");

/* events: a packet's p->events (PKT_EVENT_WORDS words): the bits, then
 * the list, a count byte and DECODE_EV_LIST_MAX event bytes. */
static inline uint8_t *
decode_event_list_(uint64_t *events)
{
	return (uint8_t *)&events[DECODE_EV_WORDS];
}

static inline void
decode_event_flag_invalid_(uint64_t *events)
{
	events[DECODE_EV_INVALID_BIT / 64] |=
	    (uint64_t)1 << (DECODE_EV_INVALID_BIT % 64);
}

/* Raises ev on the packet (events: its p->events). */
static inline void
decode_event_set(uint64_t *events, enum decode_event ev)
{
	uint8_t *list = decode_event_list_(events);

	/* invalid even when the event itself is lost, as Suricata */
	if (decode_event_invalid_mask[(unsigned)ev / 64] &
	    ((uint64_t)1 << ((unsigned)ev % 64)))
		decode_event_flag_invalid_(events);
	if (list[0] >= DECODE_EV_LIST_MAX)
		return;
	list[1 + list[0]++] = (uint8_t)ev;
	events[(unsigned)ev / 64] |= (uint64_t)1 << ((unsigned)ev % 64);
}

/* The same, and the packet is invalid whatever ev's class
 * (ENGINE_SET_INVALID_EVENT where Suricata uses it for an event that is
 * elsewhere a plain one: tcp.opt_invalid_len). */
static inline void
decode_event_set_invalid(uint64_t *events, enum decode_event ev)
{
	decode_event_set(events, ev);
	decode_event_flag_invalid_(events);
}

/* Whether the packet counts in decoder.invalid. */
static inline bool
decode_event_invalid(const uint64_t *events)
{
	return (events[DECODE_EV_INVALID_BIT / 64] &
	    ((uint64_t)1 << (DECODE_EV_INVALID_BIT % 64))) != 0;
}

static inline bool
decode_event_has(const uint64_t *events, enum decode_event ev)
{
	return (events[(unsigned)ev / 64] &
	    ((uint64_t)1 << ((unsigned)ev % 64))) != 0;
}

/* Any event at all (decoder or stream). */
static inline bool
decode_event_any(const uint64_t *events)
{
	uint64_t or = 0;

	for (unsigned w = 0; w < DECODE_EV_WORDS; w++)
		or |= events[w];
	return or != 0;
}

/* Per-thread event counters, counts[ev] += each time decoder event ev
 * was raised on a packet (events: its p->events after decode_packet),
 * as Suricata counts. The calling thread is the only writer
 * (core/counters.h), so the stats thread may read while it runs. */
static inline void
decode_events_count(uint64_t counts[DECODE_EV_MAX], const uint64_t *events)
{
	const uint8_t *list = (const uint8_t *)&events[DECODE_EV_WORDS];

	for (unsigned i = 0; i < list[0] && i < DECODE_EV_LIST_MAX; i++)
		if (list[1 + i] < DECODE_EV_MAX)
			counter_inc(&counts[list[1 + i]]);
}

/* sum[ev] += counts[ev] for every event: the stats thread adds up the
 * counters of each thread that decodes. */
static inline void
decode_events_sum(uint64_t sum[DECODE_EV_MAX],
    const uint64_t counts[DECODE_EV_MAX])
{
	for (unsigned ev = 0; ev < DECODE_EV_MAX; ev++)
		sum[ev] += counter_get(&counts[ev]);
}

#endif
