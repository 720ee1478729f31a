"""The settings come through Flask's `from_prefixed_env("COMPANION")`, every
documented COMPANION_* name unchanged, each landing in app.config with its own type although
Flask reads values as JSON ("0" a number, "123" a number, "true" a boolean)."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from flask import Config

from companion import ROOT, create_app, settings

# What each documented variable lands as: (the variable's value, config key, the value there).
FROM_THE_ENVIRONMENT = {
    "COMPANION_DATA": ("/srv/kyoto/companion-data", "DATA_DIR", "/srv/kyoto/companion-data"),
    "COMPANION_REDIS_URL": ("redis://db.example:6379/0", "REDIS_URL", "redis://db.example:6379/0"),
    "COMPANION_REDIS_PREFIX": ("0123", "REDIS_PREFIX", "0123"),  # JSON would refuse it; "123" below
    "COMPANION_PUBLIC_URL": ("https://kyoto.example.org", "PUBLIC_URL", "https://kyoto.example.org"),
    "COMPANION_CREATE_LIMIT": ("60 per 10 minutes", "CREATE_LIMIT", "60 per 10 minutes"),
    "COMPANION_TABLES_LIMIT": ("5/minute", "TABLES_LIMIT", "5/minute"),
    "COMPANION_REFUSED_LIMIT": ("1 per second", "REFUSED_LIMIT", "1 per second"),
    "COMPANION_TRUSTED_PROXIES": ("1", "TRUSTED_PROXIES", 1),
    "COMPANION_RATELIMIT_STORAGE": ("redis://localhost:6379", "RATELIMIT_STORAGE_URI", "redis://localhost:6379"),
    "COMPANION_ACTION_LIMIT": ("0", "ACTION_LIMIT", 0),
    "COMPANION_MAX_PHONES": ("4", "MAX_PHONES", 4),
}
# Read by `companion serve` itself (the command line), not by the app.
SERVE_ONLY = {"COMPANION_CERTFILE", "COMPANION_KEYFILE", "COMPANION_WORKERS"}


@pytest.fixture
def environ(monkeypatch):
    """The environment without any COMPANION_* variable; set one with `environ(name, value)`."""
    for name in [n for n in os.environ if n.startswith("COMPANION_")]:
        monkeypatch.delenv(name)
    return lambda name, value: monkeypatch.setenv(name, value)


def loaded() -> Config:
    config = Config(".")
    settings.load(config)
    return config


def test_every_documented_variable_is_read_and_lands_with_its_type(environ):
    for name, (value, _, _) in FROM_THE_ENVIRONMENT.items():
        environ(name, value)
    config = loaded()
    for name, (_, key, expected) in FROM_THE_ENVIRONMENT.items():
        assert config[key] == expected and type(config[key]) is type(expected), name
    assert "DATA" not in config and "RATELIMIT_STORAGE" not in config


def test_unset_variables_leave_the_documented_defaults(environ, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "user-data"))  # where Linux keeps a user's data
    config = loaded()
    assert config["DATA_DIR"] == settings.default_data_dir()
    assert Path(config["DATA_DIR"]).parts[-2:] == ("user-data", "kyoto-companion") or os.name != "posix"
    assert (config["ACTION_LIMIT"], config["TRUSTED_PROXIES"], config["MAX_PHONES"]) == (120, 0, None)
    assert (config["CREATE_LIMIT"], config["TABLES_LIMIT"], config["REFUSED_LIMIT"]) == (
        "60 per 10 minutes", "300 per 10 minutes", "60 per 10 seconds")
    assert (config["REDIS_URL"], config["REDIS_PREFIX"], config["PUBLIC_URL"], config["RATELIMIT_STORAGE_URI"]) == (
        "", "companion", "", "memory://")


@pytest.mark.parametrize("value", ["123", "true", "null", "1e3", '"quoted"'])
def test_text_that_json_would_read_as_something_else_stays_as_written(environ, value):
    environ("COMPANION_REDIS_PREFIX", value)
    environ("COMPANION_DATA", value)
    config = loaded()
    assert config["REDIS_PREFIX"] == value and config["DATA_DIR"] == value


@pytest.mark.parametrize(("name", "value"), [("COMPANION_CREATE_LIMIT", "60 per ten minutes"),
                                           ("COMPANION_REFUSED_LIMIT", "sixty per 10 seconds"),
                                           ("COMPANION_TABLES_LIMIT", ""), ("COMPANION_REDIS_URL", "notaurl"),
                                           ("COMPANION_RATELIMIT_STORAGE", "nowhere")])
def test_a_setting_the_app_cannot_read_is_refused_by_name_never_dropped(environ, name, value):
    environ(name, value)
    with pytest.raises(settings.SettingError, match=f"{name} is '{value}': it takes "):
        loaded()


def test_a_limit_given_to_the_app_directly_is_held_to_the_same_form(environ, tmp_path):
    with pytest.raises(settings.SettingError, match="COMPANION_CREATE_LIMIT"):
        create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "d"), "CREATE_LIMIT": "60 per ten minutes"})


@pytest.mark.parametrize("value", ["lots", "1.5", "true", "-1", "[1]"])
def test_a_number_setting_given_anything_else_is_refused_by_name(environ, value):
    environ("COMPANION_ACTION_LIMIT", value)
    with pytest.raises(settings.SettingError, match="COMPANION_ACTION_LIMIT"):
        loaded()


def test_max_phones_zero_means_the_servers_default(environ):
    environ("COMPANION_MAX_PHONES", "0")
    assert loaded()["MAX_PHONES"] is None


def test_any_flask_setting_can_be_given_the_same_way(environ):
    environ("COMPANION_SESSION_COOKIE_NAME", "kyoto")
    environ("COMPANION_MAX_CONTENT_LENGTH", "1024")
    config = loaded()
    assert config["SESSION_COOKIE_NAME"] == "kyoto" and config["MAX_CONTENT_LENGTH"] == 1024


def test_the_app_made_from_the_environment_uses_what_it_says(environ, tmp_path):
    environ("COMPANION_DATA", str(tmp_path / "d"))
    environ("COMPANION_ACTION_LIMIT", "0")
    environ("COMPANION_MAX_PHONES", "4")
    environ("COMPANION_PUBLIC_URL", "https://kyoto.example.org")
    environ("COMPANION_TRUSTED_PROXIES", "1")
    app = create_app({"TESTING": True})
    assert (tmp_path / "d" / "secret_key").exists()
    assert app.extensions["companion.phones"].cap == 4
    assert app.config["SESSION_COOKIE_SECURE"] is True  # an https:// public address marks cookies Secure
    assert app.config["ACTION_LIMIT"] == 0 and app.config["TRUSTED_PROXIES"] == 1


def test_the_readme_documents_exactly_the_variables_read():
    section = (ROOT / "README.md").read_text().split("## Configuration", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"`(COMPANION_[A-Z_]+)`", section))
    assert documented == set(FROM_THE_ENVIRONMENT) | SERVE_ONLY
