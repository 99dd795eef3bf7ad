#!/usr/bin/env python3
"""output_buffer.py BINARY: the language server widens what it writes into
(rpc.c, widen_pipe): a pipe to 1 MB, a socket's send buffer past the
default, so that a publish of most of a megabyte is not written in a dozen
waits on the client. Checked from outside on the server's own stdout,
a pipe and then a socketpair (Node's child_process uses the latter)."""
import fcntl
import os
import socket
import subprocess
import sys

F_GETPIPE_SZ = 1032
INIT = b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'


def handshake(server, read):
    """Sends initialize and reads the answer: the server is set up then."""
    server.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(INIT), INIT))
    server.stdin.flush()
    got = b""
    while b"\r\n\r\n" not in got:
        chunk = read(4096)
        if not chunk:
            sys.exit("output_buffer: the server closed its output before answering initialize")
        got += chunk


def stop(server):
    server.stdin.close()
    server.wait(timeout=10)


def main():
    binary = sys.argv[1]
    r, w = os.pipe()
    server = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=w, stderr=subprocess.DEVNULL)
    handshake(server, lambda n: os.read(r, n))
    pipe = fcntl.fcntl(w, F_GETPIPE_SZ)
    stop(server)
    if pipe < 1 << 20:
        sys.exit("output_buffer: FAIL: the server's stdout pipe holds %d bytes, not 1 MB" % pipe)

    default = socket.socketpair()[0].getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF)
    ours, theirs = socket.socketpair()
    server = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=theirs.fileno(),
                              stderr=subprocess.DEVNULL)
    handshake(server, ours.recv)
    sent = theirs.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF)
    stop(server)
    if sent <= default:
        sys.exit("output_buffer: FAIL: the server's stdout socket sends %d bytes at a time (default %d)"
                 % (sent, default))
    print("output_buffer: pipe %d bytes, socket send buffer %d bytes (default %d)" % (pipe, sent, default))


main()
