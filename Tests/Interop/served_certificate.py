"""Prints the PEM certificate a TLS server presents at HOST:PORT (no verification: the
caller compares it with the file it expects)."""
import ssl
import sys

host, _, port = sys.argv[1].rpartition(":")
print(ssl.get_server_certificate((host, int(port)), timeout=5), end="")
