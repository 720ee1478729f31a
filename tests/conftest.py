"""Shared fixtures: an app on a temporary data folder, its test client, and API helpers."""
from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from companion import create_app

CSRF = "test-csrf-token"


class PhoneClient(FlaskClient):
    """A test client that sends its session's CSRF token with every form post, as the pages do."""

    def post(self, *args, **kwargs):
        data = kwargs.get("data")
        if isinstance(data, dict):
            with self.session_transaction() as sess:
                sess.setdefault("csrf", CSRF)
                token = sess["csrf"]
            kwargs["data"] = {**data, "_csrf": token}
        return super().post(*args, **kwargs)


@pytest.fixture
def app(tmp_path):
    # Tests replay whole games and create hundreds of tables in milliseconds: the action and
    # creation limits (tested on their own) are off or far away here.
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "data"), "ACTION_LIMIT": 0, "CREATE_LIMIT": "100000 per minute", "TABLES_LIMIT": "100000 per minute",
                      "EVENT_IMPORT_LIMIT": "100000 per minute"})
    app.test_client_class = PhoneClient
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


class Api:
    """A thin JSON API client over the Flask test client, as another program would use it."""

    def __init__(self, client):
        self.client = client

    def create(self, game="gangs", players=("Ann", "Bob", "Cy"), **body):
        body.setdefault("options", {"first_player": 0})
        resp = self.client.post("/api/tables", json={"game": game, "players": list(players), **body})
        assert resp.status_code == 201, resp.json
        return resp.json

    def act(self, table, action, token=None, status=200):
        token = token or table["token"]
        resp = self.client.post(
            f"/api/tables/{table['id']}/actions", json=action, headers={"Authorization": f"Bearer {token}"}
        )
        assert resp.status_code == status, resp.json
        return resp.json

    def get(self, table, token=None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return self.client.get(f"/api/tables/{table['id']}", headers=headers).json


@pytest.fixture
def api(client):
    return Api(client)
