#!/usr/bin/env python3
"""The quell lab's HTTP/1.1 server (python3 standard library only).

    GET /big?bytes=N   N bytes of deterministic data (see big_data)
    GET /page?enc=E&chunk=N&marker=M
                       the lab page (see page_data) with the word M in its
                       middle (default QUELL-LAB-MARKER), compressed with
                       E (gzip, deflate: zlib format, or identity), sent
                       with Content-Length, or with chunk=N in chunks of
                       N bytes (chunked transfer coding, 1..65536)
    GET /<anything>    200, body "hello from the lab\\n"

Usage: httpd.py --bind ADDR --port PORT [--log-requests]
                [--tls-cert CERT --tls-key KEY]   (HTTPS)
       httpd.py --print-big N      write the /big?bytes=N body to stdout

`python3 -m http.server` resolves its bind address with socket.getfqdn() at
start, which stalls for seconds in a namespace without a resolver; this
server binds a plain socket and never looks anything up. --bind :: listens
on IPv6 and IPv4 (dual stack). Threaded; request logging only on demand.
"""

import argparse
import gzip
import http.server
import signal
import socket
import socketserver
import ssl
import sys
import urllib.parse
import zlib

BODY = b"hello from the lab\n"
BIG_MAX = 1 << 31
CHUNK = 64 * 1024
LINE = 16


def big_data(n):
    """Yield the first n bytes of the /big stream in chunks.

    The stream is the lines "%015d\\n" % k for k = 0, 1, 2, ...: every
    16-byte line names its own position, so a lost, duplicated or reordered
    segment changes the checksum and can be located by eye.
    """
    k = 0
    left = n
    while left > 0:
        lines = CHUNK // LINE
        block = "".join("%015d\n" % i for i in range(k, k + lines)).encode()
        k += lines
        if len(block) > left:
            block = block[:left]
        left -= len(block)
        yield block


def page_data(marker):
    """The /page body before compression: 400 numbered lines, the marker
    alone on line 200."""
    lines = [b"line %04d of the quell lab page\n" % i for i in range(400)]
    lines[200] = marker + b"\n"
    return b"".join(lines)


def encode(body, enc):
    if enc == "gzip":
        return gzip.compress(body, mtime=0)
    if enc == "deflate":
        return zlib.compress(body)
    return body


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "quell-lab-httpd/1"
    sys_version = ""

    def version_string(self):
        return self.server_version

    def log_message(self, format, *args):  # noqa: A002 (stdlib signature)
        if self.server.log_requests:
            sys.stderr.write("%s %s\n" % (self.client_address[0], format % args))
            sys.stderr.flush()

    def _reply(self, head_only):
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/big":
            query = urllib.parse.parse_qs(url.query)
            try:
                n = int(query.get("bytes", ["0"])[0])
            except ValueError:
                n = -1
            if n < 0 or n > BIG_MAX:
                self.send_error(400, "bytes must be 0..%d" % BIG_MAX)
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(n))
            self.end_headers()
            if not head_only:
                for block in big_data(n):
                    self.wfile.write(block)
            return
        if url.path == "/page":
            self._page(urllib.parse.parse_qs(url.query), head_only)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(BODY)))
        self.end_headers()
        if not head_only:
            self.wfile.write(BODY)

    def _page(self, query, head_only):
        enc = query.get("enc", ["identity"])[0]
        marker = query.get("marker", ["QUELL-LAB-MARKER"])[0].encode()
        try:
            chunk = int(query.get("chunk", ["0"])[0])
        except ValueError:
            chunk = -1
        if enc not in ("gzip", "deflate", "identity") or not 0 <= chunk <= 65536:
            self.send_error(400, "enc gzip|deflate|identity, chunk 0..65536")
            return
        body = encode(page_data(marker), enc)
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        if enc != "identity":
            self.send_header("Content-Encoding", enc)
        if chunk == 0:
            self.send_header("Content-Length", str(len(body)))
        else:
            self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        if head_only:
            return
        if chunk == 0:
            self.wfile.write(body)
            return
        for i in range(0, len(body), chunk):
            piece = body[i:i + chunk]
            self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
        self.wfile.write(b"0\r\n\r\n")

    def do_GET(self):  # noqa: N802 (stdlib naming)
        self._reply(False)

    def do_HEAD(self):  # noqa: N802
        self._reply(True)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, addr, port, log_requests):
        self.address_family = socket.AF_INET6 if ":" in addr else socket.AF_INET
        self.log_requests = log_requests
        super().__init__((addr, port), Handler)

    def handle_error(self, request, client_address):
        # A client that gives up (a test whose request quell dropped) is
        # normal in the lab: one line, no traceback.
        exc = sys.exc_info()[1]
        if isinstance(exc, (BrokenPipeError, ConnectionResetError,
                            ssl.SSLError, TimeoutError)):
            if self.log_requests:
                sys.stderr.write("%s connection lost: %s\n" % (client_address[0], exc))
            return
        super().handle_error(request, client_address)

    def server_bind(self):
        # HTTPServer.server_bind would call socket.getfqdn(): skip it.
        if self.address_family == socket.AF_INET6:
            # "::" serves IPv4 too (v4-mapped).
            self.socket.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        socketserver.TCPServer.server_bind(self)
        host, port = self.server_address[:2]
        self.server_name = host
        self.server_port = port


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bind", default="::")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--log-requests", action="store_true",
                    help="log each request to stderr")
    ap.add_argument("--tls-cert", metavar="CERT",
                    help="serve HTTPS with this certificate (PEM)")
    ap.add_argument("--tls-key", metavar="KEY",
                    help="the certificate's private key (PEM)")
    ap.add_argument("--print-big", type=int, metavar="N",
                    help="write the /big?bytes=N body to stdout and exit")
    ap.add_argument("--print-page", metavar="MARKER",
                    help="write the /page body (uncompressed) to stdout and exit")
    args = ap.parse_args()

    if args.print_page is not None:
        sys.stdout.buffer.write(page_data(args.print_page.encode()))
        sys.stdout.buffer.flush()
        return 0

    if args.print_big is not None:
        out = sys.stdout.buffer
        for block in big_data(args.print_big):
            out.write(block)
        out.flush()
        return 0

    # SIGTERM ends the server cleanly (exit 0), like Ctrl-C.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(0))
    httpd = Server(args.bind, args.port, args.log_requests)
    if args.tls_cert:
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(args.tls_cert, args.tls_key)
        # the handshake in each connection's thread, not in accept()
        httpd.socket = ctx.wrap_socket(httpd.socket, server_side=True,
                                       do_handshake_on_connect=False)
    sys.stderr.write("httpd: listening on [%s]:%d\n" % (args.bind, args.port))
    sys.stderr.flush()
    try:
        httpd.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
