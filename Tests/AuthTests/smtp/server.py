"""A real SMTP server for auth's mail tests: aiosmtpd (pinned in requirements.txt) on
127.0.0.1, with STARTTLS (or TLS from the first byte) and AUTH required.

    run-server.sh --out DIR --cert CERT --key KEY --user U --password P
                  [--implicit-tls] [--tempfail REGEX] [--exclude-auth PLAIN]

Once it listens it writes DIR/ready.json ({"port": N}) and prints the same line. Each
message it accepts becomes DIR/message-N.json: envelope sender and recipients, the user
that authenticated, whether the session was encrypted, and the raw message. Recipients
matching --tempfail are answered 451 (try again later), so a test can show that one slow
mailbox holds up no other. Runs until SIGTERM.
"""
import argparse
import asyncio
import itertools
import json
import os
import re
import signal
import ssl
import sys

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


def write_json(directory, name, value):
    """Whole files only: the reader polls the directory."""
    path = os.path.join(directory, name)
    with open(path + ".partial", "w") as out:
        json.dump(value, out)
    os.replace(path + ".partial", path)


class Recorder:
    def __init__(self, out, tempfail):
        self.out = out
        self.tempfail = re.compile(tempfail) if tempfail else None
        self.numbers = itertools.count(1)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.tempfail and self.tempfail.search(address):
            return "451 4.3.0 Mailbox busy, try again later"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server, session, envelope):
        auth = session.auth_data or {}
        write_json(self.out, f"message-{next(self.numbers)}.json", {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "auth_user": auth.get("user"),
            "auth_mechanism": auth.get("mechanism"),
            # STARTTLS sets session.ssl; a listener that is TLS from the start does not.
            "tls": session.ssl is not None or server.transport.get_extra_info("ssl_object") is not None,
            "data": envelope.content.decode("utf-8", "replace"),
        })
        return "250 2.0.0 Message accepted"


def authenticator(user, password):
    def check(server, session, envelope, mechanism, auth_data):
        ok = isinstance(auth_data, LoginPassword) and auth_data == LoginPassword(user.encode(), password.encode())
        # Kept on the session, so each message says who sent it and how they signed in.
        return AuthResult(success=ok, handled=False, auth_data={"user": user, "mechanism": mechanism} if ok else None)
    return check


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--cert", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--user", required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--implicit-tls", action="store_true")
    parser.add_argument("--tempfail", default="")
    parser.add_argument("--exclude-auth", action="append", default=[])
    args = parser.parse_args()

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(args.cert, args.key)
    recorder = Recorder(args.out, args.tempfail)

    def protocol():
        return SMTP(
            recorder,
            hostname="localhost",
            # STARTTLS on a plaintext listener; with implicit TLS the listener itself is TLS.
            tls_context=None if args.implicit_tls else context,
            require_starttls=not args.implicit_tls,
            auth_required=True,
            # aiosmtpd counts only STARTTLS as TLS; a TLS listener is encrypted from the start.
            auth_require_tls=not args.implicit_tls,
            auth_exclude_mechanism=args.exclude_auth,
            authenticator=authenticator(args.user, args.password),
        )

    loop = asyncio.get_running_loop()
    server = await loop.create_server(protocol, host="127.0.0.1", port=0, ssl=context if args.implicit_tls else None)
    port = server.sockets[0].getsockname()[1]
    write_json(args.out, "ready.json", {"port": port})
    print(json.dumps({"port": port}), flush=True)

    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    await stop.wait()
    server.close()
    await server.wait_closed()


if __name__ == "__main__":
    asyncio.run(main())
    sys.exit(0)
