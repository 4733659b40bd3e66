#include "core/base.h"

#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

#include "capture/nfq_proc.h"

size_t
capture_nfq_proc_parse(const char *text, struct nfq_kernel_stats *out,
    size_t max)
{
	size_t n = 0;
	const char *line = text;

	while (*line != '\0' && n < max) {
		const char *eol = strchr(line, '\n');
		unsigned q, portid, total, mode, range, seq;
		unsigned long long qdrop, udrop;
		char buf[256];
		size_t len = eol ? (size_t)(eol - line) : strlen(line);

		if (len < sizeof(buf)) {
			memcpy(buf, line, len);
			buf[len] = '\0';
			/* queue portid waiting copy_mode copy_range
			 * queue_dropped user_dropped id_sequence 1 */
			if (sscanf(buf, "%u %u %u %u %u %llu %llu %u", &q,
			    &portid, &total, &mode, &range, &qdrop, &udrop,
			    &seq) == 8 && q <= 65535) {
				out[n] = (struct nfq_kernel_stats){
					.queue = (uint16_t)q,
					.portid = portid,
					.queue_total = total,
					.copy_mode = mode,
					.copy_range = range,
					.queue_dropped = qdrop,
					.user_dropped = udrop,
					.id_sequence = seq,
				};
				n++;
			}
		}
		if (eol == NULL)
			break;
		line = eol + 1;
	}
	return n;
}

/* The entry of queue among the file's text. */
static int
find_queue(char *text, size_t len, uint16_t queue,
    struct nfq_kernel_stats *out)
{
	struct nfq_kernel_stats all[256];
	size_t n;

	text[len] = '\0';
	n = capture_nfq_proc_parse(text, all, QUELL_NITEMS(all));
	for (size_t i = 0; i < n; i++) {
		if (all[i].queue == queue) {
			*out = all[i];
			return 0;
		}
	}
	return -1;
}

int
capture_nfq_proc_read(const char *path, uint16_t queue,
    struct nfq_kernel_stats *out)
{
	char text[32768];
	size_t len;
	FILE *fp;

	if ((fp = fopen(path, "r")) == NULL)
		return -1;
	len = fread(text, 1, sizeof(text) - 1, fp);
	fclose(fp);
	return find_queue(text, len, queue, out);
}

int
capture_nfq_proc_read_fd(int fd, uint16_t queue, struct nfq_kernel_stats *out)
{
	char text[32768];
	size_t len = 0;
	ssize_t n;

	/* a seq_file starts over at offset 0 */
	while (len < sizeof(text) - 1 && (n = pread(fd, text + len,
	    sizeof(text) - 1 - len, (off_t)len)) > 0)
		len += (size_t)n;
	if (len == 0)
		return -1;
	return find_queue(text, len, queue, out);
}
