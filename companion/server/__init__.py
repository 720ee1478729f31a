"""Running the app under gunicorn: the worker (worker.py), its hooks (gunicorn_conf.py) and the
garbage-collection policy they install (heap.py). Nothing below imports this package."""
