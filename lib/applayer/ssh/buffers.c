/* SSH inspection buffers, Suricata 7's (rust/src/ssh/detect.rs and
 * detect-ssh-*.c): per direction the banner's protocol and software
 * version (both directions, from BANNER_DONE), and the key exchange's
 * hassh: ssh.hassh / ssh.hassh.string the client's (to the server),
 * ssh.hassh.server / ssh.hassh.server.string the server's (to the
 * client). ssh_proto and ssh_software are the older names. */
#include "core/base.h"

#include "applayer/ssh/buffers.h"
#include "applayer/ssh/ssh_int.h"

#define TS	(1u << APPLAYER_TOSERVER)
#define TC	(1u << APPLAYER_TOCLIENT)

static bool
bytes(const struct ssh_bytes *b, const uint8_t **buf, uint32_t *len)
{
	if (b->len == 0)
		return false;
	*buf = b->b;
	*len = b->len;
	return true;
}

static bool
get_proto(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return bytes(&((struct ssh_tx *)tx)->hdr[dir & 1].protover, buf, len);
}

static bool
get_software(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return bytes(&((struct ssh_tx *)tx)->hdr[dir & 1].swver, buf, len);
}

static bool
hassh(void *tx, uint8_t side, const uint8_t **buf, uint32_t *len)
{
	const struct ssh_hdr *h = &((struct ssh_tx *)tx)->hdr[side];

	if (h->hassh[0] == '\0')
		return false;
	*buf = (const uint8_t *)h->hassh;
	*len = 32;
	return true;
}

static bool
get_hassh(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return dir == APPLAYER_TOSERVER &&
	    hassh(tx, APPLAYER_TOSERVER, buf, len);
}

static bool
get_hassh_server(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return dir == APPLAYER_TOCLIENT &&
	    hassh(tx, APPLAYER_TOCLIENT, buf, len);
}

static bool
get_hassh_string(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return dir == APPLAYER_TOSERVER && bytes(&((struct ssh_tx *)tx)->
	    hdr[APPLAYER_TOSERVER].hassh_string, buf, len);
}

static bool
get_hassh_server_string(void *tx, uint8_t dir, const uint8_t **buf,
    uint32_t *len)
{
	return dir == APPLAYER_TOCLIENT && bytes(&((struct ssh_tx *)tx)->
	    hdr[APPLAYER_TOCLIENT].hassh_string, buf, len);
}

const struct applayer_buffer applayer_ssh_buffers[APPLAYER_SSH_NBUFFERS] = {
	{ .name = "ssh.proto", .alias = "ssh_proto",
	  .desc = "the banner's protocol version", .dirs = TS | TC,
	  .progress = SSH_PROGRESS_BANNER_DONE, .get = get_proto },
	{ .name = "ssh.software", .alias = "ssh_software",
	  .desc = "the banner's software version", .dirs = TS | TC,
	  .progress = SSH_PROGRESS_BANNER_DONE, .get = get_software },
	{ .name = "ssh.hassh", .desc = "the client's hassh (MD5, hex)",
	  .dirs = TS, .progress = SSH_PROGRESS_BANNER_DONE, .get = get_hassh },
	{ .name = "ssh.hassh.string", .desc = "the client's hassh string",
	  .dirs = TS, .progress = SSH_PROGRESS_BANNER_DONE,
	  .get = get_hassh_string },
	{ .name = "ssh.hassh.server", .desc = "the server's hassh (MD5, hex)",
	  .dirs = TC, .progress = SSH_PROGRESS_BANNER_DONE,
	  .get = get_hassh_server },
	{ .name = "ssh.hassh.server.string",
	  .desc = "the server's hassh string", .dirs = TC,
	  .progress = SSH_PROGRESS_BANNER_DONE,
	  .get = get_hassh_server_string },
};
