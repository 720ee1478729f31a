"""Running the app: the event loop and the limits every serving process keeps (loop.py), what
each server does with the app before serving (ready.py) and the garbage-collection policy it
installs (heap.py); gevent's own server for one process (gevent_server.py, `companion serve`) and
gunicorn's worker for the Procfile and several processes (worker.py, its hooks gunicorn_conf.py).
Nothing below imports this package."""
