#include "core/base.h"

#include "applayer/tls/events.h"

/* tls-events.rules (../shared/corpus) plus invalid_record_length,
 * which Suricata 7.0.6 also raises. */
const char *const applayer_tls_event_names[TLS_EV_MAX] = {
	[TLS_EV_INVALID_SSLV2_HEADER] = "invalid_sslv2_header",
	[TLS_EV_INVALID_TLS_HEADER] = "invalid_tls_header",
	[TLS_EV_INVALID_RECORD_VERSION] = "invalid_record_version",
	[TLS_EV_INVALID_RECORD_TYPE] = "invalid_record_type",
	[TLS_EV_INVALID_RECORD_LENGTH] = "invalid_record_length",
	[TLS_EV_INVALID_HANDSHAKE_MESSAGE] = "invalid_handshake_message",
	[TLS_EV_HEARTBEAT_MESSAGE] = "heartbeat_message",
	[TLS_EV_INVALID_HEARTBEAT_MESSAGE] = "invalid_heartbeat_message",
	[TLS_EV_OVERFLOW_HEARTBEAT_MESSAGE] = "overflow_heartbeat_message",
	[TLS_EV_DATALEAK_HEARTBEAT_MISMATCH] = "dataleak_heartbeat_mismatch",
	[TLS_EV_HANDSHAKE_INVALID_LENGTH] = "handshake_invalid_length",
	[TLS_EV_MULTIPLE_SNI_EXTENSIONS] = "multiple_sni_extensions",
	[TLS_EV_INVALID_SNI_TYPE] = "invalid_sni_type",
	[TLS_EV_INVALID_SNI_LENGTH] = "invalid_sni_length",
	[TLS_EV_TOO_MANY_RECORDS_IN_PACKET] = "too_many_records_in_packet",
	[TLS_EV_INVALID_CERTIFICATE] = "invalid_certificate",
	[TLS_EV_CERTIFICATE_INVALID_LENGTH] = "certificate_invalid_length",
	[TLS_EV_CERTIFICATE_INVALID_VERSION] = "certificate_invalid_version",
	[TLS_EV_CERTIFICATE_INVALID_SERIAL] = "certificate_invalid_serial",
	[TLS_EV_CERTIFICATE_INVALID_ALGORITHMIDENTIFIER] =
	    "certificate_invalid_algorithmidentifier",
	[TLS_EV_CERTIFICATE_INVALID_X509NAME] = "certificate_invalid_x509name",
	[TLS_EV_CERTIFICATE_INVALID_DATE] = "certificate_invalid_date",
	[TLS_EV_CERTIFICATE_INVALID_EXTENSIONS] =
	    "certificate_invalid_extensions",
	[TLS_EV_CERTIFICATE_INVALID_DER] = "certificate_invalid_der",
	[TLS_EV_CERTIFICATE_INVALID_SUBJECT] = "certificate_invalid_subject",
	[TLS_EV_CERTIFICATE_INVALID_ISSUER] = "certificate_invalid_issuer",
	[TLS_EV_CERTIFICATE_INVALID_VALIDITY] = "certificate_invalid_validity",
	[TLS_EV_ERROR_MESSAGE_ENCOUNTERED] = "error_message_encountered",
	[TLS_EV_INVALID_SSL_RECORD] = "invalid_ssl_record",
	[TLS_EV_INVALID_ALERT_MESSAGE] = "invalid_alert_message",
};
