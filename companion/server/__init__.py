"""Running the app: the event loop and the bounds every serving process keeps (loop.py), what a
request's head may be (framing.py), what each server does with the app before serving (ready.py),
the one server a data folder has (owner.py) and `companion serve`'s checked settings
(options.py); gevent's own server for one process (gevent_server.py, `companion serve`) and
gunicorn's worker for the Procfile and several processes (worker.py, its hooks gunicorn_conf.py).
Nothing below imports this package."""
