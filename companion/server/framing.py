"""What a request's head may be before the app sees it (gevent_server.py's handler reads it):

- at most `HEAD_BYTES` in all, request line and header lines together (a phone's head is under
  2 KB; unfinished heads of 98 lines of 65 KB each grew the server by 6 MB a connection);
- its body's length given one way only (RFC 9112, section 6.3): one Content-Length of digits,
  or Transfer-Encoding `chunked` alone; two Content-Lengths, a Content-Length beside a
  Transfer-Encoding, or a coding the server does not know (`xchunked`, `gzip, chunked`) are
  refused with 400 and the connection closed, so no request hidden in a body is ever answered.

A refused head is answered with a short sentence and the connection closed."""
from __future__ import annotations

HEAD_BYTES = 16 * 1024


class BadHead(ValueError):
    """A head the server refuses; `status` and `sentence` are its answer."""

    status = "400 Bad Request"

    def __init__(self, sentence: str):
        super().__init__(sentence)
        self.sentence = sentence


class HeadTooLarge(BadHead):
    status = "431 Request Header Fields Too Large"


class HeadReader:
    """The connection's reader while a request's head is read: at most `left` bytes in all."""

    def __init__(self, rfile, left: int):
        self.rfile = rfile
        self.left = left

    def readline(self, limit: int | None = -1) -> bytes:
        """One line, never reading past the head's budget; HeadTooLarge once it is spent."""
        size = self.left + 1 if limit is None or limit < 0 else min(limit, self.left + 1)
        line = self.rfile.readline(size)
        self.left -= len(line)
        if self.left < 0:
            raise HeadTooLarge(f"The request's head is longer than {HEAD_BYTES // 1024} KB.")
        return line


def check_framing(headers) -> None:
    """Refuse (BadHead) a head whose body length is ambiguous or given in a coding the server
    does not read (RFC 9112, 6.1 and 6.3)."""
    lengths = [part.strip() for value in headers.get_all("Content-Length") or () for part in value.split(",")]
    codings = [part.strip().lower() for value in headers.get_all("Transfer-Encoding") or ()
               for part in value.split(",") if part.strip()]
    if codings and lengths:
        raise BadHead("The request gives its length twice (Content-Length and Transfer-Encoding).")
    if codings and codings != ["chunked"]:
        raise BadHead("The request's Transfer-Encoding is not one this server reads (only chunked).")
    if len(lengths) > 1:
        raise BadHead("The request gives more than one Content-Length.")
    if lengths and not (lengths[0].isascii() and lengths[0].isdigit()):
        raise BadHead("The request's Content-Length is not a number.")


def answer(status: str, sentence: str) -> bytes:
    """A whole HTTP response carrying `sentence`, after which the connection is closed."""
    body = (sentence + "\n").encode()
    return (f"HTTP/1.1 {status}\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body
