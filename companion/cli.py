"""The `companion` command: `companion serve` starts the app (its embedded store, or Redis with `--redis`)."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from urllib.parse import urlsplit


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    parser = argparse.ArgumentParser(prog="companion", description="Kyoto Table Companion")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", allow_abbrev=False, help="run the web app (data under ./companion-data/ by default)")
    serve.add_argument("--host", default=os.environ.get("HOST", "0.0.0.0"))
    serve.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    serve.add_argument("--data", default=os.environ.get("COMPANION_DATA", "companion-data"))
    serve.add_argument("--max-phones", type=int, default=int(os.environ.get("COMPANION_MAX_PHONES", "0")) or None,
                       help="live pages one process holds; the next is told the server is busy and polls "
                            "(default 3,000)")
    serve.add_argument("--redis", default=os.environ.get("COMPANION_REDIS_URL") or None, metavar="URL",
                       help="keep tables, live pushes and limits in this Redis (redis://host:6379/0), so that "
                            "several workers or machines can serve one venue (docs/scaling.md)")
    serve.add_argument("--workers", type=int, default=int(os.environ.get("COMPANION_WORKERS", "1")),
                       help="worker processes (more than one needs --redis)")
    serve.add_argument("--certfile", default=os.environ.get("COMPANION_CERTFILE"),
                       help="serve HTTPS with this certificate (PEM, the chain after it)")
    serve.add_argument("--keyfile", default=os.environ.get("COMPANION_KEYFILE"),
                       help="the certificate's private key (PEM)")
    data_default = os.environ.get("COMPANION_DATA", "companion-data")
    back = sub.add_parser("backup", help="write the whole data folder into one .tar.gz")
    back.add_argument("--data", default=data_default)
    back.add_argument("--out", default=None, help="the archive to write (default: a dated name here)")
    rest = sub.add_parser("restore", help="unpack a backup into the data folder")
    rest.add_argument("archive")
    rest.add_argument("--data", default=data_default)
    rest.add_argument("--force", action="store_true", help="restore into a folder that is not empty")
    sub.add_parser("migrate", help="convert a data folder an earlier release wrote (server stopped)").add_argument(
        "--data", default=data_default)
    args = parser.parse_args(argv)
    if args.command == "serve":
        if bool(args.certfile) != bool(args.keyfile):
            parser.error("--certfile and --keyfile go together")
        if args.redis:
            os.environ["COMPANION_REDIS_URL"] = args.redis  # for the app and for its workers' checks
        from .server.loop import one_worker_unless_redis

        refusal = one_worker_unless_redis(args.workers)
        if refusal:
            parser.exit(2, f"companion serve: {refusal}\n")
        return serve_app(args)
    from . import backup as backups
    from .migrate import migrate

    try:
        if args.command == "backup":
            print(f"Backup written to {backups.backup(args.data, args.out)}")
        elif args.command == "migrate":
            print("\n".join(migrate(args.data)) or f"{args.data} is in this release's shape.")
        else:
            print(f"Restored {backups.restore(args.archive, args.data, args.force)} files into {args.data}")
    except (OSError, ValueError) as exc:
        print(f"companion {args.command}: {exc}", file=sys.stderr)
        return 1
    return 0


def serve_app(args) -> int:
    """Run the app: on gevent's own server in this process (gevent_server.py), or under gunicorn
    with `--workers N` (worker.py, the Procfile's worker; several only when the app's data,
    pushes and limits are in Redis)."""
    from .server.loop import patch, settle

    patch()  # before the app makes a lock, a queue or a socket
    data = Path(args.data).resolve()
    was = "new, empty" if not data.exists() else ("empty" if data.is_dir() and not any(data.iterdir()) else "")
    os.environ["COMPANION_DATA"] = str(data)
    if args.max_phones:
        os.environ["COMPANION_MAX_PHONES"] = str(args.max_phones)
    from . import create_app
    from .settings import SettingError
    from .store import StoreError
    from .welcome import welcome

    try:
        app = create_app()
    except (StoreError, SettingError) as exc:  # Redis cannot be reached, say: a sentence, not a traceback
        print(f"companion serve: {exc}", file=sys.stderr)
        return 1
    if args.certfile:  # served over HTTPS only: the session cookie never travels in clear
        app.config["SESSION_COOKIE_SECURE"] = True
    if args.redis:  # Redis's address without its password, if the URL carries one
        where = f"Tables in Redis at {urlsplit(args.redis).hostname}:{urlsplit(args.redis).port or 6379}"
    else:
        where = f"Data folder: {data}" + (f" ({was})" if was else "")
    urls = phone_urls(args.host, args.port, "https" if args.certfile else "http")
    if args.workers > 1:
        try:
            from .server import worker
        except ImportError:  # gunicorn is not installed where it cannot run (Windows)
            print("companion serve: several workers need gunicorn, which does not run on this system; "
                  "run one (--workers 1)", file=sys.stderr)
            return 1
        settle()
        welcome(urls, where, sys.stdout)
        worker.serve(app, args.host, args.port, args.workers, args.certfile, args.keyfile)
        return 0
    from .server import gevent_server

    try:
        server = gevent_server.listen(app, args.host, args.port, args.certfile, args.keyfile)
    except OSError as exc:  # the port taken, a certificate unreadable (ssl.SSLError too)
        print(f"companion serve: cannot serve on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    welcome(urls, where, sys.stdout)
    gevent_server.serve(server)
    return 0


def phone_urls(host: str, port: int, scheme: str = "http") -> list[str]:
    """The addresses phones on the same network can open (no traffic is sent to find them)."""
    if host not in ("0.0.0.0", "::", ""):
        return [f"{scheme}://{host}:{port}/"]
    # Imported here: the web package makes the app's locks when imported, which `serve_app` lets
    # happen only after gevent patched the standard library.
    from .web import network

    # The same lookup as the QR codes' (the default route first), so the terminal and the codes
    # name one address; this machine's own loopback last, for a browser on the laptop itself.
    addresses = [*network.lan_addresses(), "127.0.0.1"]
    public = os.environ.get("COMPANION_PUBLIC_URL")
    urls = [public.rstrip("/") + "/"] if public else []
    return urls + [f"{scheme}://{a}:{port}/" for a in addresses]


if __name__ == "__main__":
    raise SystemExit(main())
