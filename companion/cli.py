"""The `companion` command: `companion serve` starts the app (its embedded store, or Redis with `--redis`)."""
from __future__ import annotations

import argparse
import os
import sys
from urllib.parse import urlsplit


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console scripts (`kyoto-companion`, and `companion`)."""
    parser = argparse.ArgumentParser(prog="companion", description="Kyoto Table Companion")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", allow_abbrev=False,
                           help="run the web app (data in the user's data folder unless --data says otherwise)")
    # No defaults read here: each value is checked, naming the option or the variable it came from
    # (options.py), before anything is opened or bound.
    serve.add_argument("--host", help="the address to listen on (HOST; default 0.0.0.0: every network)")
    serve.add_argument("--port", help="the port (PORT; default 8000)")
    serve.add_argument("--data", help="the data folder (COMPANION_DATA; default: the user's data folder)")
    serve.add_argument("--max-phones", help="live pages one process holds; the next is told the server is busy "
                                            "and polls (COMPANION_MAX_PHONES; default 3,000)")
    serve.add_argument("--redis", metavar="URL",
                       help="keep tables, live pushes and limits in this Redis (redis://host:6379/0), so that "
                            "several workers or machines can serve one venue (docs/scaling.md)")
    serve.add_argument("--workers", help="worker processes (COMPANION_WORKERS; more than one needs --redis)")
    serve.add_argument("--certfile", help="serve HTTPS with this certificate (PEM, the chain after it)")
    serve.add_argument("--keyfile", help="the certificate's private key (PEM)")
    back = sub.add_parser("backup", help="write the whole data folder into one .tar.gz")
    back.add_argument("--data", default=None)
    back.add_argument("--out", default=None, help="the archive to write (default: a dated name here)")
    rest = sub.add_parser("restore", help="unpack a backup into the data folder")
    rest.add_argument("archive")
    rest.add_argument("--data", default=None)
    rest.add_argument("--force", action="store_true", help="restore into a folder that is not empty")
    said = ("convert the data an earlier release stored, once, with every server stopped: the data folder, "
            "or the app's Redis when one is configured (a run cut short is finished by the next)")
    move = sub.add_parser("migrate", help=said, description=said[0].upper() + said[1:] + ".")
    move.add_argument("--data", default=None, help="the data folder (COMPANION_DATA; default: the user's data folder)")
    move.add_argument("--redis", metavar="URL", help="convert the tables and nights in this Redis instead "
                                                     "(COMPANION_REDIS_URL; keys under COMPANION_REDIS_PREFIX)")
    args = parser.parse_args(argv)
    if args.command == "serve":
        from .server.loop import patch

        patch()  # before anything makes a lock, a queue or a socket (Flask's and Redis's imports included)
        from .server.options import serve_options
        from .settings import SettingError

        try:
            options = serve_options(args)
        except SettingError as exc:  # a sentence naming the setting, not a traceback
            parser.exit(2, f"companion serve: {exc}\n")
        return serve_app(options)
    from . import backup as backups
    from .migrate import ServerRunning, migrate
    from .server.owner import FolderInUse, claim
    from .settings import SettingError, default_data_dir
    from .store import StoreError

    data = args.data or os.environ.get("COMPANION_DATA") or default_data_dir()
    try:
        # --redis, or the app's Redis unless a data folder is named: where the app keeps its tables.
        if args.command == "migrate" and (args.redis or (not args.data and os.environ.get("COMPANION_REDIS_URL"))):
            print(migrate_redis(args.redis))
        elif args.command == "backup":
            print(f"Backup written to {backups.backup(data, args.out)}")
        elif args.command == "migrate":
            held = claim(data)  # refused (FolderInUse) while a server runs on the folder
            try:
                print("\n".join(migrate(data)) or f"{data} is in this release's shape.")
            finally:
                held.release()
        else:
            print(f"Restored {backups.restore(args.archive, data, args.force)} files into {data}")
    except (OSError, ValueError, FolderInUse, StoreError, ServerRunning, SettingError) as exc:
        print(f"companion {args.command}: {exc}", file=sys.stderr)
        return 1
    return 0


def migrate_redis(url: str | None) -> str:
    """`companion migrate` for an app configured with Redis (`--redis`, else COMPANION_REDIS_URL):
    what it says once the records under COMPANION_REDIS_PREFIX are converted."""
    from redis import RedisError

    from .migrate import migrate_redis as convert
    from .settings import defaults, redis_url, variable
    from .store import StoreError
    from .store.redis_store import RedisStore

    url = redis_url(url, "--redis") if url else redis_url(os.environ["COMPANION_REDIS_URL"], variable("REDIS_URL"))
    prefix = os.environ.get(variable("REDIS_PREFIX")) or defaults()["REDIS_PREFIX"]
    store = RedisStore(url, prefix)  # a Redis that cannot be reached: a sentence (StoreError)
    try:
        notes = convert(store.redis, prefix)
    except RedisError as exc:
        raise StoreError(f"Redis stopped answering while converting ({exc}): run companion migrate again.") from exc
    finally:
        store.redis.close()
    return "\n".join(notes) or f"The tables and nights in Redis (keys '{prefix}:…') are in this release's shape."


def serve_app(options) -> int:
    """Run the app: on gevent's own server in this process (gevent_server.py), or under gunicorn
    with `--workers N` (worker.py, the Procfile's worker; several only when the app's data,
    pushes and limits are in Redis). The data folder is this server's alone (owner.py) from
    before the store opens it."""
    from .private_files import make_folder
    from .server.loop import settle
    from .server.owner import FolderInUse, claim
    from .welcome import phone_address

    data = options.data
    was = "new, empty" if not data.exists() else ("empty" if data.is_dir() and not any(data.iterdir()) else "")
    urls = phone_urls(options.host, options.port, "https" if options.certfile else "http")
    ownership = None
    if not options.redis:  # with Redis the tables are not in the folder, and processes share them
        try:
            make_folder(data)
            ownership = claim(data)
        except FolderInUse as exc:
            print(f"companion serve: {exc}", file=sys.stderr)
            return 1
        except OSError as exc:
            print(f"companion serve: cannot use the data folder {data}: {exc}", file=sys.stderr)
            return 1
        ownership.name(phone_address(urls) or urls[0])
    from . import create_app
    from .settings import SettingError
    from .store import StoreError
    from .welcome import welcome

    try:
        app = create_app()
    except (StoreError, SettingError) as exc:  # Redis cannot be reached, say: a sentence, not a traceback
        print(f"companion serve: {exc}", file=sys.stderr)
        return 1
    if options.certfile:  # served over HTTPS only: the session cookie never travels in clear
        app.config["SESSION_COOKIE_SECURE"] = True
    if options.redis:  # Redis's address without its password, if the URL carries one
        where = f"Tables in Redis at {urlsplit(options.redis).hostname}:{urlsplit(options.redis).port or 6379}"
    else:
        where = f"Data folder: {data}" + (f" ({was})" if was else "")
    if options.workers > 1:
        try:
            from .server import worker
        except ImportError:  # gunicorn is not installed where it cannot run (Windows)
            print("companion serve: several workers need gunicorn, which does not run on this system; "
                  "run one (--workers 1)", file=sys.stderr)
            return 1
        settle()
        welcome(urls, where, sys.stdout)
        worker.serve(app, options.host, options.port, options.workers, options.certfile, options.keyfile)
        return 0
    from .server import gevent_server

    try:
        server = gevent_server.listen(app, options.host, options.port, options.certfile, options.keyfile)
    except OSError as exc:  # the port taken, a certificate unreadable (ssl.SSLError too)
        print(f"companion serve: cannot serve on {options.host}:{options.port}: {exc}", file=sys.stderr)
        return 1
    if options.max_phones and server.phones < options.max_phones:  # a cap lowered is said, never silent
        where += (f"\nLive pages: {server.phones} at most, not {options.max_phones}: the system's open-file limit "
                  "allows no more (raise it, e.g. ulimit -n, and start again).")
    welcome(urls, where, sys.stdout)
    gevent_server.serve(server)
    return 0


def phone_urls(host: str, port: int, scheme: str = "http") -> list[str]:
    """The addresses phones on the same network can open (no traffic is sent to find them)."""
    if host not in ("0.0.0.0", "::", ""):
        return [f"{scheme}://{host}:{port}/"]
    # Imported here: the web package makes the app's locks when imported, which `serve_app` lets
    # happen only after gevent patched the standard library.
    from .server import network

    # The same lookup as the QR codes' (the default route first), so the terminal and the codes
    # name one address; this machine's own loopback last, for a browser on the laptop itself.
    addresses = [*network.lan_addresses(), "127.0.0.1"]
    public = os.environ.get("COMPANION_PUBLIC_URL")
    urls = [public.rstrip("/") + "/"] if public else []
    return urls + [f"{scheme}://{a}:{port}/" for a in addresses]


if __name__ == "__main__":
    raise SystemExit(main())
